// Opening Stripe (Checkout or the billing portal): ask the server for the session's URL and leave for it. The
// button stays busy until the browser has gone; a refusal is said in a toast of our own words.
import { useState } from 'react';

import { failureMessage } from '@/lib/api/api-error-notification';
import { browserLocation } from '@/lib/browser-location';
import { notify } from '@/lib/notify';
import type { RedirectUrl } from '@common/subscription-schemas';

import { useCreatePortalSessionMutation } from '../api/subscription-api';

import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

type RedirectResult =
  | { data: RedirectUrl; error?: undefined }
  | { data?: undefined; error: FetchBaseQueryError | SerializedError };

interface FailureToast {
  summary: string;
  fallback: string;
}

/** Follows the URL a Stripe call answered; `redirectingTo` is set once the browser is on its way. */
export function useStripeRedirect<Key extends string>() {
  const [redirectingTo, setRedirectingTo] = useState<Key | null>(null);
  async function follow(key: Key, call: Promise<RedirectResult>, failure: FailureToast) {
    const result = await call;
    if (result.data) {
      setRedirectingTo(key);
      browserLocation.assign(result.data.url);
      return;
    }
    notify({
      severity: 'error',
      summary: failure.summary,
      detail: failureMessage(result.error as FetchBaseQueryError, failure.fallback),
    });
  }
  return { redirectingTo, follow };
}

/** 'Manage billing' and 'Update payment': Stripe's billing portal for the owner. */
export function useOpenBillingPortal() {
  const [createPortalSession, { isLoading }] = useCreatePortalSessionMutation();
  const { redirectingTo, follow } = useStripeRedirect<'portal'>();
  const open = () =>
    follow('portal', createPortalSession(), {
      summary: 'Billing portal unavailable',
      fallback: 'The billing portal could not be opened. Try again in a moment.',
    });
  return { open, isOpening: isLoading || redirectingTo === 'portal' };
}
