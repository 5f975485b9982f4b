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
      code: 'bad_request',
      message: 'There is no billing account yet: choose a plan first.',
    }),
  invalidSignature: () =>
    new AppError({
      statusCode: 400,
      code: 'invalid_signature',
      message: 'The Stripe-Signature header does not match this body.',
    }),
};

/** Runs a Stripe API call; Stripe's failures (down, slow, refusing our key or price) become a 503. */
export async function callStripe<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw new AppError({
      statusCode: 503,
      code: 'payment_service_unavailable',
      message: 'Payment service unavailable, try again in a minute.',
      headers: { 'Retry-After': '60' },
      cause: error,
    });
  }
}
