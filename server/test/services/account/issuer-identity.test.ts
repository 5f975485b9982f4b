// Who the trust list and the public verification say an issuer is: a verified domain or an operator's check proves
// it; otherwise the name is what the account calls itself, withheld when it is built to look like another.
import { randomUUID } from 'node:crypto';

import { nameSkeleton } from '../../../src/lib/look-alike-names';
import { setVerifiedIssuerName } from '../../../src/services/account/set-verified-issuer-name';
import { buildTrustList } from '../../../src/services/seals/build-trust-list';
import { sharedTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser, type TestUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

jest.mock('../../../src/documents/securing-pool', () =>
  jest.requireActual('../../helpers/verifications').securingPoolsPerFile(),
);

let app: FastifyInstance;

beforeAll(async () => {
  app = await sharedTestApp({
    env: { PUBLIC_URL: 'https://app.qrverify.test', SEAL_MASTER_KEY: '5e'.repeat(32) },
  });
});

/** A name no other test uses: tests share the database. */
const uniqueName = (name: string) => `${name} ${randomUUID().slice(0, 8)}`;

async function renamed(user: TestUser, organisationName: string) {
  return app.inject({
    method: 'PATCH',
    url: '/api/auth/profile/',
    headers: user.headers,
    payload: { organisation_name: organisationName },
  });
}

async function issuerNamed(organisationName: string): Promise<TestUser> {
  const user = await signedInUser(app);
  const response = await renamed(user, organisationName);
  expect(response.statusCode).toBe(200);
  return user;
}

/** What the public API says of the issuer of a new verification of the user's. */
async function identityOf(user: TestUser) {
  const verification = await createVerification(app, user);
  const page = await app.inject({
    method: 'GET',
    url: `/api/public/verifications/${verification.code}/`,
  });
  expect(page.statusCode).toBe(200);
  return { code: verification.code, issuer: page.json<{ issuer: object }>().issuer };
}

/** The account's active key in the trust list (made by its first verification). */
async function keyOf(user: TestUser) {
  const row = await app.db
    .selectFrom('seal_keys')
    .select('kid')
    .where('account_id', '=', user.id)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  // Built afresh: the operator's command runs in a process of its own, which this app's cache does not hear.
  const { trustList } = await buildTrustList(app.db, app.config);
  return trustList.keys.find((key) => key.kid === row.kid)!;
}

test('a name nothing vouches for is declared, never the issuer', async () => {
  const name = uniqueName('Alpha University');
  const user = await issuerNamed(name);
  const { issuer } = await identityOf(user);

  const declared = {
    issuer: null,
    issuer_proof: null,
    declared_name: name,
    declared_name_withheld: null,
  };
  expect(issuer).toEqual({ name, ...declared });
  expect(await keyOf(user)).toMatchObject(declared);
});

test('a verified custom domain is the issuer; the organisation name stays what it says of itself', async () => {
  const name = uniqueName('Beta College');
  const user = await issuerNamed(name);
  const domain = `verify-${randomUUID().slice(0, 8)}.example.edu`;
  await app.db
    .insertInto('custom_domains')
    .values({
      account_id: user.id,
      domain,
      status: 'verified',
      token: 'token',
      verified_at: new Date(),
      last_checked_at: new Date(),
      error: null,
      cname_value: null,
    })
    .execute();
  const { issuer } = await identityOf(user);

  const proven = {
    issuer: domain,
    issuer_proof: 'domain',
    declared_name: name,
    declared_name_withheld: null,
  };
  expect(issuer).toEqual({ name, ...proven });
  expect(await keyOf(user)).toMatchObject({ ...proven, custom_domain: domain });
});

test('two accounts whose names read alike both lose the name until one proves it', async () => {
  const name = uniqueName('Harvard University');
  const genuine = await issuerNamed(name);
  // Capitals and a full stop: a reader takes it for the same name.
  const lookAlike = await issuerNamed(`${name.toUpperCase()}.`);
  const shared = { issuer: null, declared_name: null, declared_name_withheld: 'shared' };
  expect((await identityOf(genuine)).issuer).toMatchObject(shared);
  expect((await identityOf(lookAlike)).issuer).toMatchObject(shared);
  expect(await keyOf(lookAlike)).toMatchObject(shared);

  // The operator checks the genuine one by hand: it is named, the other stays withheld.
  await setVerifiedIssuerName(app.db, genuine.email, name, async () => undefined);
  expect(await keyOf(genuine)).toMatchObject({
    issuer: name,
    issuer_proof: 'operator',
    declared_name: name,
  });
  expect(await keyOf(lookAlike)).toMatchObject(shared);
});

test('a name mixing alphabets is refused, and one stored before the rule is withheld', async () => {
  const user = await signedInUser(app);
  const refused = await renamed(user, 'Нarvard Univеrsity');
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({
    error: {
      code: 'validation_failed',
      details: {
        organisation_name: [
          expect.stringMatching(/mixes letters of different alphabets \(Cyrillic, Latin\)/),
        ],
      },
    },
  });

  // Stored before this version refused it.
  await app.db
    .updateTable('users')
    .set({
      organisation_name: 'Нarvard Univеrsity',
      issuer_name_skeleton: nameSkeleton('Нarvard Univеrsity'),
    })
    .where('id', '=', user.id)
    .execute();
  expect((await identityOf(user)).issuer).toEqual({
    name: 'Нarvard Univеrsity',
    issuer: null,
    issuer_proof: null,
    declared_name: null,
    declared_name_withheld: 'mixed_scripts',
  });
});

test('a name that reads like an operator-verified one is refused; its holder may keep using it', async () => {
  const name = uniqueName('Gamma Institute');
  const holder = await issuerNamed(name);
  await setVerifiedIssuerName(app.db, holder.email, name, async () => undefined);

  const other = await signedInUser(app);
  const refused = await renamed(other, name.toUpperCase());
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.details.organisation_name[0]).toMatch(/Another issuer has proven/);

  const kept = await renamed(holder, `${name} `);
  expect(kept.statusCode).toBe(200);
});

test('a look-alike joining a name withholds the other account’s page at once', async () => {
  const name = uniqueName('Delta Academy');
  const first = await issuerNamed(name);
  const { code } = await identityOf(first);
  const before = await app.inject({ method: 'GET', url: `/api/public/verifications/${code}/` });
  expect(before.json().issuer.declared_name).toBe(name);

  await issuerNamed(name.toLowerCase());
  const after = await app.inject({ method: 'GET', url: `/api/public/verifications/${code}/` });
  expect(after.json().issuer).toMatchObject({
    declared_name: null,
    declared_name_withheld: 'shared',
  });
});
