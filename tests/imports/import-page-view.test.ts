import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ImportView } from '@/components/imports/import-view';
import { importsTexts } from '@/lib/base/i18n/imports';
import { moneyTexts } from '@/lib/base/i18n/money';
import { readPaymentDisplay } from '@/lib/base/imports/payment-display';
import {
  emptyLineCounts,
  importStateOf,
  LINE_STATES,
  type LineState,
  type StopReason,
} from '@/lib/base/imports/states';
import { type ImportPageData, type PageLine, sumToRecord } from '@/lib/features/imports/import-page';
import { paymentDisplayOf } from '@/lib/features/imports/line-display';
import { indexOpenInvoices } from '@/lib/features/imports/open-invoice-index';
import { pairByHand, pairStatement } from '@/lib/features/imports/pairing';

import { line as statementLine, openInvoice } from './pairing-fixture';

/**
 * The import's page drawn from its data (issue 20), in both languages: the header, the summary with its counts and
 * the sum to be recorded, "Record N payments in KROS", each line's state and problems in words, the pairing's
 * reasons (partial payment, a suggestion to confirm, a shared symbol, paired by hand), the controls each state
 * allows, why sending stopped, and the progress that refreshes the page while lines are on their way.
 */

const TENANT = '10001';
const IMPORT = '0b7c3a52-4d1e-4c4f-9f55-8d0f0a1b2c3d';

function pageLine(state: LineState, index: number, extra: Partial<PageLine> = {}): PageLine {
  const stated = statementLine({
    index,
    vs: `20260${index}`,
    payer: 'HRUSKA S.R.O.',
    iban: 'SK3112000000198742637541',
  });
  const facts = readPaymentDisplay({ ...paymentDisplayOf(stated, pairStatement([stated], [])[0]!) });
  return {
    line: String(index + 1),
    position: index,
    state,
    externalId: `st-${index}`,
    requestId: null,
    payload: { dateOfPayment: '2026-06-15', sumOfPayment: 100, variableSymbol: `20260${index}`, accountId: 1 },
    display: {},
    document: null,
    problems: [],
    result: null,
    sentAt: null,
    confirmedAt: null,
    facts,
    sentSymbol: null,
    recordedBy: null,
    ...extra,
  };
}

function dataOf(
  lines: PageLine[],
  {
    stopReason = null,
    statement = { account: null, owner: null },
  }: { stopReason?: StopReason | null; statement?: { account: string | null; owner: string | null } } = {},
): ImportPageData {
  const counts = emptyLineCounts();
  for (const line of lines) counts[line.state] += 1;
  const stopped = stopReason !== null;
  return {
    detail: {
      id: IMPORT,
      kind: 'payments',
      fileName: 'vypis-2026-06.xml',
      fileDigest: 'ab'.repeat(32),
      accountId: '7',
      statementAccount: statement.account,
      statementOwner: statement.owner,
      createdBy: 'jana.novakova@example.sk',
      createdAt: new Date('2026-06-16T08:30:00Z'),
      state: importStateOf(counts, stopped),
      stopReason,
      stoppedAt: stopped ? new Date('2026-06-16T08:31:00Z') : null,
      counts,
      lines,
    },
    lines,
    toRecord: sumToRecord(lines),
    accounts: [{ id: '7', name: 'Tatra banka', iban: null, currency: 'EUR', kind: 'bank' }],
    search: null,
    outcome: null,
    inProgress: !stopped && counts.queued + counts.sent > 0,
  };
}

const render = (data: ImportPageData, locale: 'sk' | 'en' = 'sk') =>
  renderToStaticMarkup(
    createElement(ImportView, {
      data,
      tenantId: TENANT,
      texts: importsTexts[locale],
      money: moneyTexts[locale],
      locale,
    }),
  );

