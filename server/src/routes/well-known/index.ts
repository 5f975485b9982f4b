// /.well-known/jwks.json: the seal trust list (common/seals/trust-list.ts) — every account's public seal keys with
// their issuer, custom domain and status. Scanners (our /scan, on any origin a custom domain serves, and
// `npm run verify`) keep a copy and check seals offline against it, so it is public, cross-origin, cacheable for an
// hour and revalidated with a strong ETag. Built from memory (public-page-cache.ts) on our host and on verified
// custom domains alike (plugins/custom-domain-hosts.ts).
// /.well-known/qrverify-ca.pem: the install's document-signing CA (docs/signing.md), for an organisation or a
// validator to trust explicitly; PDF readers then show the secured PDFs' signatures as trusted.
// /.well-known/did.json: on a verified custom domain, did:web:{domain}'s document (docs/credentials.md).
import { DOMAIN_DID_PATH } from '@common/credentials';
import { TRUST_LIST_PATH } from '@common/seals/trust-list';
import { DOCUMENT_CA_PATH } from '@common/verifications';

import { notFoundError } from '../../lib/app-error';
import { isFresh } from '../../lib/is-fresh';

import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const MAX_AGE_SECONDS = 60 * 60;

function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'ETag');
}

const wellKnownRoutes: FastifyPluginAsync = async (app) => {
  app.get(TRUST_LIST_PATH, async (request, reply) => {
    const { body, etag } = await app.services.seals.trustList();
    allowAnyOrigin(reply)
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('etag', etag);
    if (isFresh(request, etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get(DOCUMENT_CA_PATH, async (_request, reply) => {
    const pem = await app.services.documentSigning.caPem();
    return allowAnyOrigin(reply)
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('content-disposition', 'inline; filename="qrverify-ca.pem"')
      .type('application/x-pem-file')
      .send(pem);
  });

  app.get(DOMAIN_DID_PATH, async (request, reply) => {
    const domain = request.customDomain;
    if (!domain) throw notFoundError();
    const document = await app.services.credentials.domainDidDocument(
      domain.accountId,
      domain.domain,
    );
    return allowAnyOrigin(reply)
      .header('cache-control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(document));
  });

  // A scanner revalidating from another origin sends If-None-Match, which needs a preflight.
  app.options(TRUST_LIST_PATH, async (_request, reply) =>
    allowAnyOrigin(reply)
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'If-None-Match')
      .header('access-control-max-age', String(MAX_AGE_SECONDS))
      .code(204)
      .send(),
  );
};

export default wellKnownRoutes;
