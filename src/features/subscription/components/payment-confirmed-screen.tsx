// 'Payment Completed': Stripe sends the user here after paying. The plan changes when Stripe's webhook reaches the
// server, which may be a moment later, so the screen asks for the subscription every 1.5 s for up to 10 s, then
// confirms the plan — or says the payment is being processed.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { pathTo } from '@/app/routes';
import { EmptyState } from '@/components/empty-state';

import {
  subscriptionApi,
  useGetSubscriptionQuery,
  type Subscription,
} from '../api/subscription-api';

export const CONFIRM_POLL_INTERVAL_MS = 1500;
export const CONFIRM_TIMEOUT_MS = 10_000;

const selectSubscriptionResult = subscriptionApi.endpoints.getSubscription.select();

/** The webhook has landed: the account is on a paid plan in good standing. */
function isUpgraded(subscription: Subscription | undefined): subscription is Subscription {
  return subscription?.status === 'active' && subscription.plan.id !== 'free';
}

function OverviewLink() {
  return (
    <Button component={RouterLink} to={pathTo('subscription-overview')} variant="contained">
      See your subscription
    </Button>
  );
}

export function PaymentConfirmedScreen() {
  const [openedAt] = useState(Date.now);
  const [isTimedOut, setIsTimedOut] = useState(false);
  // An answer cached from before the payment says nothing about it: only one asked for since counts.
  const latest = useAppSelector(selectSubscriptionResult);
  const isFresh = (latest.fulfilledTimeStamp ?? 0) >= openedAt;
  const upgraded = isFresh && isUpgraded(latest.data) ? latest.data : undefined;
  const isWaiting = !upgraded && !isTimedOut;
  useGetSubscriptionQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: isWaiting ? CONFIRM_POLL_INTERVAL_MS : 0,
  });

  useEffect(() => {
    const timer = setTimeout(() => setIsTimedOut(true), CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  if (upgraded) {
    return (
      <EmptyState
        icon={CheckCircleOutlined}
        tone="success"
        title="Payment completed"
        description={`Thank you. You are on the ${upgraded.plan.name} plan.`}
        action={<OverviewLink />}
      />
    );
  }
  if (isTimedOut) {
    return (
      <EmptyState
        icon={HourglassEmptyOutlined}
        title="Thank you for your payment"
        description="Your payment is being processed. Your plan will update in a few minutes."
        action={<OverviewLink />}
      />
    );
  }
  return (
    <Card>
      <CardContent
        sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 3 }}
        role="status"
        aria-live="polite"
      >
        <CircularProgress size={48} aria-label="Confirming your payment" />
        <Typography variant="h2" component="h2" sx={{ mt: 3 }}>
          Confirming your payment…
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          This takes a few seconds. Please keep this page open.
        </Typography>
      </CardContent>
    </Card>
  );
}
