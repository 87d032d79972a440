import type { Widened } from './documents-sk';

/** Slovak texts of the bank-statement upload form, its refusals and the company's list of imports. */
export const sk = {
  linkFromPayments: 'Importovať bankový výpis',
  linkToImports: 'Importy',
  form: {
    title: 'Import bankového výpisu',
    intro:
      'Nahrajte výpis stiahnutý z banky. Doplnok prečíta prijaté platby, spáruje ich s vašimi neuhradenými faktúrami a ukáže vám výsledok; do Fakturácie sa nič neodošle, kým to na ďalšej stránke nepotvrdíte.',
    formats:
      'Formáty: camt.053 (XML, verzie .001.02 až .001.08; exportuje ho väčšina slovenských bánk), MT940 (.sta, .txt) a CSV (tabuľka; prvýkrát potvrdíte, ktorý stĺpec je čo, a doplnok si to pre daný účet zapamätá). Najviac 20 MB.',
    file: 'Súbor výpisu',
    account: 'Účet, na ktorý sa platby zaznamenajú',
    ownAccount: 'Vlastný účet výpisu (podľa IBAN)',
    accountsUnknown:
      'Účty firmy ešte nie sú skopírované: najprv aktualizujte údaje firmy alebo vyberte účet, keď bude v zozname.',
    submit: 'Načítať výpis',
    keptNot: 'Súbor sa prečíta hneď a neuchováva sa: s importom sa uloží len jeho názov a odtlačok.',
    toImports: 'Predchádzajúce importy →',
    back: '← Platby',
  },
  csv: {
    title: 'Ktorý stĺpec je čo?',
    intro:
      'Pre tento účet ešte nie je určené, ako čítať CSV. Skontrolujte, čo doplnok odhadol z hlavičky, prípadne to opravte a vyberte súbor znova: doplnok ho medzi týmito dvoma krokmi neuchováva. Priradenie stĺpcov si pre účet zapamätá.',
    change:
      'Použijú sa stĺpce potvrdené pre tento účet. Ak ich chcete zmeniť, zaškrtnite „Potvrdiť stĺpce znova“ a nahrajte súbor.',
    ask: 'Potvrdiť stĺpce znova',
    remembered: 'Zapamätané stĺpce tohto účtu: potvrdil(a) {who} dňa {date}.',
    borrowed:
      'Stĺpce sú vyplnené tak, ako boli nastavené pre účet {account} (potvrdil(a) {who} dňa {date}). Skontrolujte ich.',
    noneForChosen: 'Pre účet {chosen} zatiaľ nie je nič nastavené.',
    accountFromColumns:
      'Súbor neuvádza svoj účet: vybraný je účet {account}, lebo jeho stĺpce sa zhodujú. Pred potvrdením ho skontrolujte.',
    none: '(žiadny)',
    fields: {
      date: 'Dátum zaúčtovania',
      amount: 'Suma (so znamienkom: mínus je odchádzajúca platba)',
      credit: 'Prijatá suma',
      debit: 'Odoslaná suma',
      currency: 'Mena',
      variableSymbol: 'Variabilný symbol',
      specificSymbol: 'Špecifický symbol',
      constantSymbol: 'Konštantný symbol',
      counterpartyName: 'Názov protistrany',
      counterpartyIban: 'IBAN protistrany',
      message: 'Správa pre príjemcu',
      reference: 'Referencia transakcie banky',
      endToEndId: 'Referencia platiteľa (end-to-end)',
    },
    required: 'Povinný je dátum zaúčtovania a suma (jeden stĺpec so znamienkom alebo prijatá a/alebo odoslaná).',
    currency: 'Mena, ak ju neuvádza žiadny stĺpec',
    accountRequired: 'CSV neuvádza svoj účet: vyberte ho.',
    submit: 'Potvrdiť stĺpce a importovať',
  },
  refused: {
    /** The page's title, by what kept the statement out (lib/base/i18n/import-upload.ts, refusalTitle). */
    titles: {
      unread: 'Výpis sa nepodarilo prečítať',
      account: 'Vyberte účet výpisu',
      otherAccount: 'Výpis je z iného účtu',
      columns: 'Stĺpce nie sú úplné',
      noFile: 'Nevybrali ste súbor',
      tooSlow: 'Nahrávanie trvalo príliš dlho',
      busy: 'Doplnok je práve zaneprázdnený',
    },
    nothingStored: 'Nič sa neuložilo. Opravte súbor alebo voľbu a nahrajte ho znova.',
    back: 'Späť na formulár importu',
    line: 'Riadok {line}.',
    field: 'Pole: {field}.',
    noIban: 'žiadny',
    chooseRight: 'Nahrať výpis znova na účet {account}',
    codes: {
      too_large: 'Súbor je väčší ako 20 MB.',
      too_many_lines: 'Výpis má viac ako 50 000 riadkov. Rozdeľte ho na kratšie obdobia.',
      empty: 'Súbor je prázdny.',
      xml_doctype: 'Súbor XML deklaruje typ dokumentu (DOCTYPE), čo bankový výpis nikdy nerobí. Nebol prečítaný.',
      xml_entity: 'Súbor XML deklaruje entity (ENTITY), čo bankový výpis nikdy nerobí. Nebol prečítaný.',
      xml_malformed: 'Súbor XML je poškodený alebo neúplný (možno sa nedokončilo sťahovanie).',
      not_a_statement:
        'Toto nie je bankový výpis, ktorý doplnok vie prečítať. Nahrajte výpis vo formáte camt.053 (XML), MT940 alebo CSV.',
      several_accounts: 'Súbor obsahuje výpisy viacerých účtov. Nahrajte naraz výpis jedného účtu.',
      entry_unreadable: 'Niektorému pohybu vo výpise chýba suma, strana (príjem alebo výdaj) alebo dátum.',
      mt940_malformed: 'Súbor MT940 je poškodený: chýba povinná časť alebo pohyby nesedia so zostatkami.',
      csv_mapping_required: 'Potvrďte, ktorý stĺpec CSV je čo.',
      csv_missing_column: 'Súbor CSV nemá stĺpec, ktorý je pre toto pole určený.',
      csv_row_unreadable: 'Riadok CSV má dátum alebo sumu, ktorú sa podľa určených stĺpcov nedá prečítať.',
      no_file: 'Vyberte súbor výpisu, ktorý chcete nahrať.',
      too_slow:
        'Súbor sa nahrával príliš dlho (najviac {seconds} s). Skúste to znova na rýchlejšom pripojení alebo nahrajte kratšie obdobie.',
      account_required: 'Doplnok nevedel určiť, ku ktorému účtu firmy výpis patrí. Vyberte účet.',
      account_unknown: 'Vybraný účet nie je účtom firmy.',
      account_foreign:
        'Výpis je z účtu {statementIban}, ktorý firma vo Fakturácii nemá (podľa poslednej kópie jej údajov). Nahrajte výpis účtu firmy; ak ste účet práve pridali, najprv aktualizujte údaje firmy.',
      account_mismatch:
        'Výpis je z účtu {statementIban}, ale vybraný účet {account} má IBAN {accountIban}. Platby by sa zaznamenali na iný účet, než na ktorý prišli: vyberte účet výpisu.',
      csv_mapping_incomplete:
        'Stĺpce nie sú úplné: povinný je dátum zaúčtovania a suma (alebo prijatá a odoslaná suma).',
      too_complex:
        'Výpis sa nepodarilo prečítať v časovom a pamäťovom limite: súbor je na výpis z banky príliš zložitý. Skontrolujte, že ide o výpis stiahnutý z banky.',
      busy: 'Doplnok práve číta iné nahrané súbory. Skúste to znova o chvíľu.',
    },
  },
  list: {
    title: 'Importy',
    intro: 'Všetky nahrané súbory firmy, od najnovšieho.',
    none: 'Firma zatiaľ nemá žiadne importy.',
    caption: 'Importy firmy',
    columns: { kind: 'Druh', file: 'Súbor', who: 'Nahral(a)', when: 'Kedy', state: 'Stav', lines: 'Riadky' },
    kinds: { payments: 'Bankový výpis', invoices: 'Faktúry' },
    open: 'Otvoriť',
    newImport: 'Importovať bankový výpis',
    discarded: 'Import „{file}“ je zahodený aj s riadkami ({lines}). Do Fakturácie sa z neho nič neodoslalo.',
  },
  discard: {
    open: 'Zahodiť import',
    confirm:
      'Import sa zmaže aj so všetkými riadkami ({lines}) a zo zoznamu importov zmizne. Do Fakturácie sa z neho nič neodoslalo, takže sa tam nič nezmení. Zahodenie sa nedá vrátiť.',
    button: 'Áno, zahodiť import',
    lines: { one: 'riadok', few: 'riadky', many: 'riadku', other: 'riadkov' },
    refusedTitle: 'Import sa nedá zahodiť',
    refused:
      'Niektoré riadky tohto importu sa už odoslali do Fakturácie, čakajú na odoslanie alebo sa ešte overuje, či ich Fakturácia prijala. Taký import sa nikdy nezahodí: je jediným záznamom o tom, čo Fakturácia môže mať. Riadky, ktoré nechcete odoslať, vynechajte.',
    back: 'Späť na import',
  },
};

export type ImportUploadTexts = Widened<typeof sk>;
