// 'Subscription' (the Overview tab): the account's plan and its status, when it renews or ends, and how much of
// each limit is used. The owner manages billing in Stripe's portal and changes plan; shared users only look.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { LoadErrorState } from '@/components/load-error-state';
import { pathTo } from '@/config/routes';
import { selectIsSharedUser, selectOwnerName } from '@/lib/session/session-slice';

import { useGetSubscriptionQuery, type Subscription } from '../api/subscription-api';
import { formatCount, formatDate } from '../format';

import { SubscriptionStatusChip } from './subscription-status-chip';
import { UsageMeter } from './usage-meter';
import { useOpenBillingPortal } from './use-stripe-redirect';

/** 'Billed monthly · Renews on 5 April 2026', or what the plan's state is when nothing renews. */
function billingLine(subscription: Subscription): string {
  const { status, interval, current_period_end: periodEnd } = subscription;
  // Not paying: on the server's default plan (Free where plans are sold) or on one an operator assigned.
  if (status === 'free') {
    return subscription.plan.id === 'free'
      ? 'No payment needed. Upgrade whenever you need more.'
      : 'No payment needed for this plan.';
  }
  if (status === 'canceled') {
    return `Your paid plan has ended; the ${subscription.plan.name} plan’s limits apply.`;
  }
  const parts = [];
  if (interval) parts.push(interval === 'year' ? 'Billed yearly' : 'Billed monthly');
  if (periodEnd) {
    const date = formatDate(periodEnd);
    parts.push(subscription.cancel_at_period_end ? `Ends on ${date}` : `Renews on ${date}`);
  }
  return parts.join(' · ');
}

function PlanSummary({ subscription }: { subscription: Subscription }) {
  const isSharedUser = useAppSelector(selectIsSharedUser);
  const ownerName = useAppSelector(selectOwnerName);
  const portal = useOpenBillingPortal();
  const canManageBilling = subscription.billing_portal && !isSharedUser;
  return (
    <Card component="section" aria-labelledby="current-plan-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <div>
            <Typography variant="overline" color="text.secondary" id="current-plan-title">
              Current plan
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Typography variant="h2" component="p">
                {subscription.plan.name}
              </Typography>
              <SubscriptionStatusChip status={subscription.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {billingLine(subscription)}
            </Typography>
            {isSharedUser && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {`The account owner${ownerName ? ` (${ownerName})` : ''} manages the plan and billing.`}
              </Typography>
            )}
          </div>
          {!isSharedUser && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
              {canManageBilling && (
                <Button
                  variant="outlined"
                  loading={portal.isOpening}
                  onClick={() => void portal.open()}
                >
                  Manage billing
                </Button>
              )}
              <Button component={RouterLink} to={pathTo('subscription-plans')} variant="contained">
                Change plan
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function FeatureRow({
  label,
  isIncluded,
  note,
}: {
  label: string;
  isIncluded: boolean;
  note?: string;
}) {
  const Icon = isIncluded ? CheckCircleOutlined : RemoveCircleOutlineOutlined;
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: 'center' }}
      aria-label={label}
      role="group"
    >
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ alignItems: 'center', color: isIncluded ? 'success.main' : 'text.secondary' }}
      >
        <Icon sx={{ fontSize: 18 }} aria-hidden />
        <Typography variant="body2" color={isIncluded ? 'text.primary' : 'text.secondary'}>
          {isIncluded ? (note ?? 'Included') : 'Not included'}
        </Typography>
      </Stack>
    </Stack>
  );
}

function UsageCard({ subscription }: { subscription: Subscription }) {
  const { limits } = subscription.plan;
  const { usage } = subscription;
  const bulkRows = limits.bulk_rows;
  return (
    <Card component="section" aria-labelledby="usage-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h3" component="h3" id="usage-title">
          Usage
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          What your plan allows and how much of it is used. Public verification pages never stop
          working, whatever the plan.
        </Typography>
        <Stack spacing={3} divider={<Divider flexItem />}>
          <UsageMeter
            label="Verifications this month"
            used={usage.verifications_this_month}
            limit={limits.verifications_per_month}
            note={`Resets on ${formatDate(usage.month_resets_at, 'UTC')}`}
          />
          <UsageMeter label="Team members" used={usage.team_members} limit={limits.team_members} />
          <Stack spacing={2}>
            <FeatureRow
              label="Bulk operations"
              isIncluded={bulkRows !== 0}
              note={
                bulkRows === null ? 'Unlimited rows' : `Up to ${formatCount(bulkRows)} rows each`
              }
            />
            <FeatureRow label="Custom domain" isIncluded={limits.custom_domain} />
            <FeatureRow label="API & webhooks" isIncluded={limits.api_access} />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function SubscriptionOverviewScreen() {
  // Usage changes with every verification secured elsewhere: ask again whenever the screen opens.
  const { data, isLoading, isError, error, refetch } = useGetSubscriptionQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  if (isLoading) {
    return (
      <Stack spacing={3} aria-busy="true" role="progressbar" aria-label="Loading the subscription">
        <Skeleton variant="rounded" height={128} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  }
  if (isError && !data) {
    return (
      <LoadErrorState
        error={error}
        title="The subscription could not be loaded"
        onRetry={() => void refetch()}
      />
    );
  }
  if (!data) return null;
  return (
    <Stack spacing={3}>
      <PlanSummary subscription={data} />
      <UsageCard subscription={data} />
    </Stack>
  );
}
