import type { StockTexts } from './stock-sk';

/** English texts of the stock page and its minimums. */
export const en: StockTexts = {
  tab: 'Stock',
  title: 'Stock',
  intro:
    'The company’s catalog items from KROS with their quantity on hand in each warehouse and in all. Minimum quantities are set here in the add-on: KROS has none.',
  items: { one: 'item', few: 'items', many: 'items', other: 'items' },
  mirror: {
    label: 'How fresh the stock is',
    preparing: 'Preparing the copy of the company’s catalog items: {count} read so far.',
    preparingNote:
      'The stock is shown once every item is copied. KROS neither searches nor sorts catalog items, so the add-on reads them from its own copy.',
    ready: 'The catalog items are copied.',
    paused: 'The copy of the catalog items is paused: the company has no API package activated.',
    off: 'The stock is shown from the add-on’s copy of the company’s data, which is turned off on this server.',
    refusedTitle: 'KROS does not give the add-on this company’s catalog items',
    refused: {
      'not-found':
        'It answered “not found” to the list of catalog items: the company probably does not use stock. The add-on asks again with every update.',
      forbidden:
        'It answered “forbidden” to the list of catalog items: the add-on’s connection or the company has no access to stock. The add-on asks again with every update.',
    },
  },
  search: {
    placeholder: 'Code, name or EAN…',
  },
  filters: {
    legend: 'Filters',
    warehouse: 'Warehouse',
    allWarehouses: 'All warehouses together',
    below: 'Only items under their minimum',
    apply: 'Apply',
    clear: 'Clear filters',
    invalid: 'Please check: {fields}.',
    fields: {
      q: 'Search',
      warehouse: 'Warehouse',
      below: 'Under minimum',
      Top: 'Page size',
      Skip: 'Page',
    },
    unknownWarehouse: 'The company has no warehouse “{warehouse}”.',
  },
  totals: {
    label: 'Totals of this view',
    below: 'under their minimum: {count}',
    showBelow: 'Show only items under their minimum',
    showAll: 'Show every item',
  },
  export: {
    hint: 'Every item matching the filters and the search, in the list’s order.',
    fileName: 'stock',
    back: 'Back to the stock',
    sheet: 'Stock',
    columns: {
      itemCode: 'Code',
      name: 'Name',
      ean: 'EAN',
      unit: 'Unit',
      quantity: 'Quantity in all',
      quantityIn: 'Quantity: {warehouse}',
      minimum: 'Minimum',
      minimumIn: 'Minimum: {warehouse}',
      otherMinimums: 'Minimums in warehouses',
      below: 'Under minimum',
    },
    yes: 'yes',
    total: 'Total: {count}',
  },
  table: {
    caption: 'Catalog items',
    itemCode: 'Code',
    name: 'Name',
    quantity: 'In all',
    quantityIn: 'In {warehouse}',
    unit: 'Unit',
    minimum: 'Minimum',
    ean: 'EAN {ean}',
    noName: 'no name',
    belowMark: 'Under minimum',
    belowMarkTitle: 'The quantity is under the minimum set',
  },
  minimum: {
    allWarehouses: 'All warehouses',
    entry: '{warehouse}: {minimum}',
    entryBelow: '{warehouse}: {minimum} (under it)',
    none: 'No minimum',
    remove: 'Remove',
    removeLabel: 'Remove the minimum of item {item} ({warehouse})',
    set: 'Set a minimum',
    setLabel: 'Set a minimum of item {item}',
    warehouse: 'Warehouse',
    value: 'Minimum',
    hint: 'A number from 0, with at most 4 decimals. An empty field removes the minimum.',
    save: 'Save',
    saved: 'The minimum of item {item} ({warehouse}) is saved.',
    removed: 'The minimum of item {item} ({warehouse}) is removed.',
    errors: {
      'item-missing': 'The minimum was not saved: no item was named.',
      'minimum-invalid':
        'The minimum was not saved: enter a number from 0 with at most 4 decimals (for example 12 or 2.5), or leave the field empty.',
      'item-unknown': 'The minimum was not saved: the company has no item “{item}” in KROS.',
      'warehouse-unknown': 'The minimum was not saved: the company has no warehouse “{warehouse}” in KROS.',
    },
  },
  empty: {
    none: 'The company has no catalog items yet.',
    match: 'No item matches these filters.',
    below: 'No item is under its minimum.',
  },
  overview: {
    title: 'Items under their minimum',
    count: 'Items under their minimum: {count}',
    none: 'No item is under its minimum.',
    link: 'Show them in the stock',
  },
};
