// A real app secures documents and seals their QR codes: the seal verifies against the trust list the app serves,
// every signed fact and the host are covered by the signature, and rotating or revoking a key does what the
// scanners rely on. One app for the file (custom domains on, a set master key): each test signs up its own account.
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';

import {
  decodeSeal,
  encodeSeal,
  encodeSealPayload,
  signedMessage,
  type SealFacts,
} from '@common/seals/seal-format';
import { TRUST_LIST_PATH, type TrustList } from '@common/seals/trust-list';
import { parseSealedUrl, verifySeal, type SealCheck } from '@common/seals/verify-seal';

import { decryptPrivateKey } from '../../../src/services/seals/seal-key-crypto';
import { createTemplate } from '../../helpers/templates';
import { sharedTestApp } from '../../helpers/test-app';
import {
  createVerification,
  signedInUser,
  type TestUser,
  type VerificationJson,
} from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const MASTER_KEY = '8f'.repeat(32);
const ENV = {
  PUBLIC_URL: 'https://app.qrverify.test',
  CUSTOM_DOMAIN_TARGET: 'domains.qrverify.test',
  SEAL_MASTER_KEY: MASTER_KEY,
};

let app: FastifyInstance;
// P-256's group order: (r, n − s) is the twin of the signature (r, s).
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

beforeAll(async () => {
  app = await sharedTestApp({ env: ENV });
});

async function trustList(): Promise<TrustList> {
  const response = await app.inject({ method: 'GET', url: TRUST_LIST_PATH });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function sealOf(verification: VerificationJson) {
  const url = parseSealedUrl(verification.qr_url as string)!;
  return { url, decoded: decodeSeal(url.seal)! };
}

async function check(verification: VerificationJson): Promise<SealCheck> {
  return verifySeal(parseSealedUrl(verification.qr_url as string)!, await trustList());
}

async function keysOf(user: TestUser) {
  const response = await app.inject({ url: '/api/seals/keys/', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json().keys as Array<Record<string, unknown>>;
}

function post(user: TestUser, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, headers: user.headers, payload: payload ?? {} });
}

/** The account's private key as the server keeps it, opened with the master key the app was given. */
async function privateKeyOf(kid: string): Promise<Buffer> {
  const row = await app.db
    .selectFrom('seal_keys')
    .selectAll()
    .where('kid', '=', kid)
    .executeTakeFirstOrThrow();
  return decryptPrivateKey(Buffer.from(MASTER_KEY, 'hex'), kid, {
    iv: row.private_key_iv,
    tag: row.private_key_tag,
    ciphertext: row.private_key_ciphertext,
  });
}

/** A seal for these facts signed with a given private key (PKCS #8 DER), for the host. */
function signFacts(facts: Omit<SealFacts, 'version'>, key: Buffer, host: string): string {
  const payload = encodeSealPayload(facts);
  const signature = sign('sha256', signedMessage(payload, host), {
    key: createPrivateKey({ key, format: 'der', type: 'pkcs8' }),
    dsaEncoding: 'ieee-p1363',
  });
  return encodeSeal(payload, signature);
}

test('a new verification is sealed, and its seal verifies against the served trust list', async () => {
  const user = await signedInUser(app, { firstName: 'Ada', lastName: 'Byron' });
  const verification = await createVerification(app, user, { expiry_date: '2030-01-31' });

  expect(verification.sealed).toBe(true);
  expect((verification.qr_url as string).startsWith(`${verification.public_url}#`)).toBe(true);
  const result = await check(verification);
  expect(result.state).toBe('verified');
  if (result.state !== 'verified') return;
  expect(result.facts).toMatchObject({
    code: verification.code,
    documentHash: verification.original.sha256.slice(0, 32),
    issueDate: '2025-06-30',
    expiryDate: '2030-01-31',
    holderName: 'Ada Lovelace',
  });
  expect(Date.now() - Date.parse(result.facts.sealedAt)).toBeLessThan(5 * 60_000);
  // Nothing proves who the account is: its name is only declared.
  expect(result.key).toMatchObject({
    issuer: null,
    issuer_proof: null,
    declared_name: 'Ada Byron',
    custom_domain: null,
    status: 'active',
    retired_at: null,
    revoked_at: null,
  });
  const stored = await app.db
    .selectFrom('verifications')
    .select(['seal', 'seal_kid'])
    .where('id', '=', verification.id)
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ seal: sealOf(verification).url.seal, seal_kid: result.key.kid });
  const publicView = await app.inject({ url: `/api/public/verifications/${verification.code}/` });
  expect(publicView.json().sealed).toBe(true);
});

