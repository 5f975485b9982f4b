// 'Payment Completed': Stripe sends the user here after Checkout, with the session's id. Nobody is thanked for a
// payment Stripe does not report: the screen first asks the server whether that session, of this account, is paid
// (an address typed by hand or another account's session confirms nothing). Paid, the plan changes when Stripe's
// webhook reaches the server, which may be a moment later: the screen asks for the subscription every 1.5 s for up
// to 10 s, then confirms the plan — or says it will update shortly.
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { useAppSelector } from '@/app/hooks';
import { EmptyState } from '@/components/empty-state';
import { LoadErrorState } from '@/components/load-error-state';
import { pathTo } from '@/config/routes';
import { httpStatusOf } from '@/lib/api/api-error-notification';

import {
  subscriptionApi,
  useGetCheckoutSessionQuery,
  useGetSubscriptionQuery,
  type CheckoutSession,
  type Subscription,
} from '../api/subscription-api';

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const CONFIRM_POLL_INTERVAL_MS = 1500;
export const CONFIRM_TIMEOUT_MS = 10_000;

/** The parameter Stripe's success URL carries ({CHECKOUT_SESSION_ID}). */
export const CHECKOUT_SESSION_PARAM = 'session_id';

const selectSubscriptionResult = subscriptionApi.endpoints.getSubscription.select();

/** The webhook has landed: the account is on the plan it paid for, in good standing. */
function isUpgraded(
  subscription: Subscription | undefined,
  paid: CheckoutSession,
): subscription is Subscription {
  return subscription?.status === 'active' && (!paid.plan || subscription.plan.id === paid.plan.id);
}

function OverviewLink() {
  return (
    <Button component={RouterLink} to={pathTo('subscription-overview')} variant="contained">
      See your subscription
    </Button>
  );
}

function Confirming() {
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

function NothingToConfirm({ hasSession }: { hasSession: boolean }) {
  return (
    <EmptyState
      icon={InfoOutlined}
      title="Nothing to confirm"
      description={
        hasSession
          ? 'Stripe does not report a payment for this checkout, so there is nothing to confirm and your plan has not changed.'
          : 'This page confirms a payment made through Checkout, and no payment came with this visit. Your plan has not changed.'
      }
      action={<OverviewLink />}
    />
  );
}

/** After Stripe has said the session is paid: waits for the plan to change, then says which it is. */
function PaidCheckout({ paid }: { paid: CheckoutSession }) {
  const [openedAt] = useState(Date.now);
  const [isTimedOut, setIsTimedOut] = useState(false);
  // An answer cached from before the payment says nothing about it: only one asked for since counts.
  const latest = useAppSelector(selectSubscriptionResult);
  const isFresh = (latest.fulfilledTimeStamp ?? 0) >= openedAt;
  const upgraded = isFresh && isUpgraded(latest.data, paid) ? latest.data : undefined;
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
        description={`Stripe has confirmed your payment${paid.plan ? ` for the ${paid.plan.name} plan` : ''}. Your plan will update in a few minutes.`}
        action={<OverviewLink />}
      />
    );
  }
  return <Confirming />;
}

export function PaymentConfirmedScreen() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get(CHECKOUT_SESSION_PARAM);
  const checkout = useGetCheckoutSessionQuery(sessionId || skipToken);

  if (!sessionId) return <NothingToConfirm hasSession={false} />;
  if (checkout.isLoading) return <Confirming />;
  if (checkout.data?.paid) return <PaidCheckout paid={checkout.data} />;
  if (checkout.isError) {
    const status = httpStatusOf(checkout.error as FetchBaseQueryError);
    // Stripe down or the connection lost: the payment may well have gone through, so nothing is said of it.
    const isUnanswered = status === null || status >= 500;
    if (isUnanswered) {
      return (
        <LoadErrorState
          title="Your payment could not be checked"
          error={checkout.error}
          onRetry={() => void checkout.refetch()}
        />
      );
    }
  }
  return <NothingToConfirm hasSession />;
}
