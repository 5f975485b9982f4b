// Issued credentials checked by a verifier we did not write (issue 32, helpers/credential-verifier.ts): nothing of
// the server's own credential code takes part in verifying.
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { sql } from 'kysely';

import { verifyIndependently as verify } from '../helpers/credential-verifier';
import { listeningTestApp } from '../helpers/test-app';
import {
  createVerification,
  revokeVerification,
  signedInUser,
  type TestUser,
} from '../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let origin: string;

beforeEach(async () => {
  ({ app, origin } = await listeningTestApp());
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

  await revokeVerification(app, user, verification.id);
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
  // As issue 32 states it (an answer without Authorization is cacheable by shared caches anyway).
  expect(response.headers.get('cache-control')).toBe('max-age=300');
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
  await revokeVerification(app, user, verification.id);
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

test('an account whose list is full issues on a second list, which verifies and revokes as the first', async () => {
  const user = await signedInUser(app);
  const first = await createVerification(app, user);
  const firstCredential = await ownCredential(user, first.id);
  // Every other entry of list 0 taken, as by 131,071 earlier credentials.
  await sql`
    insert into verification_credentials (account_id, list_number, status_index, credential)
    select ${user.id}, 0, entry, '' from generate_series(0, 131071) as entry
    on conflict do nothing`.execute(app.db);

  const verification = await createVerification(app, user);
  const credential = await ownCredential(user, verification.id);

  const listUrl = credential.credentialStatus.statusListCredential as string;
  expect(listUrl).toBe(`${origin}/issuers/${user.id}/status/revocation/1`);
  expect(firstCredential.credentialStatus.statusListCredential).toBe(
    `${origin}/issuers/${user.id}/status/revocation`,
  );
  const valid = await verify(credential, origin);
  expect(valid.error).toBeUndefined();
  expect(valid.statusResult?.results[0]?.status).toBe(false);
  await revokeVerification(app, user, verification.id);
  expect((await verify(credential, origin)).statusResult?.results[0]?.status).toBe(true);
  // The first list's credential is untouched by the second list's flip.
  expect((await verify(firstCredential, origin)).statusResult?.results[0]?.status).toBe(false);
  for (const missing of ['2', '0', '01', 'x']) {
    expect((await fetch(`${origin}/issuers/${user.id}/status/revocation/${missing}`)).status).toBe(
      404,
    );
  }
});
