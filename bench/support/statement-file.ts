/**
 * A camt.053.001.02 statement of `lines` booked entries as a Slovak bank writes one (the banking associations'
 * profile: IBAN, AcctSvcrRef, symbols in EndToEndId, the payer's name, IBAN and message), made up with a fixed seed:
 * the same bytes every run. About 0.95 kB per entry, so 10 000 entries make a 9 MB file. For the reading benchmark
 * (bench/statement-read.ts) and for whatever measures reading and pairing together.
 *
 * Mix: 85 % credits (of those, 70 % with `/VS…/SS/KS…` in EndToEndId, 20 % with the symbol only in the message as a
 * foreign payer writes it, 10 % with no symbol), 15 % debits; variable symbols from `variableSymbolOf(0…)`, so a
 * benchmark can make the invoices they pay.
 */

/** mulberry32: the same sequence every run. */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Slovak IBAN whose national (weighted mod 11) and international (mod 97) check digits hold. */
export function slovakIban(bank: string, seed: number): string {
  const weights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1];
  for (let candidate = seed; ; candidate += 1) {
    const body = String(candidate % 1_000_000_000).padStart(9, '0');
    const sum = [...body].reduce((total, digit, at) => total + Number(digit) * weights[at]!, 0);
    const remainder = sum % 11;
    const control = remainder === 0 ? 0 : remainder === 1 ? 1 : 11 - remainder;
    if (control > 9) continue;
    const bban = `${bank}000000${body}${control}`;
    const numeric = BigInt(`${bban}${28}${20}00`); // S = 28, K = 20
    return `SK${String(98n - (numeric % 97n)).padStart(2, '0')}${bban}`;
  }
}

export const variableSymbolOf = (invoice: number) => String(2026_000_000 + invoice);

const names = [
  'Ján Novák',
  'Stavebniny Kôš s.r.o.',
  'Obec Lúčky',
  'Kaviareň Pod Lipou, s. r. o.',
  'Mária Hrušková',
  'Hotel Tatry a.s.',
  'Ďurovič & syn, s.r.o.',
  'Alpine Trade AG',
];

export function generatedCamt053(lines: number): Uint8Array {
  const random = randomOf(53);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const payers = Array.from({ length: 400 }, (_, at) => ({
    name: `${pick(names)} ${at}`,
    iban: slovakIban(pick(['0900', '0200', '1100', '7500', '5600', '8330']), 100_000_000 + at * 7919),
  }));
  const own = slovakIban('1100', 262_912_345);
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">\n<BkToCstmrStmt>\n',
    '<GrpHdr><MsgId>BENCH-0001</MsgId><CreDtTm>2026-03-01T06:00:00</CreDtTm></GrpHdr>\n<Stmt>\n',
    '<Id>BENCH-STMT-1</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>2026-03-01T06:00:00</CreDtTm>\n',
    `<Acct><Id><IBAN>${own}</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>Benchmark s.r.o.</Nm></Ownr>`,
    '<Svcr><FinInstnId><BIC>TATRSKBX</BIC></FinInstnId></Svcr></Acct>\n',
  ];
  for (let at = 0; at < lines; at += 1) {
    const credit = random() < 0.85;
    const payer = pick(payers);
    const amount = `${1 + Math.floor(random() * 5000)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
    const day = String(1 + (at % 28)).padStart(2, '0');
    const symbol = variableSymbolOf(Math.floor(random() * lines));
    const kind = random();
    const endToEnd = credit && kind < 0.7 ? `/VS${symbol}/SS/KS0308` : 'NOTPROVIDED';
    const message = credit && kind >= 0.7 && kind < 0.9 ? `Invoice payment VS ${symbol}` : `Platba ${at}`;
    const [party, partyAccount] = credit ? ['Dbtr', 'DbtrAcct'] : ['Cdtr', 'CdtrAcct'];
    parts.push(
      `<Ntry><NtryRef>${at + 1}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>`,
      `<Sts>BOOK</Sts><BookgDt><Dt>2026-02-${day}</Dt></BookgDt><ValDt><Dt>2026-02-${day}</Dt></ValDt>`,
      `<AcctSvcrRef>202602${day}${String(at).padStart(6, '0')}</AcctSvcrRef>\n`,
      `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn>`,
      '<Prtry><Cd>10000405000</Cd><Issr>SBA</Issr></Prtry></BkTxCd>\n<NtryDtls><TxDtls>',
      `<Refs><MsgId>M${at}</MsgId><EndToEndId>${endToEnd}</EndToEndId></Refs>\n`,
      `<AmtDtls><InstdAmt><Amt Ccy="EUR">${amount}</Amt></InstdAmt><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>\n`,
      `<RltdPties><${party}><Nm>${payer.name.replace(/&/g, '&amp;')}</Nm><PstlAdr><Ctry>SK</Ctry>`,
      `<AdrLine>Hlavná ${at % 200}</AdrLine><AdrLine>040 01 Košice</AdrLine></PstlAdr></${party}>`,
      `<${partyAccount}><Id><IBAN>${payer.iban}</IBAN></Id></${partyAccount}></RltdPties>\n`,
      '<RltdAgts><DbtrAgt><FinInstnId><BIC>GIBASKBX</BIC></FinInstnId></DbtrAgt></RltdAgts>\n',
      `<RmtInf><Ustrd>${message}</Ustrd></RmtInf>\n</TxDtls></NtryDtls></Ntry>\n`,
    );
  }
  parts.push('</Stmt>\n</BkToCstmrStmt>\n</Document>\n');
  return new TextEncoder().encode(parts.join(''));
}
