// 'Plans': the plans side by side with a monthly/yearly switch, the account's own marked, Choose → Stripe Checkout
// (or a mail to us when a plan is not sold online), and their limits compared in a table. Plans are the owner's
// decision: a shared user who opens the address is told so.
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { SectionHeader } from '@/components/section-header';
import { env } from '@/config/env';
import { pathTo } from '@/config/routes';
import { selectIsSharedUser, selectOwnerName } from '@/lib/session/session-slice';

import {
  useCreateCheckoutSessionMutation,
  useGetPlansQuery,
  useGetSubscriptionQuery,
  type BillingInterval,
  type Plan,
} from '../api/subscription-api';
import { yearlySavingPercent } from '../format';

import { PlanCard } from './plan-card';
import { PlanComparisonTable } from './plan-comparison-table';
import { useStripeRedirect } from './use-stripe-redirect';

function OwnerOnlyState() {
  const ownerName = useAppSelector(selectOwnerName);
  return (
    <EmptyState
      icon={LockOutlined}
      title="Only the account owner can change the plan"
      description={`Ask the account owner${ownerName ? ` (${ownerName})` : ''} if your team needs more.`}
      action={
        <Button component={RouterLink} to={pathTo('subscription-overview')} variant="contained">
          See the current plan
        </Button>
      }
    />
  );
}

function IntervalToggle({
  value,
  onChange,
  saving,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  saving: number;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      onChange={(_event, next: BillingInterval | null) => next && onChange(next)}
      aria-label="Billing period"
    >
      <ToggleButton value="month" sx={{ px: 2 }}>
        Monthly
      </ToggleButton>
      <ToggleButton value="year" sx={{ px: 2 }}>
        {/* The space keeps "Yearly" and the saving two words in the button's name; the margin shows the gap. */}
        Yearly{' '}
        {saving > 0 && (
          <Box component="span" sx={{ ml: 1, fontWeight: 600, color: 'success.dark' }}>
            {`save up to ${saving}%`}
          </Box>
        )}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function PlansLoading() {
  return (
    <Box
      aria-busy="true"
      role="progressbar"
      aria-label="Loading plans"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} variant="rounded" height={360} />
      ))}
    </Box>
  );
}

function Plans() {
  const plansQuery = useGetPlansQuery();
  const { data: subscription } = useGetSubscriptionQuery();
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(null);
  const [createCheckoutSession, { isLoading: isCreating, originalArgs }] =
    useCreateCheckoutSessionMutation();
  const { redirectingTo, follow } = useStripeRedirect<string>();
  // Until the user picks, the period they pay in now (monthly for Free).
  const interval = chosenInterval ?? subscription?.interval ?? 'month';

  if (plansQuery.isLoading) return <PlansLoading />;
  if (plansQuery.isError && !plansQuery.data) {
    return (
      <LoadErrorState
        error={plansQuery.error}
        title="Plans could not be loaded"
        onRetry={() => void plansQuery.refetch()}
      />
    );
  }
  if (!plansQuery.data) return null;

  const { plans, checkout_enabled: isCheckoutEnabled } = plansQuery.data;
  const currentPlanId = subscription?.plan.id;
  const isOnPaidPlan = subscription?.status === 'active' || subscription?.status === 'past_due';
  const choosingPlanId = redirectingTo ?? (isCreating ? originalArgs?.plan_id : undefined);
  const saving = Math.max(0, ...plans.map(yearlySavingPercent));

  const choose = (plan: Plan) =>
    void follow(plan.id, createCheckoutSession({ plan_id: plan.id, interval }), {
      summary: 'Checkout unavailable',
      fallback: `Checkout could not be opened. Try again, or write to us at ${env.SUPPORT_EMAIL}.`,
    });

  return (
    <Stack spacing={4}>
      <SectionHeader
        title="Choose a plan"
        description="Pick the plan that fits the number of documents you secure. You can change or cancel it at any time."
        action={<IntervalToggle value={interval} onChange={setChosenInterval} saving={saving} />}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, 1fr)',
            lg: `repeat(${Math.min(plans.length, 4)}, 1fr)`,
          },
        }}
      >
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            interval={interval}
            isCurrent={plan.id === currentPlanId}
            canCheckout={isCheckoutEnabled && plan.checkout_intervals.includes(interval)}
            isOnPaidPlan={isOnPaidPlan}
            isChoosing={choosingPlanId === plan.id}
            isDisabled={choosingPlanId !== undefined && choosingPlanId !== plan.id}
            onChoose={choose}
          />
        ))}
      </Box>
      <PlanComparisonTable plans={plans} currentPlanId={currentPlanId} />
      <Typography variant="body2" color="text.secondary">
        {'Questions about plans or billing? Write to us at '}
        <Link href={`mailto:${env.SUPPORT_EMAIL}`}>{env.SUPPORT_EMAIL}</Link>.
      </Typography>
    </Stack>
  );
}

export function PlansScreen() {
  const isSharedUser = useAppSelector(selectIsSharedUser);
  return isSharedUser ? <OwnerOnlyState /> : <Plans />;
}
