// The one Stripe client, built from configuration; null when the server has no Stripe keys (plans are then set by
// an operator with `npm run plans`). STRIPE_API_BASE points it elsewhere: the tests' loopback fake Stripe.
// The SDK is loaded only when keys are set: it is some 200 modules, and most servers take no payments.
import { createRequire } from 'node:module';

import type { Config } from '../../config';
// The SDK's default export is its constructor; its types name the class Stripe too, hence another local name.
import type { default as StripeSdk, Stripe } from 'stripe';

let loadedSdk: typeof StripeSdk | undefined;

function stripeSdk(): typeof StripeSdk {
  loadedSdk ??= createRequire(__filename)('stripe') as typeof StripeSdk;
  return loadedSdk;
}

export function createStripeClient(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  const Sdk = stripeSdk();
  return new Sdk(config.STRIPE_SECRET_KEY, {
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

/** Whether `error` is one of the SDK's errors; none can be while it was never loaded. */
export function isStripeError(error: unknown): boolean {
  return loadedSdk !== undefined && error instanceof loadedSdk.errors.StripeError;
}

/** Whether `error` says a webhook's signature does not match its body. */
export function isStripeSignatureError(error: unknown): boolean {
  return (
    loadedSdk !== undefined && error instanceof loadedSdk.errors.StripeSignatureVerificationError
  );
}
