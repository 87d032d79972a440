import type { Widened } from './documents-sk';

/**
 * Slovak words of an invoice sheet (issue 21): why a file is refused, what is wrong with a row, partners that look
 * like duplicates, the failed rows' last column and the template's explanation of each column.
 */
export const sk = {
  refused: {
    'too-large': 'Súbor je väčší ako {limit}.',
    'too-many-rows': 'Súbor má viac ako {limit} riadkov. Rozdeľte ho na menšie.',
    unreadable: 'Súbor sa nedá prečítať ako tabuľka CSV ani zošit XLSX (staršie XLS uložte v Exceli ako XLSX).',
    'not-a-sheet':
      'Toto nie je súbor CSV ani XLSX: je to súbor {kind}. Nahrajte tabuľku faktúr uloženú ako CSV alebo XLSX (napr. podľa šablóny).',
    binary:
      'Toto nie je súbor CSV ani XLSX: nie je to text ani zošit Excelu. Nahrajte tabuľku faktúr uloženú ako CSV alebo XLSX (napr. podľa šablóny).',
    'first-sheet':
      'Číta sa len prvý hárok zošita (je to „{sheet}“) a nie sú na ňom stĺpce faktúr: presuňte faktúry na prvý hárok.',
    'other-sheet':
      'Číta sa len prvý hárok zošita (je to „{sheet}“), faktúry sú však na hárku „{found}“: presuňte ich na prvý hárok (alebo presuňte hárok „{found}“ na prvé miesto).',
    'no-header':
      'Prvý riadok súboru nepomenúva žiadny známy stĺpec. Použite hlavičku zo vzoru (napr. documentNumber alebo Číslo dokladu).',
    empty: 'Súbor neobsahuje žiadnu faktúru.',
    'missing-columns': 'V súbore chýbajú stĺpce, bez ktorých faktúra nevznikne: {columns}.',
    'duplicate-column': 'Stĺpec {column} je v hlavičke dvakrát.',
  },
  problems: {
    'missing-value': 'Riadok {row}, stĺpec {column}: chýba hodnota.',
    'not-a-date': 'Riadok {row}, stĺpec {column}: „{value}“ nie je platný dátum (napr. 31. 1. 2026 alebo 2026-01-31).',
    'not-a-number': 'Riadok {row}, stĺpec {column}: „{value}“ nie je číslo.',
    'vat-rate':
      'Riadok {row}, stĺpec {column}: sadzba DPH {value} % sa ku dňu {day} nedá použiť (platné sadzby: {rates} %).',
    'exchange-rate': 'Riadok {row}, stĺpec {column}: kurz {value} musí byť väčší ako nula.',
    'exchange-rate-missing':
      'Riadok {row}, stĺpec {column}: faktúra v mene {value} potrebuje kurz (stĺpec exchangeRate, počet jednotiek meny za 1 EUR).',
    currency: 'Riadok {row}, stĺpec {column}: „{value}“ nie je kód meny (napr. EUR, CZK).',
    'registration-id': 'Riadok {row}, stĺpec {column}: IČO „{value}“ musí mať 8 číslic (slovenské aj 6 alebo 7).',
    'tax-id': 'Riadok {row}, stĺpec {column}: DIČ „{value}“ musí mať 10 číslic.',
    'vat-id':
      'Riadok {row}, stĺpec {column}: IČ DPH „{value}“ musí byť SK a 10 číslic, alebo kód inej krajiny EÚ a číslo.',
    email: 'Riadok {row}, stĺpec {column}: „{value}“ nie je e-mailová adresa.',
    'numbering-sequence':
      'Riadok {row}, stĺpec {column}: firma nemá číselný rad „{value}“ (má: {known}). Prázdny stĺpec znamená predvolený rad.',
    'item-amount-zero': 'Riadok {row}, stĺpec {column}: množstvo položky nesmie byť nula.',
    'amount-decimals': 'Riadok {row}, stĺpec {column}: suma {value} má viac ako dve desatinné miesta.',
    'total-mismatch': 'Riadok {row}, stĺpec {column}: suma faktúry {value} nesedí so súčtom položiek {expected}.',
    'total-negative': 'Riadok {row}, stĺpec {column}: faktúra nesmie mať zápornú sumu ({value}).',
    'total-zero': 'Riadok {row}, stĺpec {column}: faktúra má nulovú sumu ({value}); nie je čo fakturovať.',
    'due-before-issue':
      'Riadok {row}, stĺpec {column}: dátum splatnosti {value} je pred dátumom vystavenia {issueDate}.',
    'conflicting-value':
      'Riadok {row}, stĺpec {column}: „{value}“ sa líši od „{firstValue}“ v riadku {firstRow} tej istej faktúry.',
    'row-group-missing':
      'Riadok {row}, stĺpec {column}: riadok nemá číslo dokladu ani skupinu riadkov (rowGroup), takže nie je jasné, ku ktorej faktúre patrí.',
    'too-long': 'Riadok {row}, stĺpec {column}: hodnota je dlhšia ako {limit} znakov.',
    'variable-symbol': 'Riadok {row}, stĺpec {column}: variabilný symbol „{value}“ môže mať najviac 10 číslic.',
    unknown: 'Problém {code}.',
  },
  warnings: {
    'name-with-other-registration-id':
      'Odberateľ „{name}“ má rôzne IČO ({values}; {rows}): Fakturácia z každého IČO vytvorí samostatného partnera.',
    'person-with-other-email':
      'Osoba „{name}“ bez IČO má rôzne e-maily ({values}; {rows}): Fakturácia z každého e-mailu vytvorí samostatného partnera.',
    known: 'Jeden z nich už vo firme je.',
    /** The rows of the invoices that make the new partner, by their count's plural form (1 riadok, 2–4 riadky, 5+ riadkov). */
    rows: { one: 'riadok {rows}', few: 'riadky {rows}', many: 'riadku {rows}', other: '{count} riadkov: {rows}' },
  },
  ignoredColumns: 'Stĺpce, ktoré doplnok nepozná a nečíta: {columns}.',
  failedRows: { why: 'Prečo sa neimportovalo' },
  template: {
    sheet: 'Faktúry',
    explanationSheet: 'Vysvetlivky',
    headers: { column: 'Stĺpec', aliases: 'Dá sa nazvať aj', sk: 'Význam', en: 'Meaning' },
  },
  columns: {
    documentNumber:
      'Číslo faktúry. Riadky s rovnakým číslom (a číselným radom) sú jedna faktúra, každý riadok jedna položka. Prázdne: číslo pridelí Fakturácia z číselného radu.',
    numberingSequence: 'Kód číselného radu (napr. OF). Prázdne: predvolený rad firmy.',
    rowGroup:
      'Kľúč skupiny riadkov, keď je číslo dokladu prázdne: riadky s rovnakým kľúčom sú jedna faktúra (napr. číslo objednávky z e-shopu).',
    issueDate: 'Dátum vystavenia (31. 1. 2026 alebo 2026-01-31). Prázdne: dnes.',
    dueDate: 'Dátum splatnosti; nesmie byť pred dátumom vystavenia.',
    deliveryDate: 'Dátum dodania (zdaniteľného plnenia); podľa neho sa overujú sadzby DPH.',
    currency: 'Mena (EUR, CZK…). Prázdne: EUR.',
    exchangeRate: 'Kurz: koľko jednotiek meny stojí 1 EUR. Povinný, ak mena nie je EUR.',
    variableSymbol: 'Variabilný symbol, najviac 10 číslic. Prázdne: odvodí ho Fakturácia z čísla.',
    orderNumber: 'Číslo objednávky odberateľa.',
    'partner.businessName': 'Meno alebo obchodné meno odberateľa. Povinné.',
    'partner.registrationId': 'IČO: 8 číslic (slovenské aj 6 alebo 7, doplnia sa nuly spredu).',
    'partner.taxId': 'DIČ: 10 číslic.',
    'partner.vatId': 'IČ DPH: SK a 10 číslic, alebo kód inej krajiny EÚ a číslo.',
    'partner.street': 'Ulica a číslo.',
    'partner.city': 'Mesto.',
    'partner.postCode': 'PSČ.',
    'partner.country': 'Krajina (kód SK, CZ…). Prázdne: Slovensko.',
    'partner.email': 'E-mail odberateľa.',
    'item.name': 'Názov položky. Povinné.',
    'item.itemCode': 'Kód položky z cenníka.',
    'item.amount': 'Množstvo; nesmie byť nula.',
    'item.measureUnit': 'Merná jednotka (ks, hod…).',
    'item.vatRate':
      'Sadzba DPH v percentách, platná k dátumu dodania: do roku 2022 20, 10 alebo 0, v rokoch 2023 a 2024 20, 10, 5 alebo 0, od roku 2025 23, 19, 5 alebo 0.',
    'item.totalPriceInclVat': 'Cena položky spolu s DPH (za celé množstvo), najviac dve desatinné miesta.',
    total: 'Suma faktúry s DPH, na kontrolu (nepovinné): musí sa rovnať súčtu položiek.',
  },
};

export type InvoiceSheetTexts = Widened<typeof sk>;
