import { describe, expect, it } from 'vitest';

import { addDays, calendarDay, companyToday } from '@/lib/base/calendar';
import {
  formatClockTime,
  formatDay,
  formatFileSize,
  formatMoney,
  formatPercent,
  formatWallClock,
} from '@/lib/base/i18n/format';

// Intl separates groups and units with (narrow) no-break spaces; the specifications read better with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('is written the Slovak way in Slovak and the British way in English', () => {
    expect(plain(formatMoney(1234.5, 'EUR', 'sk'))).toBe('1 234,50 €');
    expect(formatMoney(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(plain(formatMoney(10478.63, 'CZK', 'sk'))).toBe('10 478,63 CZK');
    expect(formatMoney(59.84, 'USD', 'en')).toBe('US$59.84');
  });

  it('keeps the sign of a credit note', () => {
    expect(plain(formatMoney(-81.59, 'EUR', 'sk'))).toBe('-81,59 €');
    expect(formatMoney(-81.59, 'EUR', 'en')).toBe('-€81.59');
  });

  it('writes an unknown or missing currency after the number, and a missing amount as a dash', () => {
    expect(plain(formatMoney(12, 'X1', 'sk'))).toBe('12,00 X1');
    expect(formatMoney(12, null, 'en')).toBe('12.00');
    expect(formatMoney(null, 'EUR', 'sk')).toBe('—');
    expect(formatMoney(Number.NaN, 'EUR', 'sk')).toBe('—');
  });
});

describe('days', () => {
  it('reads a service date as a calendar day, whatever zone the server runs in', () => {
    expect(calendarDay('2026-07-22T00:00:00')).toBe('2026-07-22');
    expect(calendarDay('2026-07-22')).toBe('2026-07-22');
    expect(calendarDay('2026-02-30T00:00:00')).toBeNull();
    expect(calendarDay('22.07.2026')).toBeNull();
    expect(calendarDay(null)).toBeNull();
  });

  it('formats the day itself: midnight records never slip to the day before', () => {
    expect(plain(formatDay('2026-07-22T00:00:00', 'sk'))).toBe('22. 7. 2026');
    expect(formatDay('2026-07-22T00:00:00', 'en')).toBe('22/07/2026');
    expect(formatDay('2026-01-01T00:00:00', 'en')).toBe('01/01/2026');
    expect(formatDay(undefined, 'sk')).toBe('—');
  });

  it('shows a zoneless timestamp as the wall-clock time it states', () => {
    expect(plain(formatWallClock('2026-07-22T23:30:05.1234567', 'sk'))).toBe('22. 7. 2026 23:30');
    expect(formatWallClock('2026-07-22T08:05:00', 'en')).toBe('22/07/2026, 08:05');
  });

  it("takes today from Bratislava's calendar: 23:30 UTC on the 21st is already the 22nd there in summer", () => {
    expect(companyToday(new Date('2026-07-21T23:30:00Z'))).toBe('2026-07-22');
    expect(companyToday(new Date('2026-07-21T21:59:00Z'))).toBe('2026-07-21');
    expect(companyToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('tells the time in Bratislava, winter and summer', () => {
    expect(formatClockTime(new Date('2026-01-15T13:05:00Z'), 'sk')).toBe('14:05');
    expect(formatClockTime(new Date('2026-07-15T13:05:00Z'), 'en')).toBe('15:05');
  });

  it('moves along the calendar by whole days, across months and leap days', () => {
    expect(addDays('2026-03-01', -60)).toBe('2025-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });
});

describe('sizes and rates', () => {
  it('writes file sizes in SI units with the language decimal mark', () => {
    expect(plain(formatFileSize(950, 'sk'))).toBe('950 B');
    expect(plain(formatFileSize(2066, 'sk'))).toBe('2,1 kB');
    expect(formatFileSize(4_100_000, 'en')).toBe('4.1 MB');
    expect(formatFileSize(null, 'en')).toBe('—');
  });

  it('writes VAT rates given in percent', () => {
    expect(plain(formatPercent(23, 'sk'))).toBe('23 %');
    expect(formatPercent(5, 'en')).toBe('5%');
  });
});

describe('counted nouns and placeholders', () => {
  it('use the plural form the language needs', async () => {
    const { countOf, documentTexts, fill } = await import('@/lib/base/i18n/documents');
    const sk = documentTexts.sk.documents;
    expect(plain(countOf(1, sk, 'sk'))).toBe('1 doklad');
    expect(plain(countOf(3, sk, 'sk'))).toBe('3 doklady');
    expect(plain(countOf(5, sk, 'sk'))).toBe('5 dokladov');
    expect(plain(countOf(1200, sk, 'sk'))).toBe('1 200 dokladov');
    expect(countOf(1, documentTexts.en.documents, 'en')).toBe('1 document');
    expect(countOf(0, documentTexts.en.documents, 'en')).toBe('0 documents');
    expect(fill('Try again in {seconds} s ({unknown}).', { seconds: 5 })).toBe('Try again in 5 s ({unknown}).');
  });
});
