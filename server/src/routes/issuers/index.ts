// /issuers/{account id}/did.json and /issuers/{account id}/status/revocation: what a verifier of our credentials
// fetches (docs/credentials.md). The DID document of did:web:{host}:issuers:{account id} (its seal keys) and its
// signed revocation list, public and cross-origin; the list cacheable for five minutes, as revocation may wait
// that long, and revalidated with its ETag.
import { issuerDidPath, statusListPath } from '@common/credentials';

import { notFoundError } from '../../lib/app-error';
import { isFresh } from '../../lib/is-fresh';

import type { FastifyPluginAsync, FastifyReply } from 'fastify';

const STATUS_LIST_MAX_AGE_SECONDS = 300;
const DID_MAX_AGE_SECONDS = 300;

function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', 'ETag');
}

const issuerRoutes: FastifyPluginAsync = async (app) => {
  const { credentials } = app.services;

  app.get<{ Params: { accountId: string } }>(
    issuerDidPath(':accountId'),
    async (request, reply) => {
      const document = await credentials.accountDidDocument(request.params.accountId);
      if (!document) throw notFoundError();
      return allowAnyOrigin(reply)
        .header('cache-control', `public, max-age=${DID_MAX_AGE_SECONDS}`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(document));
    },
  );

  app.get<{ Params: { accountId: string } }>(
    statusListPath(':accountId'),
    async (request, reply) => {
      const served = await credentials.statusList(request.params.accountId);
      if (!served) throw notFoundError();
      allowAnyOrigin(reply)
        .header('cache-control', `public, max-age=${STATUS_LIST_MAX_AGE_SECONDS}`)
        .header('etag', served.etag);
      // isFresh compares the opaque part, as a weak comparison does.
      if (isFresh(request, served.etag.replace(/^W\//, ''))) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(served.body);
    },
  );
};

export default issuerRoutes;
