import type { ImportUploadTexts } from './import-upload-sk';

/** English texts of the bank-statement upload form, its refusals and the company's list of imports. */
export const en: ImportUploadTexts = {
  linkFromPayments: 'Import a bank statement',
  linkToImports: 'Imports',
  form: {
    title: 'Import a bank statement',
    intro:
      'Upload a statement downloaded from your bank. The add-on reads the payments you received, pairs them with your unpaid invoices and shows you the result; nothing is sent to KROS until you confirm it on the next page.',
    formats:
      'Formats: camt.053 (XML, versions .001.02 to .001.08; what most Slovak banks export), MT940 (.sta, .txt) and CSV (a table; the first time you confirm which column is which, and the add-on remembers it for that account). At most 20 MB.',
    file: 'Statement file',
    account: 'Account the payments are recorded on',
    ownAccount: 'The statement’s own account (by its IBAN)',
    accountsUnknown:
      'The company’s accounts have not been copied yet: update the company’s data first, or choose the account when it is listed.',
    submit: 'Read the statement',
    keptNot: 'The file is read at once and not kept: only its name and fingerprint are stored with the import.',
    toImports: 'Earlier imports →',
    back: '← Payments',
  },
  csv: {
    title: 'Which column is which?',
    intro:
      'This CSV has no column mapping for the account yet. Check what the add-on guessed from the header, correct it if needed, and choose the file again: the add-on does not keep it between the two steps. The mapping is remembered for the account.',
    change:
      'The columns confirmed for this account are used. To change them, tick “Confirm the columns again” and upload the file.',
    ask: 'Confirm the columns again',
    remembered: 'Remembered columns for this account: confirmed by {who} on {date}.',
    borrowed:
      'The columns are filled in as they were set for account {account} (confirmed by {who} on {date}). Check them.',
    noneForChosen: 'Nothing is set yet for account {chosen}.',
    accountFromColumns:
      'The file does not name its account: account {account} is chosen because its columns match. Check it before you confirm.',
    none: '(none)',
    fields: {
      date: 'Booking date',
      amount: 'Amount (signed: minus is money paid out)',
      credit: 'Amount received',
      debit: 'Amount paid out',
      currency: 'Currency',
      variableSymbol: 'Variable symbol',
      specificSymbol: 'Specific symbol',
      constantSymbol: 'Constant symbol',
      counterpartyName: 'Counterparty’s name',
      counterpartyIban: 'Counterparty’s IBAN',
      message: 'Message for the recipient',
      reference: 'Bank’s reference of the transaction',
      endToEndId: 'End-to-end reference',
    },
    required: 'The booking date and an amount (one signed column, or received and/or paid out) are required.',
    currency: 'Currency when no column says it',
    accountRequired: 'A CSV does not name its account: choose it.',
    submit: 'Confirm the columns and import',
  },
  refused: {
    titles: {
      unread: 'The statement could not be read',
      account: 'Choose the statement’s account',
      otherAccount: 'The statement is of another account',
      columns: 'The columns are not complete',
      noFile: 'No file was chosen',
      tooSlow: 'The upload took too long',
      busy: 'The add-on is busy',
    },
    nothingStored: 'Nothing was stored. Correct the file or the choice and upload it again.',
    back: 'Back to the import form',
    line: 'Line {line}.',
    field: 'Field: {field}.',
    noIban: 'none',
    chooseRight: 'Upload the statement again onto account {account}',
    codes: {
      too_large: 'The file is larger than 20 MB.',
      too_many_lines: 'The statement has more than 50,000 lines. Split it into shorter periods.',
      empty: 'The file is empty.',
      xml_doctype:
        'The XML file declares a document type (DOCTYPE), which a bank statement never does. It was not read.',
      xml_entity: 'The XML file declares entities (ENTITY), which a bank statement never does. It was not read.',
      xml_malformed: 'The XML file is damaged or incomplete (perhaps the download did not finish).',
      not_a_statement:
        'This is not a bank statement the add-on can read. Upload a camt.053 (XML), MT940 or CSV statement.',
      several_accounts: 'The file holds statements of several accounts. Upload one account’s statement at a time.',
      entry_unreadable: 'An entry of the statement lacks its amount, side (credit or debit) or date.',
      mt940_malformed:
        'The MT940 file is damaged: a mandatory part is missing or the lines do not add up to the balances.',
      csv_mapping_required: 'Confirm which column of the CSV is which.',
      csv_missing_column: 'The CSV file has no column the mapping names for this field.',
      csv_row_unreadable: 'A row of the CSV has a date or amount that cannot be read with the mapping.',
      no_file: 'Choose the statement file to upload.',
      too_slow:
        'The file took too long to arrive ({seconds} s at most). Try again on a faster connection, or upload a shorter period.',
      account_required:
        'The add-on could not tell which of the company’s accounts the statement is of. Choose the account.',
      account_unknown: 'The chosen account is not one of the company’s accounts.',
      account_foreign:
        'The statement is of account {statementIban}, which the company does not have in KROS (as its data was last copied). Upload a statement of the company’s account; if the account was added just now, update the company’s data first.',
      account_mismatch:
        'The statement is of account {statementIban}, but the chosen account {account} has IBAN {accountIban}. The payments would be recorded on another account than the one they came to: choose the statement’s account.',
      csv_mapping_incomplete:
        'The columns are not complete: the booking date and an amount (or received and paid out) are required.',
      too_complex:
        'The statement could not be read within the time and memory allowed: the file is too complex for a bank statement. Check that it is a statement downloaded from the bank.',
      busy: 'The add-on is reading other uploaded files right now. Try again in a moment.',
    },
  },
  list: {
    title: 'Imports',
    intro: 'Every upload of the company, newest first.',
    none: 'The company has no imports yet.',
    caption: 'The company’s imports',
    columns: { kind: 'Kind', file: 'File', who: 'Uploaded by', when: 'When', state: 'State', lines: 'Lines' },
    kinds: { payments: 'Bank statement', invoices: 'Invoices' },
    open: 'Open',
    newImport: 'Import a bank statement',
    discarded: 'The import “{file}” is discarded with its lines ({lines}). Nothing of it was sent to KROS.',
  },
  discard: {
    open: 'Discard the import',
    confirm:
      'The import is deleted with all its lines ({lines}) and leaves the list of imports. Nothing of it was sent to KROS, so nothing changes there. Discarding cannot be undone.',
    button: 'Yes, discard the import',
    lines: { one: 'line', few: 'lines', many: 'lines', other: 'lines' },
    refusedTitle: 'The import cannot be discarded',
    refused:
      'Some lines of this import were sent to KROS, are waiting to be sent, or are still being confirmed. Such an import is never discarded: it is the only record of what KROS may have. Leave out the lines you do not want to send.',
    back: 'Back to the import',
  },
};
