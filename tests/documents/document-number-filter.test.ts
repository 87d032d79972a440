import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDataApiClient, type DataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { parseListView } from '@/lib/service/records/list-view';
import { createTransport } from '@/lib/service/transport';

import type { Sandbox } from '../../sandbox/app';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';

/**
 * The invoice list's document-number filter as a person uses it, against the sandbox's data API (which compares
 * numbers as text, case-sensitively): one end alone finds that number's series from or up to it, and the case typed
 * does not matter.
 */
let sandbox: Sandbox;
let client: DataApiClient;
let numbers: string[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const token = rememberSecret(sandbox.tokens.issue('10001', 'jana.novakova@example.sk'));
  client = createDataApiClient(
    createTransport({
      baseUrl: sandbox.url,
      token,
      budgetKey: 'document-numbers',
      budget: createMemoryBudget(),
      backoffMs: 20,
    }),
  );
  const all = [];
  for (let skip = 0; ; skip += 100) {
    const page = await client.invoices.list({ Top: 100, Skip: skip });
    all.push(...page);
    if (page.length < 100) break;
  }
  numbers = all.map((invoice) => invoice.documentNumber!).sort();
});
afterAll(() => sandbox?.close());

/** The document numbers the list page gets for these filters (a page of 100, the most the interface gives). */
async function listed(params: Record<string, string>): Promise<string[]> {
  const view = parseListView('invoices', { ...params, Top: '100' });
  if (!view.ok) throw new Error(`invalid: ${view.invalid.join(', ')}`);
  return (await client.invoices.list(view.query)).map((invoice) => invoice.documentNumber!).sort();
}

const seriesOf = (number: string) => /^\D*/.exec(number)![0];

describe('the document-number filter', () => {
  it('with "from" alone lists that number’s series from it on, however it was typed', async () => {
    const series = seriesOf(numbers[0]!);
    const inSeries = numbers.filter((number) => seriesOf(number) === series);
    const start = inSeries[Math.max(0, inSeries.length - 30)]!;
    const expected = inSeries.filter((number) => number >= start);
    expect(expected.length).toBeGreaterThan(0);
    expect(numbers.some((number) => number > start && seriesOf(number) !== series)).toBe(true);
    expect(await listed({ DocumentNumberFrom: start.toLowerCase() })).toEqual(expected);
  });

  it('with "to" alone lists that number’s series up to it', async () => {
    const series = seriesOf(numbers.at(-1)!);
    const inSeries = numbers.filter((number) => seriesOf(number) === series);
    const end = inSeries[Math.min(5, inSeries.length - 1)]!;
    expect(numbers.some((number) => number < end && seriesOf(number) !== series)).toBe(true);
    expect(await listed({ DocumentNumberTo: end })).toEqual(inSeries.filter((number) => number <= end));
  });

  it('finds one document by its number typed in lower case into both ends', async () => {
    const number = numbers[7]!;
    expect(await listed({ DocumentNumberFrom: number.toLowerCase(), DocumentNumberTo: number.toLowerCase() })).toEqual([
      number,
    ]);
  });
});
