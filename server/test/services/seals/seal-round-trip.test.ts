// A real app secures documents and seals their QR codes: the seal verifies against the trust list the app serves,
// every signed fact and the host are covered by the signature, and rotating or revoking a key does what the
// scanners rely on. One app for the file: each test signs up its own account.
import { decodeSeal } from '@common/seals/seal-format';
import { TRUST_LIST_PATH, type TrustList } from '@common/seals/trust-list';
import { parseSealedUrl, verifySeal } from '@common/seals/verify-seal';

import { sharedTestApp } from '../../helpers/test-app';
import { createVerification, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

jest.mock('../../../src/services/verifications/securing-pool', () =>
  jest.requireActual('../../helpers/verifications').securingPoolsPerFile(),
);

let app: FastifyInstance;

beforeAll(async () => {
  app = await sharedTestApp();
});

async function trustList(): Promise<TrustList> {
  const response = await app.inject({ method: 'GET', url: TRUST_LIST_PATH });
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('a new verification is sealed, and its seal verifies against the served trust list', async () => {
  const user = await signedInUser(app, { firstName: 'Ada', lastName: 'Byron' });
  const verification = await createVerification(app, user, { expiry_date: '2030-01-31' });

  expect(verification.sealed).toBe(true);
  const qrUrl = verification.qr_url as string;
  expect(qrUrl.startsWith(`${verification.public_url}#`)).toBe(true);
  const check = await verifySeal(parseSealedUrl(qrUrl)!, await trustList());
  expect(check.state).toBe('verified');
  if (check.state !== 'verified') return;
  expect(check.facts).toMatchObject({
    code: verification.code,
    documentHash: verification.original.sha256.slice(0, 32),
    issueDate: '2025-06-30',
    expiryDate: '2030-01-31',
    holderName: 'Ada Lovelace',
  });
  expect(check.key.issuer).toBe('Ada Byron');
  expect(check.key.status).toBe('active');
});

test('two racing first verifications make one key', async () => {
  const user = await signedInUser(app);
  const [one, two] = await Promise.all([
    createVerification(app, user),
    createVerification(app, user),
  ]);
  const kidOf = (url: unknown) => decodeSeal(parseSealedUrl(url as string)!.seal)!.facts.kid;
  expect(kidOf(one.qr_url)).toBe(kidOf(two.qr_url));
  const keys = await app.db
    .selectFrom('seal_keys')
    .select('kid')
    .where('account_id', '=', user.id)
    .execute();
  expect(keys).toEqual([{ kid: kidOf(one.qr_url) }]);
});
