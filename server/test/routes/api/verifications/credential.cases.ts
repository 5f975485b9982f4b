// A verification's verifiable credential as its owner, its holder and a verifier reach it (docs/credentials.md);
// that a verifier we did not write accepts it is server/test/credentials' test.
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';

import { linkedInAddToProfileUrl } from '@common/credentials';

import { createTemplate } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});

afterEach(async () => {
  await app?.close();
});

/** The account's did:web: PUBLIC_URL's host, its port's colon encoded. */
function didOf(user: TestUser): string {
  return `did:web:${new URL(app.config.PUBLIC_URL).host.replace(':', '%3A')}:issuers:${user.id}`;
}

function get(url: string, user?: TestUser) {
  return app.inject({ method: 'GET', url, headers: user?.headers });
}

async function statusBit(listUrl: string, index: string): Promise<boolean> {
  const response = await get(new URL(listUrl).pathname);
  expect(response.statusCode).toBe(200);
  const list = await decodeList({ encodedList: response.json().credentialSubject.encodedList });
  return list.getStatus(Number(index));
}

test('the owner gets the credential; another account and a malformed id get 404', async () => {
  const owner = await signedInUser(app);
  const other = await signedInUser(app);
  const verification = await createVerification(app, owner, {
    title: 'Forklift licence',
    expiry_date: '2030-06-30',
    custom_fields: JSON.stringify([{ key: 'Grade', value: 'A' }]),
  });
  expect(verification).toMatchObject({ credential_id: verification.public_url });

  const response = await get(`/api/verifications/${verification.id}/credential/`, owner);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    '@context': expect.arrayContaining(['https://www.w3.org/ns/credentials/v2']),
    id: verification.public_url,
    type: ['VerifiableCredential'],
    issuer: { id: didOf(owner) },
    validFrom: '2025-06-30T00:00:00Z',
    validUntil: '2030-06-30T23:59:59Z',
    credentialSubject: {
      name: 'Ada Lovelace',
      document: { name: 'Forklift licence', documentFields: { Grade: 'A' } },
    },
    proof: { type: 'DataIntegrityProof', cryptosuite: 'ecdsa-rdfc-2019' },
  });
  const digest = Buffer.from(
    response.json().credentialSubject.document.digestMultibase.slice(1),
    'base64url',
  );
  expect(digest.subarray(2).toString('hex')).toBe(verification.secured.sha256);

  expect((await get(`/api/verifications/${verification.id}/credential/`, other)).statusCode).toBe(
    404,
  );
  expect((await get('/api/verifications/not-an-id/credential/', owner)).statusCode).toBe(404);
});

test('an achievement template makes Open Badges with the achievement it describes', async () => {
  const owner = await signedInUser(app);
  const template = await createTemplate(app, owner, {
    is_achievement: true,
    achievement_description: 'Operates a forklift safely.',
    achievement_criteria: 'Passed the practical exam.',
  });
  expect(template).toMatchObject({ is_achievement: true });
  const verification = await createVerification(app, owner, { template_id: template.id });
  const credential = (await get(`/api/verifications/${verification.id}/credential/`, owner)).json();
  expect(credential).toMatchObject({
    '@context': expect.arrayContaining([
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ]),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { type: ['Profile'] },
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityHash: 'Ada Lovelace', identityType: 'name' }],
      achievement: {
        id: `urn:uuid:${template.id}`,
        type: ['Achievement'],
        name: 'Bachelor of Science',
        description: 'Operates a forklift safely.',
        criteria: { narrative: 'Passed the practical exam.' },
      },
    },
  });
});

