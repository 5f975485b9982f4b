// How the scan breakdowns and the chart name things: device classes, countries and days.

const DEVICE_LABELS: Record<string, string> = {
  mobile: 'Mobile',
  desktop: 'Desktop',
  bot: 'Link previews and bots',
  other: 'Other',
};

export function deviceLabel(device: string): string {
  return DEVICE_LABELS[device] ?? device;
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region' });

/** 'United Kingdom' for 'GB'; the code itself when the browser has no name for it. */
export function countryLabel(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

// The days are UTC calendar days (YYYY-MM-DD): format them in UTC so no zone shifts them.
const shortDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '25 Nov' on the axis, 'Wed 25 November 2026' in the tooltip. */
export function formatDay(date: string, length: 'short' | 'long' = 'short'): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return (length === 'short' ? shortDay : longDay).format(day);
}

const numberFormat = new Intl.NumberFormat('en-GB');

export function formatCount(count: number, one: string, many: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? one : many}`;
}
