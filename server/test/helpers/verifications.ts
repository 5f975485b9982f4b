// Signed-in users and uploads for the verification route tests. Users are written straight to the database (with
// their default template) and a fresh token pair: the sign-in flow has its own tests, and hashing passwords would
// slow these down.
import { randomUUID } from 'node:crypto';

import type { DocumentSignature } from '@common/verifications-schemas';

import { issueTokens, type TokenLifetimes } from '../../src/services/auth/issue-tokens';
import { createDefaultTemplate } from '../../src/services/templates/create-default-template';

import { makePdf } from './test-documents';

import type { Database } from '../../src/db/schema';
import type { SecuringPool } from '../../src/documents/securing-pool';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';

export interface TestUser {
  id: string;
  email: string;
  headers: { authorization: string };
}

/** A verified user with their default template and a fresh token pair, written straight to the database. */
export async function insertSignedInUser(
  db: Kysely<Database>,
  config: TokenLifetimes,
  {
    email = `user-${randomUUID().slice(0, 8)}@example.com`,
    firstName = 'Grace',
    lastName = 'Hopper',
  } = {},
): Promise<TestUser> {
  const { id } = await db
    .insertInto('users')
    .values({
      email,
      first_name: firstName,
      last_name: lastName,
      password_hash: null,
      email_verified_at: new Date(),
      industry: null,
      referrer: null,
      journey: null,
      sign_up_method: 'password',
      password_reset_expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // As the account services do: every account has its default template.
  await createDefaultTemplate(db, id);
  const tokens = await issueTokens(db, config, id);
  return { id, email, headers: { authorization: `Bearer ${tokens.access_token}` } };
}

export async function signedInUser(
  app: FastifyInstance,
  options: Parameters<typeof insertSignedInUser>[2] = {},
): Promise<TestUser> {
  await app.ready();
  return insertSignedInUser(app.db, app.config, options);
}

export interface FilePart {
  name?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body with text fields and files, byte for byte as a browser's FormData sends it. */
export function formData(fields: Record<string, string | FilePart | undefined>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----qrverify-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name ?? 'document.pdf'}"\r\n` +
            `Content-Type: ${value.type ?? 'application/pdf'}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const VALID_FIELDS = {
  title: 'Bachelor of Science',
  holder_name: 'Ada Lovelace',
  issue_date: '2025-06-30',
};

export async function uploadVerification(
  app: FastifyInstance,
  user: TestUser,
  fields: Record<string, string | FilePart | undefined> = {},
): Promise<LightMyRequestResponse> {
  const form = formData({
    file: { name: 'diploma.pdf', data: await makePdf() },
    ...VALID_FIELDS,
    ...fields,
  });
  return app.inject({
    method: 'POST',
    url: '/api/verifications/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

/** Uploads and returns the created verification's JSON; fails the test on any other answer. */
export async function createVerification(
  app: FastifyInstance,
  user: TestUser,
  fields: Record<string, string | FilePart | undefined> = {},
): Promise<VerificationJson> {
  const response = await uploadVerification(app, user, fields);
  if (response.statusCode !== 201) {
    throw new Error(`Upload failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/** Revokes the verification as its owner; fails the test on any answer but 200. */
export async function revokeVerification(
  app: FastifyInstance,
  user: TestUser,
  id: string,
  reason = 'Issued in error',
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/verifications/${id}/revoke/`,
    headers: user.headers,
    payload: { reason },
  });
  if (response.statusCode !== 200) {
    throw new Error(`Revoke failed: ${response.statusCode} ${response.body}`);
  }
}

export interface VerificationJson {
  id: string;
  code: string;
  title: string;
  holder_name: string;
  issue_date: string;
  expiry_date: string | null;
  status: string;
  public_url: string;
  created_at: string;
  updated_at: string;
  scan_count: number;
  last_scanned_at: string | null;
  revoked_at: string | null;
  revocation_reason: string | null;
  replaced_by: { id: string; code: string } | null;
  allow_download: boolean;
  original: { file_name: string; content_type: string; size: number; sha256: string };
  secured: { size: number; sha256: string };
  signature: DocumentSignature;
  [field: string]: unknown;
}

type SecuringPoolModule = typeof import('../../src/documents/securing-pool');

/**
 * securing-pool.ts with pools that last the jest file rather than one app: every app would start its pool's worker
 * threads afresh, and each thread loads pdf-lib and the securing code again (0.15 s, more on a busy machine).
 * Documents are still secured in real worker threads; apps with the same securing settings share one pool, which
 * the jest file closes after its last test. Case files get it from runCaseFiles (case-files.ts); a jest file of
 * its own that uploads from many apps mocks it itself:
 *
 *   jest.mock('…/src/documents/securing-pool', () =>
 *     jest.requireActual('…/helpers/verifications').securingPoolsPerFile(),
 *   );
 */
export function securingPoolsPerFile(): SecuringPoolModule {
  const actual = jest.requireActual<SecuringPoolModule>('../../src/documents/securing-pool');
  const pools = new Map<string, SecuringPool>();
  afterAll(async () => {
    for (const pool of pools.values()) await pool.close();
    pools.clear();
  });
  return {
    ...actual,
    createSecuringPool(options) {
      const key = JSON.stringify(options);
      let pool = pools.get(key);
      if (!pool) {
        pool = actual.createSecuringPool(options);
        pools.set(key, pool);
      }
      // Closing the app leaves the pool to the next app.
      return { ...pool, close: async () => undefined };
    },
  };
}
