// /api/support/: the contact form. GET says who is writing (where replies go, the account's plan); POST mails the
// message to SUPPORT_EMAIL (JSON, or a multipart form with an optional `attachment`) and the user their copy after
// the answer. Any signed-in user may write, shared users included; messages are limited per user.
import {
  SUPPORT_LIMITS,
  supportMessageFields,
  supportMessageSentSchema,
  supportSenderSchema,
} from '@common/support-schemas';

import { signedInUser } from '../../../plugins/auth';
import { uploadedFileField } from '../../../plugins/multipart';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

const messageBody = supportMessageFields.extend({ attachment: uploadedFileField.optional() });

const supportRoutes: FastifyPluginAsync = async (app) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const support = app.services.support;

  routes.get(
    '/',
    { config: { access: 'signed-in' }, schema: { response: { 200: supportSenderSchema } } },
    async (request) => support.getSender(signedInUser(request)),
  );

  // Counted before the body is read: per IP as every route taking a file, and per user (the auth hook, which runs
  // first, has found them).
  routes.post(
    '/messages/',
    {
      onRequest: [
        app.limitUploadsPerIp,
        app.limitAttempts({
          name: 'support-messages-per-user',
          max: app.config.RATE_LIMIT_SUPPORT_MESSAGES_PER_USER,
          key: (request) => request.user?.id,
        }),
      ],
      schema: { body: messageBody, response: { 201: supportMessageSentSchema } },
      config: { access: 'signed-in', multipartFileLimit: SUPPORT_LIMITS.attachment_bytes },
    },
    async (request, reply) => {
      const { id, sendReceipt } = await support.send(signedInUser(request), request.body);
      app.afterAnswer.run('support receipt mail', sendReceipt);
      return reply.code(201).send({ id });
    },
  );
};

export default supportRoutes;
