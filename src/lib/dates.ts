// The one date format of the product: '5 March 2026, 02:07 pm' in the user's zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      // h12, not hour12: true — en-GB would otherwise answer 00:05 am for five past midnight.
      hourCycle: 'h12',
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats an instant as 'day month year, hh:mm am/pm'. The time zone defaults to the browser's;
 * an unparseable value gives '' so a bad server date never breaks a screen.
 */
export function formatDateTime(value: Date | string | number, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const dayPeriod = (parts.dayPeriod ?? '').toLowerCase();
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${dayPeriod}`;
}
