// Starts the loopback OpenID provider (oidc-provider.mjs) and plays the user's browser through its redirects.
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

export function startOidcProvider(client: TestOidcClient): Promise<TestOidcProvider> {
  const script = path.join(__dirname, 'oidc-provider.mjs');
  const child = spawn(
    process.execPath,
    [script, client.clientId, client.clientSecret, client.redirectUris.join(',')],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
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
