import * as oidc from 'openid-client';

import type { SsoConnection } from '../../db/schema';

const DISCOVERY_TIMEOUT_SECONDS = 10;
// Providers' discovery documents change rarely; keeping them a few minutes saves a round trip per sign-in.
const METADATA_LIFETIME_MS = 5 * 60_000;

const metadataCache = new Map<string, { metadata: oidc.ServerMetadata; expiresAt: number }>();

// openid-client refuses plain http; a provider on this machine (tests, local trials) is the one exception.
function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

// One retry: a discovery request is safe to repeat, and a dropped keep-alive connection should not fail
// a sign-in.
async function discoverMetadata(
  issuer: URL,
  clientId: string,
  insecure: boolean,
): Promise<oidc.ServerMetadata> {
  const cached = metadataCache.get(issuer.href);
  if (cached && cached.expiresAt > Date.now()) return cached.metadata;
  const options = {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    timeout: DISCOVERY_TIMEOUT_SECONDS,
  };
  const discovered = await oidc
    .discovery(issuer, clientId, undefined, undefined, options)
    .catch(() => oidc.discovery(issuer, clientId, undefined, undefined, options));
  const metadata = discovered.serverMetadata();
  metadataCache.set(issuer.href, { metadata, expiresAt: Date.now() + METADATA_LIFETIME_MS });
  return metadata;
}

/**
 * The OpenID client for a connection, from the provider's discovery document. It authenticates with
 * client_secret_basic (OpenID Connect's default) unless the provider only takes client_secret_post.
 */
export async function discoverSsoProvider(
  connection: Pick<SsoConnection, 'issuer_url' | 'client_id' | 'client_secret'>,
): Promise<oidc.Configuration> {
  const issuer = new URL(connection.issuer_url);
  const insecure = isLoopback(issuer) && issuer.protocol === 'http:';
  const metadata = await discoverMetadata(issuer, connection.client_id, insecure);
  const methods = metadata.token_endpoint_auth_methods_supported;
  const usePost = methods !== undefined && !methods.includes('client_secret_basic');
  const configuration = new oidc.Configuration(
    metadata,
    connection.client_id,
    connection.client_secret,
    usePost
      ? oidc.ClientSecretPost(connection.client_secret)
      : oidc.ClientSecretBasic(connection.client_secret),
  );
  configuration.timeout = DISCOVERY_TIMEOUT_SECONDS;
  if (insecure) oidc.allowInsecureRequests(configuration);
  return configuration;
}
