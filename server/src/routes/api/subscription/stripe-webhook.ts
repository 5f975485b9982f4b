// POST /api/subscription/stripe-webhook/: Stripe's events about payments (docs/api.md lists the ones to enable).
// The signature covers the exact bytes Stripe sent, so this plugin, and only it, takes JSON as a raw buffer; its
// encapsulation keeps the app's JSON parser for every other route.
import { stripeWebhookAnswerSchema } from '@common/subscription-schemas';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const subscription = app.services.subscription;

  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  routes.post(
    '/stripe-webhook/',
    { config: { access: 'public' }, schema: { response: { 200: stripeWebhookAnswerSchema } } },
    async (request) => {
      const event = await subscription.receiveStripeEvent(
        request.body as Buffer,
        request.headers['stripe-signature'],
      );
      // Stripe will not send an event about an account we do not know again: the log is where it shows.
      const level = event.outcome === 'unmatched' ? 'warn' : 'info';
      request.log[level]({ stripeEvent: event }, 'Stripe event received');
      return { received: true as const };
    },
  );
};

export default stripeWebhookRoutes;
