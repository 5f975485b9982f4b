// How the verification screens write dates, sizes and statuses. Instants use the product's one
// format (lib/dates); calendar dates (issue, expiry) have no time, so they show the day only.
const calendarDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-03-05' → '5 March 2026'; anything unparseable gives ''. */
export function formatCalendarDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return '';
  const [, year, month, day] = match.map(Number);
  return calendarDate.format(new Date(Date.UTC(year, month - 1, day)));
}

/** Today in the user's zone as YYYY-MM-DD, the value a date input holds. */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Who created a verification, as the screens name them: their name, or their email when they gave none. */
export function authorName(author: { name: string; email: string }): string {
  return author.name || author.email;
}
