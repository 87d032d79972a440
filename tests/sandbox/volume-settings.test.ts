/** SANDBOX_VOLUMES and SANDBOX_DRIFT as `npm run sandbox` reads them; a mistake stops the start with a message. */
import { describe, expect, it } from 'vitest';

import { parseDrift, parseVolumes } from '../../sandbox/data-api/volume-settings';

describe('SANDBOX_VOLUMES', () => {
  it('reads tenant:invoices/expenses/deliveryNotes entries, parts optional, "*" for every other company', () => {
    expect(parseVolumes('10001:20000/10000/2000, 10002://500 *:5000')).toEqual({
      '10001': { invoices: 20_000, expenses: 10_000, deliveryNotes: 2_000 },
      '10002': { deliveryNotes: 500 },
      '*': { invoices: 5_000 },
    });
    expect(parseVolumes(undefined)).toEqual({});
    expect(parseVolumes('')).toEqual({});
  });

  it('reads payments and catalog items as the fourth and fifth counts', () => {
    expect(parseVolumes('10001:///20000/5000 10002:300/100/50/400 *:////60')).toEqual({
      '10001': { payments: 20_000, catalogItems: 5_000 },
      '10002': { invoices: 300, expenses: 100, deliveryNotes: 50, payments: 400 },
      '*': { catalogItems: 60 },
    });
  });

  it.each(['10001', '10001:1/2/3/4/5/6', 'acme:100', '10001:-5', '10001:200000', '10001:///60000', '10001:////60000'])(
    'refuses %s',
    (text) => {
      expect(() => parseVolumes(text)).toThrow(/SANDBOX_VOLUMES/);
    },
  );
});

describe('SANDBOX_DRIFT', () => {
  it('is off unless set, and reads seconds with optional changed/created/deleted per kind', () => {
    expect(parseDrift(undefined)).toBeNull();
    expect(parseDrift('0')).toBeNull();
    const same = (changed: number, created: number, deleted: number) => ({
      invoices: { changed, created, deleted },
      expenses: { changed, created, deleted },
      deliveryNotes: { changed, created, deleted },
    });
    expect(parseDrift('30')).toEqual({ everySeconds: 30, changes: same(3, 1, 1) });
    expect(parseDrift('10:5/2/0')).toEqual({ everySeconds: 10, changes: same(5, 2, 0) });
  });

  it.each(['soon', '30:x', '-1'])('refuses %s', (text) => {
    expect(() => parseDrift(text)).toThrow(/SANDBOX_DRIFT/);
  });
});
