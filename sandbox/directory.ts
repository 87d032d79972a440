/**
 * Fixture users and companies of the sandbox. Tenant ids are strings of digits because the gateway sends them as
 * strings in `tenant_ids`, while the consent flow reports the same companies as integers.
 */
export interface Company {
  readonly tenantId: string;
  readonly name: string;
  /** The token provider returns an empty access token for this company (exercises "skip empty entries"). */
  readonly emptyToken?: boolean;
}

export interface User {
  /** Stable slug for HTML ids; not part of the protocol. */
  readonly key: string;
  /** The JWT `sub`: an e-mail in the invoicing gateway, a numeric id in the standalone gateway. */
  readonly id: string;
  readonly displayName: string;
  readonly note?: string;
  readonly tenantIds: readonly string[];
}

export const companies: readonly Company[] = [
  { tenantId: '10001', name: 'Pekáreň Novák s.r.o.' },
  { tenantId: '10002', name: 'Záhradníctvo Ľaliová dolina s.r.o.' },
  { tenantId: '10003', name: 'Stolárstvo Šťastný, s.r.o.', emptyToken: true },
  { tenantId: '10004', name: 'Horváth & syn, účtovníctvo s.r.o.' },
  { tenantId: '20001', name: 'Čistiareň Žilina s.r.o.' },
];

export const users: readonly User[] = [
  {
    key: 'jana',
    id: 'jana.novakova@example.sk',
    displayName: 'Jana Nováková',
    tenantIds: ['10001', '10002', '10003'],
  },
  {
    key: 'peter',
    id: 'peter.horvath@example.sk',
    displayName: 'Peter Horváth',
    tenantIds: ['10004'],
  },
  {
    key: 'standalone',
    id: '48213',
    displayName: 'Mária Kováčová',
    note: 'standalone gateway: numeric user id',
    tenantIds: ['20001'],
  },
];

export function findUser(id: string): User | undefined {
  return users.find((u) => u.id === id);
}

export function findCompany(tenantId: string): Company | undefined {
  return companies.find((c) => c.tenantId === tenantId);
}