test('the holder downloads it when the download is allowed; the public JSON names it with LinkedIn’s fields', async () => {
  const owner = await signedInUser(app);
  const offered = await createVerification(app, owner, { allow_download: 'true' });
  const withheld = await createVerification(app, owner, { allow_download: 'false' });

  const publicView = (await get(`/api/public/verifications/${offered.code}/`)).json();
  expect(publicView.credential).toEqual({
    url: `/api/public/verifications/${offered.code}/credential/`,
    // Not an achievement template: no Open Badge to bake (server/test/credentials/badge.cases.ts).
    badge_url: null,
    linkedin: {
      name: 'Bachelor of Science',
      organizationName: 'Grace Hopper',
      issueDate: '2025-06-30',
      expiryDate: null,
      certId: offered.code,
    },
  });
  const link = new URL(
    linkedInAddToProfileUrl({ ...publicView.credential.linkedin, certUrl: offered.public_url }),
  );
  expect(Object.fromEntries(link.searchParams)).toEqual({
    startTask: 'CERTIFICATION_NAME',
    name: 'Bachelor of Science',
    organizationName: 'Grace Hopper',
    issueYear: '2025',
    issueMonth: '6',
    certUrl: offered.public_url,
    certId: offered.code,
  });
  const download = await get(publicView.credential.url);
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-disposition']).toContain(`${offered.code}-credential.json`);
  expect(download.json()).toMatchObject({ id: offered.public_url });

  expect((await get(`/api/public/verifications/${withheld.code}/`)).json().credential).toBeNull();
  const refused = await get(`/api/public/verifications/${withheld.code}/credential/`);
  expect(refused.statusCode).toBe(404);
  expect(refused.json()).toEqual({
    error: { code: 'not_found', message: 'No credential is offered for this verification.' },
  });
  expect((await get('/api/public/verifications/nosuchcode/credential/')).statusCode).toBe(404);
});

test('the DID document lists the active and retired keys and drops a revoked one', async () => {
  const owner = await signedInUser(app);
  await createVerification(app, owner);
  const didUrl = `/issuers/${owner.id}/did.json`;
  const first = (await get(didUrl)).json();
  const did = didOf(owner);
  expect(first).toMatchObject({
    id: did,
    verificationMethod: [{ type: 'Multikey', controller: did }],
  });
  expect(first.assertionMethod).toEqual([first.verificationMethod[0].id]);

  const rotated = await app.inject({
    method: 'POST',
    url: '/api/seals/keys/rotate/',
    headers: owner.headers,
  });
  expect(rotated.statusCode).toBe(201);
  const second = (await get(didUrl)).json();
  expect(second.assertionMethod).toHaveLength(2);

  const retiredKid = first.verificationMethod[0].id.split('#')[1];
  const revoked = await app.inject({
    method: 'POST',
    url: `/api/seals/keys/${retiredKid}/revoke/`,
    headers: owner.headers,
    payload: {},
  });
  expect(revoked.statusCode).toBe(200);
  const third = (await get(didUrl)).json();
  expect(third.assertionMethod).toEqual([`${did}#${rotated.json().kid}`]);

  expect((await get('/issuers/not-an-account/did.json')).statusCode).toBe(404);
  expect((await get(`/issuers/${crypto.randomUUID()}/did.json`)).statusCode).toBe(404);
  expect((await get(`/issuers/${crypto.randomUUID()}/status/revocation`)).statusCode).toBe(404);
});

test('revoking and deleting set the credential’s bit; another credential’s stays clear', async () => {
  const owner = await signedInUser(app);
  const revoked = await createVerification(app, owner);
  const deleted = await createVerification(app, owner);
  const kept = await createVerification(app, owner);
  const status = async (id: string) =>
    (await get(`/api/verifications/${id}/credential/`, owner)).json().credentialStatus;
  const [revokedStatus, deletedStatus, keptStatus] = [
    await status(revoked.id),
    await status(deleted.id),
    await status(kept.id),
  ];
  expect(revokedStatus.statusListCredential).toBe(keptStatus.statusListCredential);

  await app.inject({
    method: 'POST',
    url: `/api/verifications/${revoked.id}/revoke/`,
    headers: owner.headers,
    payload: { reason: 'Issued in error' },
  });
  await app.inject({
    method: 'DELETE',
    url: `/api/verifications/${deleted.id}/`,
    headers: owner.headers,
  });
  const listUrl = keptStatus.statusListCredential;
  expect(await statusBit(listUrl, revokedStatus.statusListIndex)).toBe(true);
  expect(await statusBit(listUrl, deletedStatus.statusListIndex)).toBe(true);
  expect(await statusBit(listUrl, keptStatus.statusListIndex)).toBe(false);
});
