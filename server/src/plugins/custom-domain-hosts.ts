// Which Host gets what. Our own host names (PUBLIC_URL's, and loopback for local use, Caddy's ask and health
// checks) get the whole app. A verified custom domain gets its account's public pages only: /v/{code} (another
// account's code shows the not-found page: servedOnHost, in the page's route), the page's assets and favicon, the
// seal trust list (its pages check seals against it), its DID document (/.well-known/did.json), and the document,
// credential and badge downloads and logos of that account; anything else there (the SPA, /api/, /companion) is 404.
// A domain its account removed keeps serving the codes printed with it (findDomainOwner).
// Any other name is refused with 421, so nobody can point a domain at us and have our pages under it; except the
// health checks and /metrics, which load balancers and scrapers send to an instance by its address or container
// name (they show nothing of an account).
// With custom domains off (no CUSTOM_DOMAIN_TARGET) every host is served, as before the feature.
import fp from 'fastify-plugin';

import { AppError, notFoundError } from '../lib/app-error';
import { ownHostNames, type DomainOwner } from '../services/custom-domains/custom-domain-services';

import type { FoundPublicVerification } from '../services/public-pages/find-public-verification';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified custom domain the request came in on (and its account); null on our own host. */
    customDomain: DomainOwner | null;
  }
}

const PAGE_PATH = /^\/v\/[^/]+\/?$/;
const DOCUMENT_PATH = /^\/v\/([^/]+)\/document\/?$/;
const LOGO_PATH = /^\/v\/logos\/([^/]+)\/[^/]+$/;
const SHARED_PATHS = /^\/(?:v\/assets\/[^/]+|favicon\.svg|\.well-known\/(?:jwks|did)\.json)$/;
const CREDENTIAL_PATH = /^\/api\/public\/verifications\/([^/]+)\/(?:credential\/?|badge\.png)$/;
const PROBE_PATHS = /^\/(?:api\/health(?:\/ready)?\/?|metrics)$/;

function misdirected(): AppError {
  return new AppError({
    statusCode: 421,
    code: 'not_found',
    message: 'This host name is not served here.',
  });
}

/** The verification as the request may see it: another account's is not found on a custom domain. */
export function servedOnHost(
  request: FastifyRequest,
  found: FoundPublicVerification | null,
): FoundPublicVerification | null {
  const host = request.customDomain;
  return found && host && found.cached.account_id !== host.accountId ? null : found;
}

export default fp(
  async (app) => {
    app.decorateRequest('customDomain', null);
    if (!app.config.CUSTOM_DOMAIN_TARGET) return;
    const ownHosts = ownHostNames(app.config);

    app.addHook('onRequest', async (request) => {
      const hostname = request.hostname.toLowerCase();
      if (ownHosts.has(hostname)) return;
      const path = request.url.split('?', 1)[0]!;
      const owner = await app.services.customDomains.findDomainOwner(hostname);
      if (!owner) {
        if (PROBE_PATHS.test(path)) return;
        throw misdirected();
      }
      request.customDomain = owner;
      if (PAGE_PATH.test(path) || SHARED_PATHS.test(path)) return;
      const document = DOCUMENT_PATH.exec(path) ?? CREDENTIAL_PATH.exec(path);
      if (document) {
        const found = await app.services.publicPages.findVerification(document[1]!);
        if (servedOnHost(request, found)) return;
      }
      const logo = LOGO_PATH.exec(path);
      if (logo && (await app.services.customDomains.isAccountTemplate(owner.accountId, logo[1]!))) {
        return;
      }
      throw notFoundError();
    });
  },
  { name: 'custom-domain-hosts', dependencies: ['config'] },
);
