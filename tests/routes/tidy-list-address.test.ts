import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { BASE } from '../support/broker';

/**
 * A list's filter form is a GET form: it submits every field, blank or not. The proxy answers such an address with
 * a redirect to its tidy form before anything renders, so the address a user shares names only real filters.
 */
describe('list addresses with blank filters', () => {
  it('are redirected (303) to the same list without the blanks', () => {
    const response = proxy(new NextRequest(`${BASE}/companies/10001/invoices?IssueDateFrom=&PaymentStatus=0&DueDateStatus=&Top=50&Skip=`));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${BASE}/companies/10001/invoices?PaymentStatus=0&Top=50`);
  });

  it('keep one value of a repeated filter', () => {
    const response = proxy(new NextRequest(`${BASE}/companies/10001/expenses?DocumentType=10&DocumentType=11`));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${BASE}/companies/10001/expenses?DocumentType=10`);
  });

  it('leave a tidy list address, and every other page, alone', () => {
    for (const path of ['/companies/10001/invoices?PaymentStatus=0', '/companies/10001/delivery-notes', '/companies/10001?connection=']) {
      const response = proxy(new NextRequest(`${BASE}${path}`));
      expect(response.headers.get('location'), path).toBeNull();
    }
  });
});
