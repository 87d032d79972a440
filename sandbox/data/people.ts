/**
 * Name and address pools for generated partners: mostly Slovak, with Czech, Hungarian, Austrian, German and US
 * partners so that foreign currencies, VAT ids and diacritics all show up.
 */
export type Country = 'SK' | 'CZ' | 'HU' | 'AT' | 'DE' | 'US';

export interface Place {
  city: string;
  postCode: string;
}

export interface CountryPool {
  /** Pairs of male and female forms; countries without gendered surnames repeat the same form. */
  firstNames: readonly (readonly [string, string])[];
  surnames: readonly (readonly [string, string])[];
  places: readonly Place[];
  streets: readonly string[];
  companyWords: readonly string[];
  legalForms: readonly string[];
  phone: (digits: (count: number) => string) => string;
  domain: string;
}

/** Surnames of a country where men and women bear the same form. */
const ungendered = (...names: readonly string[]) => names.map((name) => [name, name] as const);

export const pools: Readonly<Record<Country, CountryPool>> = {
  SK: {
    firstNames: [
      ['Ján', 'Jana'],
      ['Peter', 'Mária'],
      ['Martin', 'Zuzana'],
      ['Michal', 'Katarína'],
      ['Tomáš', 'Lucia'],
      ['Juraj', 'Eva'],
      ['Ľubomír', 'Ľudmila'],
      ['Jozef', 'Veronika'],
      ['Štefan', 'Soňa'],
      ['Marek', 'Monika'],
    ],
    surnames: [
      ['Novák', 'Nováková'],
      ['Horváth', 'Horváthová'],
      ['Kováč', 'Kováčová'],
      ['Varga', 'Vargová'],
      ['Tóth', 'Tóthová'],
      ['Baláž', 'Balážová'],
      ['Lukáč', 'Lukáčová'],
      ['Šimko', 'Šimková'],
      ['Ďurica', 'Ďuricová'],
      ['Krajčí', 'Krajčí'],
      ['Žiak', 'Žiaková'],
      ['Mráz', 'Mrázová'],
      ['Kollár', 'Kollárová'],
      ['Hudák', 'Hudáková'],
    ],
    places: [
      { city: 'Bratislava', postCode: '811 01' },
      { city: 'Bratislava', postCode: '821 08' },
      { city: 'Košice', postCode: '040 01' },
      { city: 'Žilina', postCode: '010 01' },
      { city: 'Banská Bystrica', postCode: '974 01' },
      { city: 'Nitra', postCode: '949 01' },
      { city: 'Trnava', postCode: '917 01' },
      { city: 'Trenčín', postCode: '911 01' },
      { city: 'Prešov', postCode: '080 01' },
      { city: 'Martin', postCode: '036 01' },
      { city: 'Poprad', postCode: '058 01' },
      { city: 'Zvolen', postCode: '960 01' },
      { city: 'Piešťany', postCode: '921 01' },
      { city: 'Liptovský Mikuláš', postCode: '031 01' },
    ],
    streets: [
      'Hlavná',
      'Štúrova',
      'Hviezdoslavova',
      'Mierová',
      'Kollárova',
      'Námestie SNP',
      'Sládkovičova',
      'Jesenského',
      'Záhradná',
      'Športová',
      'Dlhá',
      'Partizánska',
      'Ľudovíta Štúra',
      'Družstevná',
      'Priemyselná',
    ],
    companyWords: [
      'Gastro Tatry',
      'Bistro Slnečnica',
      'Penzión Pod Lipou',
      'Agro Záhorie',
      'Stavmont',
      'Eko Servis',
      'Danubia Trade',
      'Hotel Kriváň',
      'Kaviareň U Dómu',
      'Potraviny Ďurica',
      'Reštaurácia Koliba',
      'Fit Škola',
      'Mestská Tržnica',
      'Tatra Market',
      'Považská Obchodná',
      'Drevoplus',
      'Kvetinárstvo Ruža',
      'Autoservis Šebo',
    ],
    legalForms: ['s.r.o.', 's.r.o.', 's.r.o.', 'a.s.', 'spol. s r.o.'],
    phone: (digits) => `+421 9${digits(2)} ${digits(3)} ${digits(3)}`,
    domain: 'example.sk',
  },
  CZ: {
    firstNames: [
      ['Jiří', 'Lenka'],
      ['Petr', 'Jana'],
      ['Pavel', 'Tereza'],
      ['Jan', 'Kateřina'],
      ['Lukáš', 'Markéta'],
    ],
    surnames: [
      ['Dvořák', 'Dvořáková'],
      ['Černý', 'Černá'],
      ['Procházka', 'Procházková'],
      ['Svoboda', 'Svobodová'],
      ['Kučera', 'Kučerová'],
      ['Veselý', 'Veselá'],
      ['Růžička', 'Růžičková'],
    ],
    places: [
      { city: 'Praha', postCode: '110 00' },
      { city: 'Brno', postCode: '602 00' },
      { city: 'Ostrava', postCode: '702 00' },
      { city: 'Olomouc', postCode: '779 00' },
      { city: 'Plzeň', postCode: '301 00' },
    ],
    streets: ['Husova', 'Masarykova', 'Palackého', 'Nádražní', 'Václavské náměstí', 'Komenského'],
    companyWords: [
      'Pekařství Dvořák',
      'Moravská Zahrada',
      'Kavárna Slavia',
      'Řemesla Brno',
      'Český Nábytek',
      'Obchod Hruška',
    ],
    legalForms: ['s.r.o.', 'a.s.'],
    phone: (digits) => `+420 6${digits(2)} ${digits(3)} ${digits(3)}`,
    domain: 'example.cz',
  },
  HU: {
    firstNames: [
      ['Gábor', 'Zsófia'],
      ['László', 'Katalin'],
      ['Ádám', 'Eszter'],
      ['Zoltán', 'Anna'],
    ],
    surnames: ungendered('Nagy', 'Kiss', 'Szűcs', 'Fekete', 'Szőke'),
    places: [
      { city: 'Budapest', postCode: '1051' },
      { city: 'Győr', postCode: '9021' },
      { city: 'Debrecen', postCode: '4024' },
    ],
    streets: ['Andrássy út', 'Váci utca', 'Kossuth Lajos utca', 'Petőfi Sándor utca'],
    companyWords: ['Duna Kereskedelmi', 'Győri Pékség', 'Tisza Kert', 'Hungária Bútor'],
    legalForms: ['Kft.', 'Zrt.'],
    phone: (digits) => `+36 30 ${digits(3)} ${digits(4)}`,
    domain: 'example.hu',
  },
  AT: {
    firstNames: [
      ['Lukas', 'Anna'],
      ['Stefan', 'Julia'],
      ['Florian', 'Katharina'],
    ],
    surnames: ungendered('Gruber', 'Huber', 'Bauer', 'Wagner'),
    places: [
      { city: 'Wien', postCode: '1010' },
      { city: 'Graz', postCode: '8010' },
      { city: 'Linz', postCode: '4020' },
    ],
    streets: ['Mariahilfer Straße', 'Landstraßer Hauptstraße', 'Herrengasse'],
    companyWords: ['Wiener Backstube', 'Alpen Garten', 'Donau Möbel'],
    legalForms: ['GmbH'],
    phone: (digits) => `+43 664 ${digits(7)}`,
    domain: 'example.at',
  },
  DE: {
    firstNames: [
      ['Jonas', 'Laura'],
      ['Maximilian', 'Sophie'],
    ],
    surnames: ungendered('Müller', 'Schmidt', 'Weiß'),
    places: [
      { city: 'München', postCode: '80331' },
      { city: 'Dresden', postCode: '01067' },
    ],
    streets: ['Leopoldstraße', 'Königsbrücker Straße'],
    companyWords: ['Bäckerei Müller', 'Grünwerk Handel'],
    legalForms: ['GmbH', 'GmbH & Co. KG'],
    phone: (digits) => `+49 151 ${digits(8)}`,
    domain: 'example.de',
  },
  US: {
    firstNames: [
      ['John', 'Emily'],
      ['Michael', 'Sarah'],
    ],
    surnames: ungendered('Miller', 'Johnson', 'Davis'),
    places: [
      { city: 'New York, NY', postCode: '10001' },
      { city: 'Austin, TX', postCode: '78701' },
    ],
    streets: ['Broadway', 'Congress Avenue'],
    companyWords: ['Maple Street Bakery', 'Northwind Traders', 'Blue Ridge Imports'],
    legalForms: ['LLC', 'Inc.'],
    phone: (digits) => `+1 212 555 01${digits(2)}`,
    domain: 'example.com',
  },
};

/** Lower-case ASCII slug for e-mail addresses (`Ďurica` → `durica`). */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
