// Checkout's and the billing portal's refusals, worded once; and Stripe's own failures, which are not the user's
// to fix: logged with their cause, answered as a short 503.
import { AppError } from '../../lib/app-error';

import { isStripeError } from './stripe-client';

export const billingErrors = {
  notConfigured: () =>
    new AppError({
      statusCode: 409,
      code: 'billing_not_configured',
      message: 'Online payment is not set up here. Contact us to upgrade.',
    }),
  notForSale: () =>
    new AppError({
      statusCode: 400,
      code: 'plan_not_for_sale',
      message: 'This plan is not sold online for that billing period. Contact us to get it.',
    }),
  noCustomer: () =>
    new AppError({
      statusCode: 409,
      code: 'no_billing_account',
      message: 'There is no billing account yet: choose a plan first.',
    }),
  /** Stripe knows no such session, or it belongs to another account: the same answer, so ids cannot be probed. */
  checkoutSessionNotFound: () =>
    new AppError({
      statusCode: 404,
      code: 'not_found',
      message: 'This account has no Checkout session with this id.',
    }),
  invalidSignature: () =>
    new AppError({
      statusCode: 400,
      code: 'invalid_signature',
      message: 'The Stripe-Signature header does not match this body.',
    }),
};

/**
 * Runs a Stripe API call; Stripe's failures (down, slow, refusing our key or price) become a 503. `notFound` is
 * thrown instead when Stripe answers 404 (no such object).
 */
export async function callStripe<Result>(
  call: () => Promise<Result>,
  notFound?: () => AppError,
): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    if (notFound && (error as { statusCode?: number }).statusCode === 404) throw notFound();
    throw new AppError({
      statusCode: 503,
      code: 'payment_service_unavailable',
      message: 'Payment service unavailable, try again in a minute.',
      headers: { 'Retry-After': '60' },
      cause: error,
    });
  }
}
