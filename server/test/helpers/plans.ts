// Plan limits for tests. Most tests (and e2e specs) are about something else than quotas: their accounts get a
// Free plan without limits. Tests of the limits set PLAN_LIMITS_OVERRIDE themselves.
import type { PlanId, PlanLimits } from '@common/subscription-schemas';

export const NO_LIMITS: PlanLimits = {
  verifications_per_month: null,
  bulk_rows: null,
  team_members: null,
  custom_domain: true,
  api_access: true,
};

/** PLAN_LIMITS_OVERRIDE's value for the given limits by plan. */
export function planLimitsOverride(limits: Partial<Record<PlanId, Partial<PlanLimits>>>): string {
  return JSON.stringify(limits);
}

export const UNLIMITED_FREE_PLAN = planLimitsOverride({ free: NO_LIMITS });
