import type { InvoiceSheetTexts } from './invoice-sheet-sk';

/** English words of an invoice sheet (issue 21). */
export const en: InvoiceSheetTexts = {
  refused: {
    'too-large': 'The file is larger than {limit}.',
    'too-many-rows': 'The file has more than {limit} rows. Split it into smaller ones.',
    unreadable: 'The file cannot be read as a CSV table or an XLSX workbook (save an older XLS as XLSX in Excel).',
    'not-a-sheet':
      'This is not a CSV or XLSX file: its format is {kind}. Upload a table of invoices saved as CSV or XLSX (from the template, for one).',
    binary:
      'This is not a CSV or XLSX file: it is neither text nor an Excel workbook. Upload a table of invoices saved as CSV or XLSX (from the template, for one).',
    'first-sheet':
      'Only the workbook’s first sheet is read (it is “{sheet}”), and it has no invoice columns: move the invoices to the first sheet.',
    'other-sheet':
      'Only the workbook’s first sheet is read (it is “{sheet}”), but the invoices are on the sheet “{found}”: move them to the first sheet (or move the sheet “{found}” to the front).',
    'no-header':
      'The file’s first row names no column the add-on knows. Use the template’s header (documentNumber or Číslo dokladu, for one).',
    empty: 'The file holds no invoice.',
    'missing-columns': 'The file lacks columns no invoice can do without: {columns}.',
    'duplicate-column': 'The column {column} is in the header twice.',
  },
  problems: {
    'missing-value': 'Row {row}, column {column}: the value is missing.',
    'not-a-date': 'Row {row}, column {column}: “{value}” is not a valid date (31. 1. 2026 or 2026-01-31, for one).',
    'not-a-number': 'Row {row}, column {column}: “{value}” is not a number.',
    'vat-rate': 'Row {row}, column {column}: the VAT rate {value} % cannot be used on {day} (valid rates: {rates} %).',
    'exchange-rate': 'Row {row}, column {column}: the exchange rate {value} must be above zero.',
    'exchange-rate-missing':
      'Row {row}, column {column}: an invoice in {value} needs an exchange rate (column exchangeRate, units of the currency per 1 EUR).',
    currency: 'Row {row}, column {column}: “{value}” is not a currency code (EUR, CZK, for one).',
    'registration-id': 'Row {row}, column {column}: the IČO “{value}” must have 8 digits (a Slovak one 6 or 7 too).',
    'tax-id': 'Row {row}, column {column}: the DIČ “{value}” must have 10 digits.',
    'vat-id':
      'Row {row}, column {column}: the IČ DPH “{value}” must be SK and 10 digits, or another EU country’s code and number.',
    email: 'Row {row}, column {column}: “{value}” is not an e-mail address.',
    'numbering-sequence':
      'Row {row}, column {column}: the company has no numbering sequence “{value}” (it has: {known}). An empty column means the default one.',
    'item-amount-zero': 'Row {row}, column {column}: an item’s quantity cannot be zero.',
    'amount-decimals': 'Row {row}, column {column}: the amount {value} has more than two decimal places.',
    'total-mismatch':
      'Row {row}, column {column}: the invoice’s total {value} is not the sum of its items, {expected}.',
    'total-negative': 'Row {row}, column {column}: an invoice cannot have a negative total ({value}).',
    'total-zero': 'Row {row}, column {column}: the invoice’s total is zero ({value}); there is nothing to invoice.',
    'due-before-issue': 'Row {row}, column {column}: the due date {value} is before the issue date {issueDate}.',
    'conflicting-value':
      'Row {row}, column {column}: “{value}” differs from “{firstValue}” in row {firstRow} of the same invoice.',
    'row-group-missing':
      'Row {row}, column {column}: the row has neither a document number nor a row group (rowGroup), so which invoice it belongs to is not clear.',
    'too-long': 'Row {row}, column {column}: the value is longer than {limit} characters.',
    'variable-symbol': 'Row {row}, column {column}: the variable symbol “{value}” may have at most 10 digits.',
    unknown: 'Problem {code}.',
  },
  warnings: {
    'name-with-other-registration-id':
      'The customer “{name}” has different IČOs ({values}; {rows}): KROS makes a partner of each IČO.',
    'person-with-other-email':
      'The person “{name}” without an IČO has different e-mails ({values}; {rows}): KROS makes a partner of each e-mail.',
    known: 'One of them is already the company’s.',
    rows: { one: 'row {rows}', few: 'rows {rows}', many: 'rows {rows}', other: 'rows {rows}' },
  },
  ignoredColumns: 'Columns the add-on does not know and does not read: {columns}.',
  failedRows: { why: 'Why it was not imported' },
  template: {
    sheet: 'Invoices',
    explanationSheet: 'Explanations',
    headers: { column: 'Column', aliases: 'May also be named', sk: 'Význam', en: 'Meaning' },
  },
  columns: {
    documentNumber:
      'The invoice’s number. Rows with the same number (and numbering sequence) are one invoice, each row one item. Empty: KROS numbers it in the sequence.',
    numberingSequence: 'The numbering sequence’s code (OF, for one). Empty: the company’s default sequence.',
    rowGroup:
      'The key of a group of rows when the document number is empty: rows with the same key are one invoice (an e-shop’s order number, for one).',
    issueDate: 'The issue date (31. 1. 2026 or 2026-01-31). Empty: today.',
    dueDate: 'The due date; not before the issue date.',
    deliveryDate: 'The delivery date (of the taxable supply); VAT rates are checked at it.',
    currency: 'The currency (EUR, CZK…). Empty: EUR.',
    exchangeRate: 'The exchange rate: units of the currency per 1 EUR. Required when the currency is not EUR.',
    variableSymbol: 'The variable symbol, at most 10 digits. Empty: KROS derives it from the number.',
    orderNumber: 'The customer’s order number.',
    'partner.businessName': 'The customer’s name or business name. Required.',
    'partner.registrationId': 'IČO: 8 digits (a Slovak one 6 or 7 too, zeros are put in front).',
    'partner.taxId': 'DIČ: 10 digits.',
    'partner.vatId': 'IČ DPH: SK and 10 digits, or another EU country’s code and number.',
    'partner.street': 'Street and number.',
    'partner.city': 'City.',
    'partner.postCode': 'Post code.',
    'partner.country': 'Country (code SK, CZ…). Empty: Slovakia.',
    'partner.email': 'The customer’s e-mail.',
    'item.name': 'The item’s name. Required.',
    'item.itemCode': 'The item’s code in the price list.',
    'item.amount': 'The quantity; not zero.',
    'item.measureUnit': 'The unit (ks, hod…).',
    'item.vatRate':
      'The VAT rate in percent, valid on the delivery date: until 2022 20, 10 or 0, in 2023 and 2024 20, 10, 5 or 0, from 2025 23, 19, 5 or 0.',
    'item.totalPriceInclVat': 'The item’s price including VAT (for the whole quantity), at most two decimal places.',
    total: 'The invoice’s total including VAT, as a check (optional): it must equal the sum of its items.',
  },
};
