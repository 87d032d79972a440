import type { InvoiceImportTexts } from './invoice-import-sk';

/** English texts of the invoice import: its form, the refused upload, the import's page and its outcomes. */
export const en: InvoiceImportTexts = {
  linkFromInvoices: 'Import invoices from a spreadsheet',
  form: {
    title: 'Import invoices from a spreadsheet',
    intro:
      'Upload a table of invoices (CSV or XLSX) made from the template: one row is one item, rows with the same document number form one invoice. The add-on reads the file, checks every row and shows you what it will create; nothing is sent to KROS until you confirm it on the next page.',
    formats:
      'Formats: CSV (separator and encoding are detected, Windows-1250 from Excel too; decimal comma or point) and XLSX. At most 10 MB or 20,000 rows.',
    file: 'Invoices file',
    submit: 'Read the invoices',
    keptNot: 'The file is read at once and not kept: only its name and fingerprint are stored with the import.',
    templates: 'Template',
    templateCsv: 'CSV template',
    templateXlsx: 'XLSX template (with the columns explained)',
    templateHint:
      'The headers are KROS’s field names (documentNumber, partner.businessName, item.name, …); Slovak column names are accepted too. An empty document number lets the numbering sequence number the invoice; the rows of one invoice are then joined by the rowGroup column.',
    toImports: 'Earlier imports →',
    back: '← Invoices',
  },
  refused: {
    titles: {
      unread: 'The invoices file could not be read',
      noFile: 'No file was chosen',
      tooSlow: 'The upload took too long',
      busy: 'The add-on is busy',
    },
    nothingStored: 'Nothing was stored. Correct the file and upload it again.',
    back: 'Back to the import form',
    noFile: 'Choose the invoices file (CSV or XLSX) to upload.',
    tooSlow: 'The file took too long to arrive ({seconds} s at most). Try again on a faster connection.',
    tooComplex:
      'The file could not be read within the time and memory allowed: it is too complex for a table of invoices. Save it again from Excel or from the template.',
    busy: 'The add-on is reading other uploaded files right now. Try again in a moment.',
  },
  pageTitle: 'Invoice import',
  title: 'Invoice import {file}',
  back: 'Back to invoices',
  importsList: 'All imports',
  header: {
    file: 'File',
    by: 'Uploaded by',
    at: 'Uploaded',
    state: 'Import’s state',
  },
  importStates: {
    draft: 'Prepared, nothing sent yet',
    sending: 'Being sent to KROS',
    done: 'Created in KROS',
    problems: 'With problems',
  },
  summary: {
    label: 'Summary',
    toSend: 'To be sent',
    sumNone: 'Nothing to send.',
    exists: 'Already at KROS (overwritten only when you confirm it): {count}',
  },
  states: {
    ready: 'Ready',
    unmatched: 'Waiting',
    invalid: 'Invalid',
    excluded: 'Excluded',
    duplicate: 'Duplicate',
    'probably-recorded': 'Probably already recorded',
    queued: 'Waiting to be sent',
    sent: 'Sent, awaiting confirmation',
    done: 'Created',
    problem: 'Problem',
  },
  stateHints: {
    ready: 'Will be created in KROS.',
    unmatched: 'Waiting.',
    invalid: 'Cannot be sent as it is: correct the file’s rows and import them again.',
    excluded: 'Will not be sent.',
    duplicate: 'Already sent by another import of this company; it is never sent twice.',
    'probably-recorded': 'Probably already recorded in this company; sent only once you confirm it.',
    queued: 'Waiting in the queue to be sent.',
    sent: 'KROS accepted it; the add-on is checking that it was created.',
    done: 'KROS created it.',
    problem: 'KROS did not create it.',
  },
  columns: {
    invoice: 'Invoice',
    partner: 'Customer',
    items: 'Items',
    totals: 'Totals',
    state: 'State',
  },
  caption: 'The file’s invoices',
  numbered: 'Numbered by the sequence {sequence}',
  numberedDefault: 'Numbered by the default sequence',
  sequence: 'Numbering sequence {sequence}',
  issued: 'Issued {date}',
  due: 'Due {date}',
  rows: 'File rows: {rows}',
  partner: {
    registrationId: 'Reg. no. (IČO) {value}',
    taxId: 'Tax no. (DIČ) {value}',
    vatId: 'VAT no. (IČ DPH) {value}',
    none: 'No customer',
  },
  item: '{amount} {unit} × {name}',
  itemVat: 'VAT {rate} %',
  totals: {
    rate: 'VAT {rate} %',
    base: 'base {amount}',
    vat: 'VAT {amount}',
    total: 'Total incl. VAT',
  },
  exists: {
    warning: 'Already exists at KROS — will be overwritten',
    hint: 'An invoice with this number in this numbering sequence is already at KROS. Sending it makes KROS overwrite it; it is sent only when you confirm the overwriting.',
    link: 'The existing invoice',
  },
  created: 'Created invoice {number}',
  createdLink: 'Open invoice {number}',
  partnerWarnings: 'About the customers',
  failed: {
    link: 'Download the failed rows (failed.csv)',
    hint: 'The rows of the invalid and refused invoices as they were read, with a last column saying why: correct them and import them again.',
  },
  problems: {
    'already-sent': 'The same invoice was already sent by another import of this company (line {line}).',
    'repeated-in-file': 'The same invoice appears earlier in the file (invoice {line}).',
    service: 'KROS: {text}',
    'refused-by-service': 'KROS refused the batch without saying why.',
    'refused-with-batch': 'KROS refused the batch this invoice was in; it created none of it.',
    'invalid-payload': 'The invoice does not have the shape KROS accepts (fields: {fields}).',
    unknown: 'Problem: {code}',
  },
  stop: {
    title: 'Sending stopped',
    disconnected:
      'The connection to KROS is not active: the add-on’s access to the company was revoked or renewed. Connect the company again on its overview, then send the invoices again.',
    'payment-required':
      'The company has no API package. The company’s administrator can activate it in the subscription settings of KROS; then send the invoices again.',
    forbidden:
      'KROS does not allow the add-on to create invoices: your user lacks the permission. The company’s administrator sets permissions.',
    waiting: 'Invoices waiting to be sent: {count}. None of them was created.',
    again: 'Send again',
  },
  progress: {
    sending: 'Sending: {done} of {total} created. The page refreshes itself.',
    unconfirmed:
      'KROS accepted the invoices; the add-on is checking that they were created ({count}). If the answer takes long it checks again; no invoice is ever sent twice.',
    refresh: 'Refresh',
  },
  actions: {
    send: {
      one: 'Send {count} invoice to KROS',
      few: 'Send {count} invoices to KROS',
      many: 'Send {count} invoices to KROS',
      other: 'Send {count} invoices to KROS',
    },
    sendHint: 'The invoices that are Ready are sent, 100 in a batch.',
    overwrite: 'Overwrite the invoices that already exist at KROS too ({count})',
    overwriteHint: 'Without this confirmation those invoices are not sent.',
  },
  outcomes: {
    queued: 'The invoices are being sent to KROS.',
    unchanged: 'Nothing was sent: the invoices changed meanwhile or were already sent.',
    'overwrite-needed':
      'The invoices that already exist at KROS ({count}) were not sent: to overwrite them, tick the overwrite confirmation and send them again.',
  },
  empty: 'The file has no invoice.',
  template: {
    fileCsv: 'invoice-template.csv',
    fileXlsx: 'invoice-template.xlsx',
    failedFile: 'failed-rows.csv',
  },
};
