// How the subscription screens word their numbers: prices from minor units, dates without a time, and how full a
// limit is.
import type { BillingInterval, Plan } from './api/subscription-api';

const LOCALE = 'en-GB';

/** '$19', '$15.83', '€190': the plan's currency, whole amounts without decimals. `amount` is in minor units. */
export function formatPrice(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits =
    new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  const value = amount / 10 ** digits;
  return new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(value) ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** The plan's price for one interval in minor units, or null when it is not sold at a set price. */
export function priceFor(plan: Plan, interval: BillingInterval): number | null {
  return interval === 'year' ? plan.price_yearly : plan.price_monthly;
}

/** Whole percent a year's price saves against twelve months, or 0 when it saves nothing (or is not set). */
export function yearlySavingPercent(plan: Plan): number {
  const { price_monthly: monthly, price_yearly: yearly } = plan;
  if (!monthly || !yearly) return 0;
  const saving = 1 - yearly / (12 * monthly);
  return saving > 0 ? Math.floor(saving * 100) : 0;
}

/** '5 April 2026'; `timeZone` 'UTC' for dates the server counts in UTC (the month's reset). */
export function formatDate(value: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(date);
}

export function formatCount(value: number): string {
  return value.toLocaleString(LOCALE);
}

/** How full a counted limit is: `warning` from 80 %, `full` at 100 % (a limit of 0 is full from the start). */
export type UsageLevel = 'normal' | 'warning' | 'full';

export const USAGE_WARNING_PERCENT = 80;

export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return 100;
  return Math.min(100, (used / limit) * 100);
}

export function usageLevel(used: number, limit: number): UsageLevel {
  const percent = limit <= 0 ? 100 : (used / limit) * 100;
  if (percent >= 100) return 'full';
  return percent >= USAGE_WARNING_PERCENT ? 'warning' : 'normal';
}
