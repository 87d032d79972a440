import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { proxy } from '@/proxy';

import { BASE } from '../support/broker';

/**
 * A list's filter form is a GET form: it submits every field, blank or not. The proxy answers such an address with
 * a redirect to its tidy form before anything renders, so the address a user shares names only real filters.
 */
describe('list addresses with blank filters', () => {
  it('are redirected (303) to the same list without the blanks', () => {
    const response = proxy(
      new NextRequest(`${BASE}/companies/10001/invoices?IssueDateFrom=&PaymentStatus=0&DueDateStatus=&Top=50&Skip=`),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${BASE}/companies/10001/invoices?PaymentStatus=0&Top=50`);
  });

  it('keep one value of a repeated filter', () => {
    const response = proxy(new NextRequest(`${BASE}/companies/10001/expenses?DocumentType=10&DocumentType=11`));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${BASE}/companies/10001/expenses?DocumentType=10`);
  });

  it('leave a tidy list address, and every other page, alone', () => {
    for (const path of [
      '/companies/10001/invoices?PaymentStatus=0',
      '/companies/10001/delivery-notes',
      '/companies/10001?connection=',
    ]) {
      const response = proxy(new NextRequest(`${BASE}${path}`));
      expect(response.headers.get('location'), path).toBeNull();
    }
  });
});

describe('document addresses whose id cannot name a document', () => {
  it('are answered 404 before the page renders (a page streams, so it cannot choose its status later)', () => {
    for (const path of [
      'invoices/0x10',
      'invoices/1e3',
      'invoices/016',
      'invoices/%2B16',
      'delivery-notes/-1',
      'expenses/42',
      'expenses/%E2%80%AE',
    ]) {
      expect(
        proxy(
          new NextRequest(`${BASE}/companies/10001/${path}`, { headers: { cookie: '__Host-kros-addon-session=x' } }),
        ).status,
        path,
      ).toBe(404);
    }
  });

  it('leave well-written ids and other pages alone', () => {
    for (const path of [
      'invoices/16',
      'invoices/9223372036854775807',
      'delivery-notes/7',
      'expenses/5b0c5bd8-0c4b-4e0b-9a55-b4f1b1a8e6a1',
      'invoices',
      'activity',
    ]) {
      expect(
        proxy(
          new NextRequest(`${BASE}/companies/10001/${path}`, { headers: { cookie: '__Host-kros-addon-session=x' } }),
        ).status,
        path,
      ).toBe(200);
    }
  });
});
