// Calendar dates as the product writes them out, the same on the server, the public page and the SPA.

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A YYYY-MM-DD date in words ('5 March 2026'): 05/03/2026 means different days on either side of the Atlantic.
 * Anything else is returned as it is.
 */
export function longDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${Number(day)} ${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}
