// The one Stripe client, built from configuration; null when the server has no Stripe keys (plans are then set by
// an operator with `npm run plans`). STRIPE_API_BASE points it elsewhere: the tests' loopback fake Stripe.
// The SDK's default export is its constructor; its types name the class Stripe too, hence another local name.
import StripeSdk, { type Stripe } from 'stripe';

import type { Config } from '../../config';

export function createStripeClient(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new StripeSdk(config.STRIPE_SECRET_KEY, {
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
    // A user is waiting on each call: one retry for a network blip, and no 80-second default wait.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}

/** The SDK's error classes, for instanceof. */
export const stripeErrors = StripeSdk.errors;
