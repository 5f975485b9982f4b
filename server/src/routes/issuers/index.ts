// /issuers/{account id}/did.json and /issuers/{account id}/status/revocation (then …/revocation/{n}): what a verifier of our credentials
// fetches (docs/credentials.md). The DID document of did:web:{host}:issuers:{account id} (its seal keys) and its
// signed revocation list, public and cross-origin; the list cacheable for five minutes, as revocation may wait
// that long, and revalidated with its ETag.
import { issuerDidPath, statusListPath } from '@common/credentials';

import { notFoundError } from '../../lib/app-error';
import { isFresh } from '../../lib/is-fresh';

import type { ServedStatusList } from '../../services/credentials/served-status-list';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

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

  function sendStatusList(
    request: FastifyRequest,
    reply: FastifyReply,
    served: ServedStatusList | null,
  ): FastifyReply {
    if (!served) throw notFoundError();
    allowAnyOrigin(reply)
      .header('cache-control', `max-age=${STATUS_LIST_MAX_AGE_SECONDS}`)
      .header('etag', served.etag);
    // isFresh compares the opaque part, as a weak comparison does.
    if (isFresh(request, served.etag.replace(/^W\//, ''))) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(served.body);
  }

  app.get<{ Params: { accountId: string } }>(statusListPath(':accountId'), async (request, reply) =>
    sendStatusList(request, reply, await credentials.statusList(request.params.accountId)),
  );

  // The lists after the first, each opened once the one before is most of the way full.
  app.get<{ Params: { accountId: string; listNumber: string } }>(
    statusListPath(':accountId', ':listNumber'),
    async (request, reply) => {
      const { accountId, listNumber } = request.params;
      if (!/^[1-9]\d{0,5}$/.test(listNumber)) throw notFoundError();
      return sendStatusList(
        request,
        reply,
        await credentials.statusList(accountId, Number(listNumber)),
      );
    },
  );
};

export default issuerRoutes;
