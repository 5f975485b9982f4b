// Starts the loopback OpenID provider (oidc-provider-server.mjs) and plays the user's browser through its redirects.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface TestOidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** Starts one provider process; register every client the test file needs (share it across the file). */
export function startOidcProvider(
  clients: TestOidcClient | TestOidcClient[],
): Promise<TestOidcProvider> {
  const script = path.join(__dirname, 'oidc-provider-server.mjs');
  const list = Array.isArray(clients) ? clients : [clients];
  const child = spawn(process.execPath, [script, JSON.stringify(list)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`OIDC provider exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const { issuer } = JSON.parse(line) as { issuer: string };
      resolve({
        issuer,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}

/**
 * Follows an authorization URL the way a browser would (keeping the provider's cookies) until the
 * provider redirects to the client's redirect URI; returns that final URL (with code and state).
 */
export async function followAuthorization(
  authUrl: string,
  redirectUriPrefix: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectUriPrefix)) return new URL(url);
    const cookieHeader = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader } });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(
        `Authorization stopped at ${url} with ${response.status}: ${await response.text()}`,
      );
    url = new URL(location, url).toString();
  }
  throw new Error('Too many redirects during authorization');
}

/**
 * A real access token from the provider for `email`, through the authorization code flow as a relying
 * party would run it (openid-client, PKCE): what Google's popup hands the SPA, for the social sign-in tests.
 */
export async function getAccessToken(
  issuer: string,
  client: TestOidcClient,
  email: string,
): Promise<string> {
  const oidc = await import('openid-client');
  const configuration = await oidc.discovery(
    new URL(issuer),
    client.clientId,
    undefined,
    oidc.ClientSecretBasic(client.clientSecret),
    { execute: [oidc.allowInsecureRequests] },
  );
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const authUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: client.redirectUris[0],
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    login_hint: email,
  });
  const callback = await followAuthorization(authUrl.toString(), client.redirectUris[0]);
  const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
    pkceCodeVerifier: codeVerifier,
    expectedState: state,
  });
  return tokens.access_token;
}
