// The profile carries the account's issuer identity, read as public pages read it (common/issuer-identity.ts), so
// the Account screen can say how pages and seals name the account: by a verified domain, by a name the operator
// checked, as the account calls itself, or not at all when the name is built to look like another's.
import { nameSkeleton } from '../../../../src/lib/look-alike-names';
import { setVerifiedIssuerName } from '../../../../src/services/account/set-verified-issuer-name';
import { EDIT_ALL, sharedUser } from '../../../helpers/team';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let owner: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  owner = await signedInUser(app, { firstName: 'Jane', lastName: 'Smith' });
});

afterEach(async () => {
  await app.close();
});

async function profileOf(user: TestUser) {
  const response = await app.inject({ url: '/api/auth/profile/', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function renamed(user: TestUser, organisationName: string) {
  return app.inject({
    method: 'PATCH',
    url: '/api/auth/profile/',
    headers: user.headers,
    payload: { organisation_name: organisationName },
  });
}

async function verifyDomain(accountId: string, domain: string) {
  await app.db
    .insertInto('custom_domains')
    .values({
      account_id: accountId,
      domain,
      status: 'verified',
      token: 'token',
      verified_at: new Date(),
      last_checked_at: new Date(),
      error: null,
      cname_value: null,
    })
    .execute();
}

test('a name nothing vouches for is declared: the owner’s name until an organisation is set', async () => {
  expect(await profileOf(owner)).toMatchObject({
    issuer_name: 'Jane Smith',
    has_custom_domain: false,
    issuer_identity: {
      issuer: null,
      issuer_proof: null,
      declared_name: 'Jane Smith',
      declared_name_withheld: null,
    },
  });

  // The PATCH answers the same profile, with the new name declared.
  const response = await renamed(owner, 'Alpha University');
  expect(response.statusCode).toBe(200);
  expect(response.json().issuer_identity).toEqual({
    issuer: null,
    issuer_proof: null,
    declared_name: 'Alpha University',
    declared_name_withheld: null,
  });
});

test('a verified custom domain names the account, for its owner and its shared users alike', async () => {
  await renamed(owner, 'Alpha University');
  await verifyDomain(owner.id, 'alpha-university.edu');
  const proven = {
    issuer_name: 'Alpha University',
    has_custom_domain: true,
    issuer_identity: {
      issuer: 'alpha-university.edu',
      issuer_proof: 'domain',
      declared_name: 'Alpha University',
      declared_name_withheld: null,
    },
  };

  expect(await profileOf(owner)).toMatchObject(proven);
  const member = await sharedUser(app, owner, EDIT_ALL);
  expect(await profileOf(member)).toMatchObject({ ...proven, is_shared: true });
});

test('a name the operator checked names the account', async () => {
  await renamed(owner, 'Alpha University');
  await setVerifiedIssuerName(app.db, owner.email, 'Alpha University', async () => undefined);

  expect((await profileOf(owner)).issuer_identity).toEqual({
    issuer: 'Alpha University',
    issuer_proof: 'operator',
    declared_name: 'Alpha University',
    declared_name_withheld: null,
  });
});

test('a name another account’s reads like is withheld from both, until one proves its own', async () => {
  await renamed(owner, 'Harvard University');
  const other = await signedInUser(app);
  await renamed(other, 'HARVARD UNIVERSITY.');
  const withheld = {
    issuer: null,
    issuer_proof: null,
    declared_name: null,
    declared_name_withheld: 'shared',
  };

  expect((await profileOf(owner)).issuer_identity).toEqual(withheld);
  expect((await profileOf(other)).issuer_identity).toEqual(withheld);

  // A verified domain names the account; beside it, its own name misleads no one and shows again.
  await verifyDomain(owner.id, 'harvard.example.edu');
  expect((await profileOf(owner)).issuer_identity).toEqual({
    issuer: 'harvard.example.edu',
    issuer_proof: 'domain',
    declared_name: 'Harvard University',
    declared_name_withheld: null,
  });
  expect((await profileOf(other)).issuer_identity).toEqual(withheld);
});

test('a name mixing alphabets is refused on its field; one stored before the rule is withheld', async () => {
  const refused = await renamed(owner, 'Нarvard Univеrsity');
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
  expect(await profileOf(owner)).toMatchObject({ organisation_name: null });

  await app.db
    .updateTable('users')
    .set({
      organisation_name: 'Нarvard Univеrsity',
      issuer_name_skeleton: nameSkeleton('Нarvard Univеrsity'),
    })
    .where('id', '=', owner.id)
    .execute();
  expect(await profileOf(owner)).toMatchObject({
    issuer_name: 'Нarvard Univеrsity',
    issuer_identity: {
      issuer: null,
      issuer_proof: null,
      declared_name: null,
      declared_name_withheld: 'mixed_scripts',
    },
  });
});
