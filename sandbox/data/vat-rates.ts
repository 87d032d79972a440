/**
 * The Slovak VAT rates in force on a day (the day of the taxable supply): 20 % and 10 % until 2022, a 5 % rate beside
 * them from 2023, and 23 %, 19 % and 5 % from 1 January 2025; 0 % (exempt, reverse charge, export) always.
 */
const PERIODS: readonly { from: string; rates: readonly number[]; standard: number }[] = [
  { from: '2025-01-01', rates: [23, 19, 5, 0], standard: 23 },
  { from: '2023-01-01', rates: [20, 10, 5, 0], standard: 20 },
  { from: '0000-01-01', rates: [20, 10, 0], standard: 20 },
];

const periodOn = (day: string) => PERIODS.find((period) => day >= period.from) ?? PERIODS[PERIODS.length - 1]!;

/** `day` as `yyyy-MM-dd`. */
export function vatRatesOn(day: string): readonly number[] {
  return periodOn(day).rates;
}

export function standardVatRateOn(day: string): number {
  return periodOn(day).standard;
}