describe('the import’s page', () => {
  it('shows the header, the summary and the sum to be recorded, with the record button', () => {
    const paired = { id: '41', documentNumber: 'OF2026041' };
    const data = dataOf([
      pageLine('ready', 0, { document: paired }),
      pageLine('ready', 1, { document: paired }),
      pageLine('unmatched', 2),
      pageLine('excluded', 3),
      pageLine('duplicate', 4, { problems: [{ code: 'already-sent', params: { importId: IMPORT, line: '9' } }] }),
    ]);
    const html = render(data);
    expect(html).toContain('Import výpisu vypis-2026-06.xml');
    expect(html).toContain('jana.novakova@example.sk');
    expect(html).toContain('Tatra banka');
    for (const [state, count] of [
      ['ready', 2],
      ['unmatched', 1],
      ['excluded', 1],
      ['duplicate', 1],
    ] as const) {
      expect(html).toContain(`data-count-state="${state}" data-count="${count}"`);
    }
    expect(html).not.toContain('data-count-state="queued"');
    expect(html).toContain('data-sum="200"');
    expect(html).toContain('200,00');
    expect(html).toContain('Zaznamenať 2 platby vo Fakturácii');
    expect(html).toContain(`action="/companies/${TENANT}/payments/import/${IMPORT}/send"`);
    expect(html).toContain('Rovnakú platbu už odoslal iný import tejto firmy (riadok 9).');
    expect(html).toContain(`href="/companies/${TENANT}/invoices/41"`);
    expect(html).not.toContain('http-equiv="refresh"');

    const en = render(data, 'en');
    expect(en).toContain('Record 2 payments in KROS');
    expect(en).toContain('The same payment was already sent by another import of this company (line 9).');
    expect(render(dataOf([pageLine('ready', 0)]), 'en')).toContain('Record 1 payment in KROS');
  });

  it('shows the statement’s own account (an IBAN in groups of four) and its owner beside the account chosen', () => {
    const statement = { account: 'SK9011000000002629123453', owner: 'Drevovýroba Horák s.r.o.' };
    const html = render(dataOf([pageLine('ready', 0)], { statement }));
    expect(html).toContain('Tatra banka');
    expect(html).toMatch(/Účet vo výpise<\/dt><dd[^>]*>SK90 1100 0000 0026 2912 3453<\/dd>/);
    expect(html).toMatch(/Majiteľ účtu vo výpise<\/dt><dd[^>]*>Drevovýroba Horák s\.r\.o\.<\/dd>/);
    const en = render(dataOf([pageLine('ready', 0)], { statement }), 'en');
    expect(en).toContain('Account in the statement');
    expect(en).toContain('Account owner in the statement');

    // An MT940 names its account by a national number and no owner: shown as the bank wrote it.
    const mt940 = render(dataOf([pageLine('ready', 0)], { statement: { account: '7500/4000123455', owner: null } }));
    expect(mt940).toMatch(/Účet vo výpise<\/dt><dd[^>]*>7500\/4000123455<\/dd>/);
    expect(mt940).not.toContain('Majiteľ účtu vo výpise');
    // A statement that names neither (a CSV): nothing shown.
    expect(render(dataOf([pageLine('ready', 0)]))).not.toContain('Účet vo výpise');
  });

  it('a line in another currency than the account’s, or finer than a cent, is invalid and says why', () => {
    const data = dataOf([
      pageLine('invalid', 0, {
        payload: null,
        problems: [{ code: 'currency-not-account', params: { currency: 'CZK', account: 'EUR' } }],
      }),
      pageLine('invalid', 1, {
        payload: null,
        problems: [{ code: 'amount-too-precise', params: { amount: '10.125' } }],
      }),
    ]);
    const html = render(data);
    expect(html).toContain('Platba je v mene CZK, účet výpisu vo Fakturácii vedie EUR');
    expect(html).toContain('Suma 10.125 má viac ako dve desatinné miesta');
    const en = render(data, 'en');
    expect(en).toContain('The payment is in CZK, the statement’s account in KROS is in EUR');
    expect(en).toContain('The amount 10.125 has more than two decimals');
    expect(en).not.toContain('Record 2 payments');
  });

  it('says every line state in words, in both languages, with only the controls the state allows', () => {
    const lines = LINE_STATES.map((state, index) => pageLine(state, index));
    for (const locale of ['sk', 'en'] as const) {
      const html = render(dataOf(lines), locale);
      for (const state of LINE_STATES) {
        expect(html, `${locale} ${state}`).toContain(
          `data-line-state="${state}">${importsTexts[locale].states[state]}</span>`,
        );
      }
    }
    const html = render(dataOf(lines), 'en');
    const rowOf = (state: LineState) => {
      const start = html.indexOf(`data-line="${LINE_STATES.indexOf(state) + 1}"`);
      return html.slice(start, html.indexOf('</tr>', start));
    };
    expect(rowOf('ready')).toContain('value="exclude"');
    expect(rowOf('ready')).toContain('Pair with another invoice');
    expect(rowOf('unmatched')).toContain('>Send</button>');
    expect(rowOf('excluded')).toContain('value="include"');
    for (const state of ['duplicate', 'queued', 'sent', 'done', 'problem'] as const) {
      expect(rowOf(state), state).not.toContain('<form');
    }
  });

  it('holds a line probably recorded already out of Record N, says why, links to what it met, and asks to confirm it', () => {
    const OTHER = '5e0d3c1a-2b4f-4a6e-8c7d-9f0a1b2c3d4e';
    const data = dataOf([
      pageLine('ready', 0),
      pageLine('probably-recorded', 1, {
        problems: [{ code: 'probably-recorded', params: { importId: OTHER, line: '4' } }],
      }),
      pageLine('probably-recorded', 2, {
        problems: [
          { code: 'probably-recorded', params: { paymentId: '9001', date: '2026-06-15', variableSymbol: '202602' } },
        ],
      }),
    ]);
    const rowOf = (html: string, line: string) => {
      const start = html.indexOf(`data-line="${line}"`);
      return html.slice(start, html.indexOf('</tr>', start));
    };
    const sk = render(data, 'sk');
    expect(sk).toContain('Zaznamenať 1 platbu vo Fakturácii');
    expect(sk).toContain('data-count-state="probably-recorded" data-count="2"');
    expect(rowOf(sk, '2')).toContain(
      'Pravdepodobne už zaznamenaná: rovnaký dátum, suma, variabilný symbol a platiteľ.',
    );
    expect(rowOf(sk, '2')).toContain(`href="/companies/${TENANT}/payments/import/${OTHER}#line-4"`);
    expect(rowOf(sk, '2')).toContain('Riadok 4 iného importu');
    expect(rowOf(sk, '3')).toContain(
      `href="/companies/${TENANT}/payments?PaymentDateFrom=2026-06-15&amp;PaymentDateTo=2026-06-15&amp;q=202602"`,
    );
    expect(rowOf(sk, '3')).toContain('Zaznamenaná platba');
    expect(rowOf(sk, '2')).toContain('name="action" value="confirm-new"');
    expect(rowOf(sk, '2')).toContain('Je to iná platba, odoslať');
    expect(rowOf(sk, '2')).not.toContain('>Odoslať</button>');

    const en = render(data, 'en');
    expect(en).toContain('Record 1 payment in KROS');
    expect(rowOf(en, '2')).toContain('Probably already recorded: the same date, amount, variable symbol and payer.');
    expect(rowOf(en, '2')).toContain('Line 4 of another import');
    expect(rowOf(en, '3')).toContain('The recorded payment');
    expect(rowOf(en, '3')).toContain('It is another payment, send it');
    expect(rowOf(en, '1')).not.toContain('confirm-new');
  });

  it('says why a line is paired as it is: partial, over-payment, a shared symbol, by hand, a suggestion', () => {
    const invoices = [
      openInvoice({ id: '2026001', amountDue: '150.00' }),
      openInvoice({ id: '2026002', amountDue: '50.00' }),
      openInvoice({ id: '9', variableSymbol: '2026003', amountDue: '100.00' }),
      openInvoice({ id: '10', variableSymbol: '2026003', amountDue: '300.00', issueDate: '2026-06-01' }),
      openInvoice({ id: '77', variableSymbol: null, amountDue: '100.00', partnerName: 'Hruška s.r.o.' }),
    ];
    const stated = [
      statementLine({ index: 0, vs: '2026001' }),
      statementLine({ index: 1, vs: '2026002' }),
      statementLine({ index: 2, vs: '2026003' }),
      statementLine({ index: 3, payer: 'HRUSKA S.R.O.' }),
    ];
    const pairings = pairStatement(stated, invoices);
    const lines = stated.map((each, index) =>
      pageLine(pairings[index]!.state, index, {
        facts: readPaymentDisplay(paymentDisplayOf(each, pairings[index]!)),
        document: pairings[index]!.document
          ? { id: pairings[index]!.document.id, documentNumber: pairings[index]!.document.documentNumber ?? '' }
          : null,
      }),
    );
    const html = render(dataOf(lines), 'en');
    expect(html).toContain('Partial payment: less than the amount left to pay.');
    expect(html).toContain('Over-payment: more than the amount left to pay.');
    expect(html).toContain('Several unpaid documents have this variable symbol');
    expect(html).toContain('The payment has no variable symbol.');
    expect(html).toContain('Suggestion: OF77');
    expect(html).toContain('Same amount, and the payer’s name matches the customer.');
    expect(html).toContain('Confirm the suggestion');
    expect(html).toContain('name="invoice" value="77"');

    const byHand = pairByHand(stated[1]!, invoices[4]!, indexOpenInvoices(invoices));
    const sk = render(
      dataOf([
        pageLine('ready', 0, {
          facts: readPaymentDisplay(paymentDisplayOf(stated[1]!, byHand)),
          document: { id: '77', documentNumber: 'OF77' },
          sentSymbol: '',
        }),
      ]),
    );
    expect(sk).toContain('Spárovaná ručne.');
    expect(sk).toContain('Pozor: faktúra nemá variabilný symbol');
  });

  it('while lines are on their way: progress, and the page refreshes itself; afterwards results per line', () => {
    const sending = dataOf([
      pageLine('done', 0, { document: { id: '41', documentNumber: 'OF2026041' } }),
      pageLine('sent', 1),
      pageLine('queued', 2),
      pageLine('problem', 3, { problems: [{ code: 'service', text: 'Dátum platby je v uzavretom období.' }] }),
    ]);
    const html = render(sending);
    expect(html).toContain('http-equiv="refresh"');
    expect(html).toContain('data-import-progress="1/4"');
    expect(html).toContain('Odosiela sa: zaznamenaných 1 z 4.');
    expect(html).toContain('Fakturácia: Dátum platby je v uzavretom období.');
    expect(html).toContain('Doklad OF2026041');
    expect(html).toContain('Odosiela sa do Fakturácie');

    const finished = render(
      dataOf([pageLine('done', 0, { document: { id: '41', documentNumber: 'OF2026041' } }), pageLine('problem', 1)]),
      'en',
    );
    expect(finished).not.toContain('http-equiv="refresh"');
    expect(finished).toContain('With problems');
  });

  it('says why sending stopped, in words, with a way to send again', () => {
    const reasons: StopReason[] = ['disconnected', 'payment-required', 'forbidden'];
    for (const reason of reasons) {
      for (const locale of ['sk', 'en'] as const) {
        const html = render(dataOf([pageLine('queued', 0), pageLine('done', 1)], { stopReason: reason }), locale);
        expect(html).toContain(`data-stop-reason="${reason}"`);
        expect(html).toContain(importsTexts[locale].stop[reason]);
        expect(html).toContain(importsTexts[locale].stop.again);
        // A stopped import does not refresh itself: nothing moves until the user sends again.
        expect(html).not.toContain('http-equiv="refresh"');
      }
    }
  });

  it('shows a line’s search results with a pair button each, and what the last form did', () => {
    const data = dataOf([pageLine('unmatched', 0)]);
    data.search = {
      line: '1',
      q: 'Hruška',
      results: [
        { ...openInvoice({ id: '41', amountDue: '100.00' }), open: true, paidByImport: null },
        { ...openInvoice({ id: '42', amountDue: '0' }), open: false, paidByImport: null },
      ],
    };
    data.outcome = { outcome: 'paired', number: 'OF2026041', count: 0, by: null };
    const html = render(data, 'en');
    expect(html).toContain('data-pair-results="1"');
    expect(html).toContain('name="invoice" value="41"');
    expect(html).toContain('name="invoice" value="42"');
    expect(html).toContain('>paid<');
    expect(html).toContain('The line is paired with invoice OF2026041.');
    expect(html).toMatch(/<details open="">/);
    data.search.results = [{ ...openInvoice({ id: '43', amountDue: '80' }), open: true, paidByImport: '20' }];
    expect(render(data, 'en')).toContain('€80.00 left after this import’s other payments (€20.00)');
    expect(render(data, 'sk')).toMatch(/zostáva 80,00\s€ po ostatných platbách tohto importu \(20,00\s€\)/);
    data.search.results = [];
    expect(render(data, 'sk')).toContain('Žiadna faktúra nezodpovedá „Hruška“.');
  });
});