test('a seal’s high-S twin fails against the served trust list: each document has one seal', async () => {
  const user = await signedInUser(app, { firstName: 'Ada', lastName: 'Byron' });
  const verification = await createVerification(app, user);
  const { url, decoded } = sealOf(verification);
  const s = BigInt(`0x${Buffer.from(decoded.signature.subarray(32)).toString('hex')}`);
  const twin = Buffer.from(decoded.signature);
  Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex').copy(twin, 32);

  const list = await trustList();
  expect(list.keys.find((key) => key.kid === decoded.facts.kid)?.low_s_since).toEqual(
    expect.any(String),
  );
  expect((await verifySeal(url, list)).state).toBe('verified');
  const twinUrl = { ...url, seal: encodeSeal(decoded.payload, twin) };
  expect((await verifySeal(twinUrl, list)).state).toBe('invalid');
});

test('two racing first verifications make one key', async () => {
  const user = await signedInUser(app);
  const [one, two] = await Promise.all([
    createVerification(app, user),
    createVerification(app, user),
  ]);
  const kid = sealOf(one).decoded.facts.kid;
  expect(sealOf(two).decoded.facts.kid).toBe(kid);
  expect(await keysOf(user)).toEqual([
    {
      kid,
      status: 'active',
      created_at: expect.any(String),
      retired_at: null,
      revoked_at: null,
      seal_count: 2,
    },
  ]);
});

test('changing any signed fact, the key id or the host breaks the signature; another key fails too', async () => {
  const user = await signedInUser(app);
  const other = await signedInUser(app);
  const verification = await createVerification(app, user, { expiry_date: '2030-01-31' });
  const otherKid = sealOf(await createVerification(app, other)).decoded.facts.kid;
  const { url, decoded } = sealOf(verification);
  const list = await trustList();
  const tampered = (change: Partial<SealFacts>, host = url.host) => {
    const facts = { ...decoded.facts, ...change };
    const seal = encodeSeal(encodeSealPayload(facts), decoded.signature);
    return verifySeal({ host, code: facts.code, seal }, list).then((result) => result.state);
  };

  // Re-encoding the facts unchanged gives the same seal back: the changes below are the only difference.
  expect(await tampered({})).toBe('verified');
  expect(await tampered({ code: 'abcdefghijkmnpqr' })).toBe('invalid');
  // One hex digit changed (a hash that starts with '0' gets a '1').
  const hash = decoded.facts.documentHash;
  const otherFirstDigit = hash.startsWith('0') ? '1' : '0';
  expect(await tampered({ documentHash: `${otherFirstDigit}${hash.slice(1)}` })).toBe('invalid');
  expect(await tampered({ issueDate: '2025-07-01' })).toBe('invalid');
  expect(await tampered({ expiryDate: null })).toBe('invalid');
  expect(await tampered({ expiryDate: '2031-01-31' })).toBe('invalid');
  expect(await tampered({ holderName: 'Ada Lovelock' })).toBe('invalid');
  expect(
    await tampered({
      sealedAt: new Date(Date.parse(decoded.facts.sealedAt) + 60_000).toISOString(),
    }),
  ).toBe('invalid');
  expect(await tampered({ kid: otherKid })).toBe('invalid');
  expect(await tampered({ kid: 'AAAAAAAAAAA' })).toBe('unknown-key');
  expect(await tampered({}, 'qrverify-check.com')).toBe('invalid');
  expect(await tampered({}, 'app.qrverify.test:8443')).toBe('invalid');

  // The right facts and kid, signed by a key that is not the account's.
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const forged = signFacts(
    decoded.facts,
    privateKey.export({ format: 'der', type: 'pkcs8' }),
    url.host,
  );
  expect((await verifySeal({ ...url, seal: forged }, list)).state).toBe('invalid');
});

