import { formatDateTime } from '@/lib/dates';

describe('formatDateTime', () => {
  it.each([
    ['2026-03-05T14:07:00Z', 'UTC', '5 March 2026, 02:07 pm'],
    ['2026-03-05T00:05:00Z', 'UTC', '5 March 2026, 12:05 am'],
    ['2026-12-25T12:30:00Z', 'UTC', '25 December 2026, 12:30 pm'],
    // The same instant reads differently in the user's own time zone.
    ['2026-03-05T14:07:00Z', 'Asia/Kolkata', '5 March 2026, 07:37 pm'],
    ['2026-03-05T02:07:00Z', 'America/New_York', '4 March 2026, 09:07 pm'],
  ])('formats %s in %s as %s', (instant, timeZone, expected) => {
    expect(formatDateTime(instant, timeZone)).toBe(expected);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    const instant = Date.UTC(2026, 2, 5, 14, 7);
    expect(formatDateTime(new Date(instant), 'UTC')).toBe('5 March 2026, 02:07 pm');
    expect(formatDateTime(instant, 'UTC')).toBe('5 March 2026, 02:07 pm');
  });

  it("uses the browser's time zone by default", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime('2026-03-05T14:07:00Z')).toBe(
      formatDateTime('2026-03-05T14:07:00Z', zone),
    );
  });

  it('gives an empty text for an unreadable date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
