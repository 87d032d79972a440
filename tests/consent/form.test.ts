import { describe, expect, it } from 'vitest';

import { parseConsentForm } from '@/lib/owners/consent/form';

/**
 * The post-mode answer of the consent page, read exactly as the interface describes it: indexed data[n][…] fields,
 * also for one company; webhookSecret only when the connection has a webhook; never un-indexed companyId or token.
 */
const STATE = 's'.repeat(43);
const body = (fields: [string, string][]) => new URLSearchParams(fields).toString();

describe('the consent form body', () => {
  it('reads one company from indexed fields, without a webhook secret', () => {
    const form = parseConsentForm(
      body([
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 'token-one'],
        ['data[0][companyName]', 'Pekáreň Novák s.r.o.'],
        ['state', STATE],
      ]),
    );
    expect(form).toEqual({
      state: STATE,
      companies: [{ tenantId: '10001', companyName: 'Pekáreň Novák s.r.o.', token: 'token-one', webhookSecret: null }],
    });
  });

  it('reads several companies in index order, each with its own webhook secret when it has one', () => {
    const form = parseConsentForm(
      body([
        ['state', STATE],
        ['data[1][companyId]', '10002'],
        ['data[1][token]', 'token-two'],
        ['data[1][companyName]', 'Two'],
        ['data[1][webhookSecret]', 'c2VjcmV0LXR3bw=='],
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 'token-one'],
        ['data[0][companyName]', 'One'],
      ]),
    );
    expect(form?.companies.map((company) => [company.tenantId, company.token, company.webhookSecret])).toEqual([
      ['10001', 'token-one', null],
      ['10002', 'token-two', 'c2VjcmV0LXR3bw=='],
    ]);
  });

  it('takes the poll answer’s spelling webHookSecret too, so a secret is never silently dropped', () => {
    const form = parseConsentForm(
      body([
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 't'],
        ['data[0][webHookSecret]', 'c2VjcmV0'],
        ['state', STATE],
      ]),
    );
    expect(form?.companies[0]?.webhookSecret).toBe('c2VjcmV0');
  });

  it('never reads un-indexed companyId or token at the root', () => {
    expect(
      parseConsentForm(
        body([
          ['companyId', '10001'],
          ['token', 'root-token'],
          ['state', STATE],
        ]),
      ),
    ).toBeNull();
    const form = parseConsentForm(
      body([
        ['companyId', '666'],
        ['token', 'root-token'],
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 'token-one'],
        ['data[0][companyName]', 'One'],
        ['state', STATE],
      ]),
    );
    expect(form?.companies).toEqual([
      { tenantId: '10001', companyName: 'One', token: 'token-one', webhookSecret: null },
    ]);
  });

  it('reports a missing state as null, for the caller to refuse', () => {
    const form = parseConsentForm(
      body([
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 't'],
      ]),
    );
    expect(form?.state).toBeNull();
    expect(form?.companies[0]?.companyName).toBeNull();
  });

  it.each([
    ['no company at all', [['state', STATE]]],
    [
      'an entry without a token',
      [
        ['data[0][companyId]', '10001'],
        ['data[0][companyName]', 'One'],
      ],
    ],
    ['an entry without a company id', [['data[0][token]', 't']]],
    [
      'a company id that is not an integer',
      [
        ['data[0][companyId]', '10x01'],
        ['data[0][token]', 't'],
      ],
    ],
    [
      'a repeated field',
      [
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 't'],
        ['data[0][token]', 'u'],
      ],
    ],
    [
      'a repeated state',
      [
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 't'],
        ['state', STATE],
        ['state', STATE],
      ],
    ],
    [
      'one company twice',
      [
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 't'],
        ['data[1][companyId]', '10001'],
        ['data[1][token]', 'u'],
      ],
    ],
  ] as [string, [string, string][]][])('refuses %s', (_name, fields) => {
    expect(parseConsentForm(body(fields))).toBeNull();
  });

  it('ignores fields it does not know', () => {
    const form = parseConsentForm(
      body([
        ['data[0][companyId]', '10001'],
        ['data[0][token]', 't'],
        ['data[0][colour]', 'blue'],
        ['extra', '1'],
      ]),
    );
    expect(form?.companies).toHaveLength(1);
  });
});
