// /api/public/: what anyone may read without signing in: a verification's public view by its code, with the
// design of the template its page renders with, and its verifiable credential (as JSON, and baked into a PNG for an
// Open Badge) when the holder may take it. The JSON view is serialised once per version of the verification and kept
// (rendered-verifications.ts), as the /v page is.
import { WITHDRAWN_RECORD_MESSAGE } from '@common/account-deletion-schemas';
import { verifiableCredentialSchema } from '@common/credentials-schemas';
import { translatorFor } from '@common/i18n/catalogues';
import { LANGUAGE_COOKIE, negotiateLanguage } from '@common/i18n/negotiate-language';
import { isDownloadOffered } from '@common/public-page/page-verdict';
import { statusText } from '@common/public-page/status-text';
import {
  publicCodeParams,
  publicVerificationQuery,
  publicVerificationResponseSchema,
  type PublicVerificationResponse,
} from '@common/verifications-schemas';

import { AppError, notFoundError } from '../../../lib/app-error';
import { attachment } from '../../../lib/content-disposition';
import { bakedBadge } from '../../../services/credentials/bake-badge';
import { credentialNotOffered } from '../../../services/credentials/credential-services';
import { RenderedVerifications } from '../../../services/public-pages/rendered-verifications';

import type { ZodTypeProvider } from '../../../lib/zod-schemas';
import type { FastifyPluginAsync } from 'fastify';

// About 2,000 answers of 2 KB.
const RENDERED_ANSWERS_BYTES = 4 * 1024 * 1024;

const publicRoutes: FastifyPluginAsync = async (app) => {
  const renderedAnswers = new RenderedVerifications(RENDERED_ANSWERS_BYTES);
  const apiViews = app.metrics.publicViews.labels({ via: 'api' });
  // A deleted account's code answers 410 with what its page says, so a client can tell it from a made-up code.
  const missingRecordError = async (code: string) =>
    (await app.services.publicPages.isWithdrawn(code))
      ? new AppError({
          statusCode: 410,
          code: 'record_withdrawn',
          message: WITHDRAWN_RECORD_MESSAGE,
        })
      : notFoundError();

  app.withTypeProvider<ZodTypeProvider>().get(
    '/verifications/:code/',
    {
      schema: {
        params: publicCodeParams,
        querystring: publicVerificationQuery,
        response: { 200: publicVerificationResponseSchema },
      },
    },
    async (request, reply) => {
      const found = await app.services.publicPages.findVerification(request.params.code);
      if (!found) throw await missingRecordError(request.params.code);
      apiViews.inc();
      // status_text speaks the reader's language, chosen as the page's is (docs/languages.md).
      const language = negotiateLanguage({
        query: request.query.lang,
        cookie: request.cookies[LANGUAGE_COOKIE],
        acceptLanguage: request.headers['accept-language'],
        templateDefault: found.defaultLanguage,
      });
      // The route's own serializer (the response schema above) makes the JSON that is kept, once per language.
      const json = renderedAnswers.get(
        found,
        () =>
          reply.serialize({
            ...found.verification,
            template: found.design,
            status_text: statusText(found.verification, translatorFor(language)),
          }) as string,
        language,
      );
      return (
        reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('vary', 'Accept-Language, Cookie')
          // Serialised already: Fastify sends bytes as they are.
          .send(json as unknown as PublicVerificationResponse)
      );
    },
  );

  // The holder's copy of the credential: offered as the document download is (docs/credentials.md).
  const offeredCredential = async (code: string) => {
    const found = await app.services.publicPages.findVerification(code);
    if (!found) throw await missingRecordError(code);
    const isOffered = found.cached.allow_download && found.design.allow_download;
    const credential = isOffered
      ? await app.services.credentials.credentialOf(found.cached.id)
      : null;
    if (!credential) throw credentialNotOffered();
    return { found, credential };
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    '/verifications/:code/credential/',
    {
      schema: {
        params: publicCodeParams,
        response: { 200: verifiableCredentialSchema },
      },
    },
    async (request, reply) => {
      const { found, credential } = await offeredCredential(request.params.code);
      return reply
        .header('cache-control', 'no-store')
        .header('access-control-allow-origin', '*')
        .header('content-disposition', attachment(`${found.cached.code}-credential.json`))
        .send(credential);
    },
  );

  // The same credential baked into a PNG, for an Open Badge only (OB 3.0 baking).
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/verifications/:code/badge.png',
      { schema: { params: publicCodeParams } },
      async (request, reply) => {
        const { found, credential } = await offeredCredential(request.params.code);
        const { cached } = found;
        if (!cached.has_open_badge) throw credentialNotOffered();
        const badge = await bakedBadge({
          credential,
          // The text the JSON download answers: its response schema through the same serializer (Fastify's
          // types take a schema for a JSON Schema object).
          credentialJson: reply.serializeInput(
            credential,
            verifiableCredentialSchema as unknown as Record<string, unknown>,
          ),
          // The printed code, seal included, while the page offers the document that carries it anyway.
          seal: isDownloadOffered(found.verification.status) ? cached.seal : null,
          getLogo: (templateId, file) => app.services.publicPages.getLogo(templateId, file),
        });
        return reply
          .type('image/png')
          .header('cache-control', 'no-store')
          .header('access-control-allow-origin', '*')
          .header('content-disposition', attachment(`${cached.code}-badge.png`))
          .send(badge);
      },
    );
};

export default publicRoutes;