test('the seal names the host its QR code points at: the verified custom domain, which the trust list names', async () => {
  const user = await signedInUser(app);
  await app.db
    .updateTable('users')
    .set({ organisation_name: 'Royal Society' })
    .where('id', '=', user.id)
    .execute();
  await app.db
    .insertInto('custom_domains')
    .values({
      account_id: user.id,
      domain: 'verify.example.edu',
      status: 'verified',
      token: 'token',
      verified_at: new Date(),
      last_checked_at: new Date(),
      error: null,
      cname_value: null,
    })
    .execute();
  const verification = await createVerification(app, user);

  expect(verification.qr_url).toMatch(/^https:\/\/verify\.example\.edu\/v\/[a-z2-9]{16}#\d+$/);
  const result = await check(verification);
  expect(result.state).toBe('verified');
  // The domain is the proven identity; the organisation name is only what the account says of itself.
  expect(result.state === 'verified' && result.key).toMatchObject({
    issuer: 'verify.example.edu',
    issuer_proof: 'domain',
    declared_name: 'Royal Society',
    custom_domain: 'verify.example.edu',
  });
  // Copied onto our own host, the seal no longer verifies: it was signed for the custom domain.
  const { url } = sealOf(verification);
  expect((await verifySeal({ ...url, host: 'app.qrverify.test' }, await trustList())).state).toBe(
    'invalid',
  );
  // The trust list is served on the custom domain too, for its pages' own check.
  const onDomain = await app.inject({
    url: TRUST_LIST_PATH,
    headers: { host: 'verify.example.edu' },
  });
  expect(onDomain.statusCode).toBe(200);
  expect(onDomain.json<TrustList>().service_hosts).toEqual(['app.qrverify.test']);

  // Renaming the issuer reaches the trust list.
  const renamed = await app.inject({
    method: 'PATCH',
    url: '/api/auth/profile/',
    headers: user.headers,
    payload: { organisation_name: 'The Royal Society' },
  });
  expect(renamed.statusCode).toBe(200);
  const renamedKey = (await trustList()).keys.find(
    (candidate) => candidate.kid === sealOf(verification).decoded.facts.kid,
  );
  expect(renamedKey).toMatchObject({
    issuer: 'verify.example.edu',
    declared_name: 'The Royal Society',
  });

  // So does removing the domain: its codes stay genuine on paper, but scanners stop treating it as the issuer's.
  const removed = await app.inject({
    method: 'DELETE',
    url: '/api/settings/custom-domain/',
    headers: user.headers,
  });
  expect(removed.statusCode).toBe(204);
  const afterRemoval = (await trustList()).keys.find(
    (candidate) => candidate.kid === renamedKey?.kid,
  );
  expect(afterRemoval).toMatchObject({
    custom_domain: null,
    issuer: null,
    issuer_proof: null,
    declared_name: 'The Royal Society',
  });
});

test('after a rotation old seals still verify with the retired key, and new ones use the new key', async () => {
  const user = await signedInUser(app);
  const before = await createVerification(app, user);
  const oldKid = sealOf(before).decoded.facts.kid;

  const rotated = await post(user, '/api/seals/keys/rotate/');
  expect(rotated.statusCode).toBe(201);
  const newKid = rotated.json().kid as string;
  expect(newKid).not.toBe(oldKid);
  expect(rotated.json()).toMatchObject({ status: 'active', seal_count: 0 });

  const after = await createVerification(app, user);
  expect(sealOf(after).decoded.facts.kid).toBe(newKid);
  expect((await check(before)).state).toBe('verified');
  expect((await check(after)).state).toBe('verified');
  const list = await trustList();
  expect(list.keys.find((key) => key.kid === oldKid)).toMatchObject({
    status: 'retired',
    retired_at: expect.any(String),
    revoked_at: null,
  });
  expect((await keysOf(user)).map((key) => [key.kid, key.status, key.seal_count])).toEqual([
    [newKid, 'active', 1],
    [oldKid, 'retired', 1],
  ]);
  const audit = await app.inject({ url: '/api/team/audit/', headers: user.headers });
  expect(JSON.stringify(audit.json())).toContain('seal_key.rotated');
});

test('revoking from a time fails seals made from then on and keeps earlier ones; sealing goes on with a new key', async () => {
  const user = await signedInUser(app);
  const sealedNow = await createVerification(app, user);
  const { url, decoded } = sealOf(sealedNow);
  const kid = decoded.facts.kid;
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  // A seal the same key made two hours ago (signed here with the account's key: seals record their time).
  const earlier = signFacts(
    { ...decoded.facts, sealedAt: new Date(hourAgo.getTime() - 60 * 60_000).toISOString() },
    await privateKeyOf(kid),
    url.host,
  );
  expect((await verifySeal({ ...url, seal: earlier }, await trustList())).state).toBe('verified');

  const inFuture = await post(user, `/api/seals/keys/${kid}/revoke/`, {
    revoked_at: new Date(Date.now() + 24 * 60 * 60_000).toISOString(),
  });
  expect(inFuture.statusCode).toBe(400);
  expect(inFuture.json().error.details.revoked_at[0]).toMatch(/cannot be in the future/);
  expect((await post(user, '/api/seals/keys/AAAAAAAAAAA/revoke/')).statusCode).toBe(404);
  const stranger = await signedInUser(app);
  expect((await post(stranger, `/api/seals/keys/${kid}/revoke/`)).statusCode).toBe(404);

  const revoked = await post(user, `/api/seals/keys/${kid}/revoke/`, {
    revoked_at: hourAgo.toISOString(),
  });
  expect(revoked.statusCode).toBe(200);
  const minute = new Date(Math.floor(hourAgo.getTime() / 60_000) * 60_000).toISOString();
  expect(revoked.json()).toMatchObject({
    kid,
    status: 'revoked',
    revoked_at: minute,
    seal_count: 1,
  });

  const list = await trustList();
  expect(list.keys.find((key) => key.kid === kid)).toMatchObject({
    status: 'revoked',
    revoked_at: minute,
  });
  expect((await check(sealedNow)).state).toBe('key-revoked');
  expect((await verifySeal({ ...url, seal: earlier }, list)).state).toBe('verified');

  // The active key was revoked: the next code is sealed with a new one.
  const next = await createVerification(app, user);
  expect(sealOf(next).decoded.facts.kid).not.toBe(kid);
  expect((await check(next)).state).toBe('verified');
  expect((await keysOf(user)).map((key) => key.status)).toEqual(['active', 'revoked']);
  // Revoking again can only bring the time earlier.
  const later = await post(user, `/api/seals/keys/${kid}/revoke/`);
  expect(later.json().revoked_at).toBe(minute);
});

test('the trust list is cacheable for an hour, revalidates with a strong ETag and may be fetched from anywhere', async () => {
  const user = await signedInUser(app);
  await createVerification(app, user);
  const first = await app.inject({ url: TRUST_LIST_PATH });
  expect(first.headers).toMatchObject({
    'cache-control': 'public, max-age=3600',
    'access-control-allow-origin': '*',
    'content-type': 'application/json; charset=utf-8',
  });
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

  const unchanged = await app.inject({ url: TRUST_LIST_PATH, headers: { 'if-none-match': etag } });
  expect(unchanged.statusCode).toBe(304);
  expect(unchanged.body).toBe('');
  expect(unchanged.headers.etag).toBe(etag);
  const preflight = await app.inject({ method: 'OPTIONS', url: TRUST_LIST_PATH });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-headers']).toBe('If-None-Match');

  expect((await post(user, '/api/seals/keys/rotate/')).statusCode).toBe(201);
  const changed = await app.inject({ url: TRUST_LIST_PATH, headers: { 'if-none-match': etag } });
  expect(changed.statusCode).toBe(200);
  expect(changed.headers.etag).not.toBe(etag);
  expect(changed.json<TrustList>().keys.length).toBe(first.json<TrustList>().keys.length + 1);
});

test('a template with seals off gives unsealed codes at the size asked; switching it never changes codes issued', async () => {
  const user = await signedInUser(app);
  const template = await createTemplate(app, user, { name: 'Small codes', seal_enabled: false });
  expect(template.seal_enabled).toBe(false);
  const unsealed = await createVerification(app, user, { template_id: template.id });
  expect(unsealed).toMatchObject({ sealed: false, qr_url: unsealed.public_url });
  expect(unsealed.qr).toMatchObject({ size_mm: 25 });
  const publicView = await app.inject({ url: `/api/public/verifications/${unsealed.code}/` });
  expect(publicView.json().sealed).toBe(false);

  const switched = await app.inject({
    method: 'PATCH',
    url: `/api/templates/${template.id}/`,
    headers: user.headers,
    payload: { seal_enabled: true },
  });
  expect(switched.json().seal_enabled).toBe(true);
  const sealed = await createVerification(app, user, { template_id: template.id });
  expect(sealed.sealed).toBe(true);
  await app.inject({
    method: 'PATCH',
    url: `/api/templates/${template.id}/`,
    headers: user.headers,
    payload: { seal_enabled: false },
  });
  const reread = async (id: string) =>
    (await app.inject({ url: `/api/verifications/${id}/`, headers: user.headers })).json();
  expect(await reread(unsealed.id)).toMatchObject({ sealed: false, qr_url: unsealed.public_url });
  expect(await reread(sealed.id)).toMatchObject({ sealed: true, qr_url: sealed.qr_url });
  expect((await check(sealed)).state).toBe('verified');
});
