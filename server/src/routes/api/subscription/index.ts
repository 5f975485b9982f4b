// /api/subscription/: the account's plan, billing state and usage (any signed-in user of the account may read it),
// the plans on sale (public: the pricing a visitor sees is the same), Checkout and the billing portal (the
// owner's), whether a Checkout session came back paid, and Stripe's webhook (stripe-webhook.ts).
import {
  checkoutRequestSchema,
  checkoutSessionParamsSchema,
  checkoutSessionSchema,
  plansResponseSchema,
  redirectUrlSchema,
  subscriptionSchema,
} from '@common/subscription-schemas';

import { named } from '../../../lib/named-plugin';
import { signedInUser } from '../../../plugins/auth';

import stripeWebhookRoutes from './stripe-webhook';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const ownerOnly = { config: { access: 'owner' as const } };

const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const subscription = app.services.subscription;

  routes.get(
    '/',
    { config: { access: 'signed-in' }, schema: { response: { 200: subscriptionSchema } } },
    async (request) => subscription.get(signedInUser(request).accountId),
  );

  routes.get(
    '/plans/',
    { config: { access: 'public' }, schema: { response: { 200: plansResponseSchema } } },
    async () => subscription.listPlans(),
  );

  // Where to send the browser: a Checkout session for the plan, or, for an account already paying for one, the
  // billing portal (changing plan there keeps one subscription; a second Checkout would start a second one).
  routes.post(
    '/checkout/',
    { ...ownerOnly, schema: { body: checkoutRequestSchema, response: { 200: redirectUrlSchema } } },
    async (request) => subscription.checkout(signedInUser(request), request.body),
  );

  // The success page asks before it thanks anyone: Stripe is the one to say a session of this account was paid.
  routes.get(
    '/checkout/:session_id/',
    {
      config: { access: 'signed-in' },
      schema: { params: checkoutSessionParamsSchema, response: { 200: checkoutSessionSchema } },
    },
    async (request) =>
      subscription.checkoutSession(signedInUser(request).accountId, request.params.session_id),
  );

  routes.post(
    '/portal/',
    { ...ownerOnly, schema: { response: { 200: redirectUrlSchema } } },
    async (request) => subscription.portal(signedInUser(request).accountId),
  );

  await app.register(named(stripeWebhookRoutes));
};

export default subscriptionRoutes;
