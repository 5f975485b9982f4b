// What the account's plan allows, for the screens whose work a plan limits (API keys and webhooks, the custom
// domain, team seats, bulk rows): shown before the user starts, rather than learnt from a refusal after submit.
// Until the plan is known (loading, or the call failed) nothing is held back: the server still refuses what the
// plan lacks, with its own message.
import type { Plan, PlanLimitKey } from '@common/subscription-schemas';

import { useGetPlansQuery, useGetSubscriptionQuery } from './api/subscription-api';
import { selectIsSharedUser, selectOwnerName } from './session/session-slice';
import { useSessionSelector } from './session/use-session-selector';

type FeatureKey = Extract<PlanLimitKey, 'api_access' | 'custom_domain'>;
type CountKey = Extract<PlanLimitKey, 'team_members' | 'bulk_rows'>;

/** Who may change the plan: the owner; a shared user is told whom to ask. */
export interface PlanChanger {
  canChangePlan: boolean;
  /** The owner's name or email, for a shared user. */
  ownerName: string | null;
}

export interface FeatureAllowance extends PlanChanger {
  /** False only once the plan is known to lack the feature. */
  isIncluded: boolean;
  /** The account's plan, once known. */
  planName: string | null;
  /** The first plan on sale that includes it, or null. */
  upgradeTo: Plan | null;
}

export interface CountAllowance extends PlanChanger {
  /** The plan's number; null when unlimited or not known yet. */
  limit: number | null;
  planName: string | null;
  /** The first plan that allows more, or null. */
  upgradeTo: Plan | null;
}

function usePlanChanger(): PlanChanger {
  const isSharedUser = useSessionSelector(selectIsSharedUser);
  const ownerName = useSessionSelector(selectOwnerName);
  return { canChangePlan: !isSharedUser, ownerName };
}

function usePlans() {
  const { data: subscription } = useGetSubscriptionQuery();
  const { data: plans } = useGetPlansQuery();
  return { plan: subscription?.plan, plans: plans?.plans ?? [] };
}

export function useFeatureAllowance(key: FeatureKey): FeatureAllowance {
  const changer = usePlanChanger();
  const { plan, plans } = usePlans();
  return {
    ...changer,
    isIncluded: plan ? plan.limits[key] : true,
    planName: plan?.name ?? null,
    upgradeTo: plans.find((candidate) => candidate.limits[key]) ?? null,
  };
}

export function useCountAllowance(key: CountKey): CountAllowance {
  const changer = usePlanChanger();
  const { plan, plans } = usePlans();
  const limit = plan?.limits[key] ?? null;
  const allowsMore = (candidate: Plan) => {
    const more = candidate.limits[key];
    return limit !== null && (more === null || more > limit);
  };
  return {
    ...changer,
    limit,
    planName: plan?.name ?? null,
    upgradeTo: plans.find(allowsMore) ?? null,
  };
}
