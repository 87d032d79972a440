/**
 * The unstable-catalog fault: the real service's catalog order may not hold between calls (service-facts.md), so
 * the sandbox can list catalog items in an order a little off the stable one, drawn afresh per call: each item at
 * most `shift` places (default 5) from its place. Plain Skip paging then misses some items and repeats others;
 * pages that overlap by twice the shift, de-duplicated by item code, still read every item.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { dataApiDuringTests } from './data-api-harness';

const api = dataApiDuringTests();
const control = () => api.sandbox.dataApi;
afterEach(() => control().clearFaults());

const T = '10001';
const codes = (items: { itemCode: string }[]) => items.map((item) => item.itemCode);
const listing = async (query = 'Top=100') => codes((await api.get(T, `/api/catalog-items?${query}`)).body.data);

/** Every page of `top` items, the next starting `step` items further on, until a short page. */
async function paged(step: number, top = 100): Promise<string[]> {
  const read: string[] = [];
  for (let skip = 0; ; skip += step) {
    const page = await listing(`Top=${top}&Skip=${skip}`);
    read.push(...page);
    if (page.length < top) return read;
  }
}

/** How far each item stands from its place in the stable order. */
const moves = (stable: string[], shifted: string[]) =>
  shifted.map((code, place) => Math.abs(stable.indexOf(code) - place));

describe('the unstable-catalog fault', () => {
  it('is off by default: every call lists the items in the same order', async () => {
    control().setVolume(T, { catalogItems: 100 });
    expect(await listing()).toEqual(await listing());
  });

  it('moves each item at most 5 places (or the shift asked for), differently on each call', async () => {
    control().setVolume(T, { catalogItems: 100 });
    const stable = await listing();
    control().setFault(T, { mode: 'unstable-catalog' });
    const calls = [await listing(), await listing(), await listing()];
    for (const shifted of calls) {
      expect([...shifted].sort()).toEqual([...stable].sort());
      expect(Math.max(...moves(stable, shifted))).toBeLessThanOrEqual(5);
      expect(moves(stable, shifted).filter((m) => m > 0).length).toBeGreaterThan(50);
    }
    expect(calls[1]).not.toEqual(calls[0]);
    expect(calls[2]).not.toEqual(calls[1]);
    expect(Math.max(...calls.flatMap((shifted) => moves(stable, shifted)))).toBeGreaterThanOrEqual(4);

    control().setFault(T, { mode: 'unstable-catalog', shift: 2 });
    const slight = await listing();
    expect(Math.max(...moves(stable, slight))).toBeLessThanOrEqual(2);
    expect(slight).not.toEqual(stable);
  });

  it('makes plain Skip paging miss and repeat items, while pages overlapping by 10 read every one', async () => {
    control().setVolume(T, { catalogItems: 1_000 });
    const stable = await paged(100);
    expect(new Set(stable).size).toBe(1_000);
    control().setFault(T, { mode: 'unstable-catalog' });

    const plain = await paged(100);
    expect(plain).toHaveLength(1_000);
    const missed = stable.filter((code) => !plain.includes(code));
    expect(missed.length).toBeGreaterThan(0);
    expect(plain.length - new Set(plain).size).toBe(missed.length);

    const overlapped = await paged(90);
    expect(new Set(overlapped)).toEqual(new Set(stable));
  });

  it('strikes only the catalog list, and count and after count catalog listings', async () => {
    control().setVolume(T, { catalogItems: 100 });
    const stable = await listing();
    control().setFault(T, { mode: 'unstable-catalog', after: 1, count: 2 });
    const invoices = (await api.get(T, '/api/invoices?Top=5')).body.data.map((i: any) => i.id);
    expect((await api.get(T, '/api/invoices?Top=5')).body.data.map((i: any) => i.id)).toEqual(invoices);
    expect(control().faults()[T]).toMatchObject({ mode: 'unstable-catalog', remaining: 2, shift: 5 });
    expect(await listing()).toEqual(stable);
    expect(await listing()).not.toEqual(stable);
    expect(await listing()).not.toEqual(stable);
    expect(control().faults()).toEqual({});
    expect(await listing()).toEqual(stable);
  });

  it('is set from the home page’s form with its shift, described there, and refuses a shift beyond 50', async () => {
    const post = (body: string) =>
      fetch(`${api.sandbox.url}/admin/data-api/fault`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.sandbox.url },
        body,
      });
    const res = await post(`tenantId=${T}&mode=unstable-catalog&shift=3&status=&delayMs=&count=`);
    expect(res.status).toBe(303);
    expect(control().faults()[T]).toEqual({
      mode: 'unstable-catalog',
      status: 200,
      delayMs: 3000,
      retryAfterSeconds: 30,
      remaining: null,
      path: null,
      shift: 3,
    });
    const page = await (await fetch(`${api.sandbox.url}/`)).text();
    expect(page).toContain('<b>unstable-catalog</b> (≤ 3 places)');
    expect(page).toContain('<option value="unstable-catalog"');
    expect((await post(`tenantId=${T}&mode=unstable-catalog&shift=51`)).status).toBe(400);
  });
});
