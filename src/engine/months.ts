/**
 * Months are 'YYYY-MM' strings, and all month arithmetic lives here.
 * Why strings: `new Date('2026-01')` is parsed as UTC midnight and shown in local time, so in the
 * Americas it becomes December. A month key has no time zone and sorts as text.
 */
declare const monthBrand: unique symbol;
/** A calendar month, 'YYYY-MM' with a zero-padded month. */
export type MonthKey = string & { readonly [monthBrand]: 'MonthKey' };

const MONTH = /^(\d{4})-(\d{2})$/;

/** Reads a 'YYYY-MM' text; null when it is not one (month 1–12, year 0001–9999). */
export function parseMonthKey(text: string): MonthKey | null {
  const match = MONTH.exec(text);
  if (!match) return null;
  const month = Number(match[2]);
  if (Number(match[1]) < 1 || month < 1 || month > 12) return null;
  return text as MonthKey;
}

/** The one factory for MonthKey from numbers: monthKey(2026, 3) → '2026-03'. */
export function monthKey(year: number, month: number): MonthKey {
  if (!Number.isInteger(year) || !Number.isInteger(month) || year < 1 || year > 9999 || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${year}-${month}`);
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}` as MonthKey;
}

/**
 * The month a `Date` falls in on the local calendar (the browser's time zone), which is the month a
 * person is living in: at 23:30 on 31 January in New York it is already February in UTC, but
 * localMonth(new Date(2026, 0, 31, 23, 30)) → '2026-01'. Pure: the caller passes "now" in.
 */
export function localMonth(date: Date): MonthKey {
  return monthKey(date.getFullYear(), date.getMonth() + 1);
}

/** The month of a 'YYYY-MM-DD' date (or an ISO timestamp, whose date part is used). */
export function monthOfDate(date: string): MonthKey {
  const key = parseMonthKey(date.slice(0, 7));
  if (!key) throw new RangeError(`Not a date: ${date}`);
  return key;
}

export function yearOf(month: MonthKey): number {
  return Number(month.slice(0, 4));
}

export function monthOf(month: MonthKey): number {
  return Number(month.slice(5, 7));
}

/** addMonths('2026-11', 3) → '2027-02'. */
export function addMonths(month: MonthKey, count: number): MonthKey {
  const index = yearOf(month) * 12 + (monthOf(month) - 1) + count;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

/** Whole months from `from` to `to`: monthsBetween('2026-11', '2027-02') → 3. */
export function monthsBetween(from: MonthKey, to: MonthKey): number {
  return yearOf(to) * 12 + monthOf(to) - (yearOf(from) * 12 + monthOf(from));
}

/**
 * The months start, start + 1, …: an array whose first `count` entries are those months (it may
 * hold more). monthSeries('2026-11', 3) starts ['2026-11', '2026-12', '2027-01'].
 * Every table of a projection runs from the same month 1, so the keys are made once and shared:
 * the series of the last few starts are kept, and only ever grow. The array is shared; never
 * change it.
 */
export function monthSeries(start: MonthKey, count: number): readonly MonthKey[] {
  let months = seriesByStart.get(start);
  if (months === undefined) {
    if (seriesByStart.size >= 8) seriesByStart.clear();
    months = [];
    seriesByStart.set(start, months);
  }
  if (months.length < count) {
    const first = yearOf(start) * 12 + monthOf(start) - 1;
    for (let index = months.length; index < count; index += 1) {
      const value = first + index;
      months.push(monthKey(Math.floor(value / 12), (value % 12) + 1));
    }
  }
  return months;
}

const seriesByStart = new Map<MonthKey, MonthKey[]>();
