import { type Day, isoDay } from './calendar';
import type { Random } from './random';

/** `OF` + year + six digits, e.g. `OF2026000123`: at most 20 characters for any code of at most 5. */
export function formatDocumentNumber(code: string, year: number, number: number): string {
  return `${code}${year}${String(number).padStart(6, '0')}`;
}

/**
 * Counters per (code, year). The earliest generated year starts mid-way, as if the company had issued documents
 * before the generated window; later years start at 1, as the service restarts numbering each year.
 */
export function createNumbering(random: Random) {
  const counters = new Map<string, number>();
  const firstYear = new Map<string, number>();
  return (code: string, day: Day): string => {
    const year = Number(isoDay(day).slice(0, 4));
    const key = `${code}/${year}`;
    let current = counters.get(key);
    if (current === undefined) {
      const first = firstYear.get(code);
      if (first === undefined) firstYear.set(code, year);
      current = first === undefined ? random.int(40, 300) : 0;
    }
    counters.set(key, current + 1);
    return formatDocumentNumber(code, year, current + 1);
  };
}

/** The next free number of a sequence in a year, for an upload that leaves numbering to the service. */
export function nextDocumentNumber(existing: Iterable<string>, code: string, year: number): string {
  const prefix = `${code}${year}`;
  let max = 0;
  for (const number of existing) {
    if (!number.startsWith(prefix)) continue;
    const tail = Number(number.slice(prefix.length));
    if (Number.isInteger(tail) && tail > max) max = tail;
  }
  return formatDocumentNumber(code, year, max + 1);
}

/** The service derives a variable symbol from the number by dropping what a symbol may not hold (letters). */
export function variableSymbolOf(documentNumber: string): string {
  return documentNumber.replace(/\D/g, '').slice(-10);
}
