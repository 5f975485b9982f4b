// A real OpenID Connect provider on loopback for SSO and social sign-in tests (oidc-provider is ESM-only,
// so it runs in its own process). It signs in whoever the login_hint names, with a verified email,
// unless the hint ends in "@unverified.test", and has a Google-style /tokeninfo. Prints {"issuer": ...} on stdout when ready.
// Usage: node oidc-provider-server.mjs '<JSON list of {clientId, clientSecret, redirectUris}>'
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';

import Provider from 'oidc-provider';

const clients = JSON.parse(process.argv[2]);

function freePort() {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const issuer = `http://127.0.0.1:${port}`;
const provider = new Provider(issuer, {
  clients: clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
  })),
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
  },
  scopes: ['openid', 'email', 'profile'],
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, accountId) {
    return {
      accountId,
      async claims() {
        const given = accountId.split('@')[0];
        return {
          sub: accountId,
          email: accountId,
          email_verified: !accountId.endsWith('@unverified.test'),
          name: given,
          given_name: given,
          family_name: 'Tester',
        };
      },
    };
  },
  // Opaque access tokens that the userinfo endpoint accepts, as Google's are.
  conformIdTokenClaims: false,
});
provider.proxy = true;

// Finishes every interaction at once: log in as the login_hint and grant the requested scopes.
async function finishInteraction(req, res) {
  const details = await provider.interactionDetails(req, res);
  const accountId = details.params.login_hint || 'someone@example.test';
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
}

// Answers as Google's tokeninfo endpoint does: which client an access token was issued to.
async function tokenInfo(req, res) {
  const token = new globalThis.URL(req.url, issuer).searchParams.get('access_token') ?? '';
  const accessToken = await provider.AccessToken.find(token);
  res.setHeader('content-type', 'application/json');
  if (!accessToken) {
    res.statusCode = 400;
    res.end(JSON.stringify({ error: 'invalid_token', error_description: 'Invalid Value' }));
    return;
  }
  const { clientId, accountId } = accessToken;
  res.end(
    JSON.stringify({ aud: clientId, azp: clientId, sub: accountId, scope: accessToken.scope }),
  );
}

const callback = provider.callback();
const server = createServer((req, res) => {
  if (req.url?.startsWith('/tokeninfo')) {
    tokenInfo(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
    return;
  }
  if (req.url?.startsWith('/interaction/')) {
    finishInteraction(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
    return;
  }
  callback(req, res);
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});
