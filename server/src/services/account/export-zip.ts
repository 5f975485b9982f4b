// The 'Download my data' zip, written into storage as it is built: account.json, verifications.json and .csv,
// templates.json, then originals/<code>-<file name> and secured/<code>.pdf for each verification. Verifications
// are read a page at a time and each stored file is streamed in (one open at a time, stored uncompressed as the
// bulk result is), so neither memory nor the event loop carries the account's documents.
import { Readable, Transform } from 'node:stream';

import { ZipFile } from 'yazl';

import { isoDate } from '@common/verifications';
import type { Verification } from '@common/verifications-schemas';

import { cleanFileName } from '../../lib/file-name';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv';
import { StoredFileNotFoundError, type Storage } from '../../storage/storage';
import { selectTemplateRows, toTemplate } from '../templates/template-rows';
import { verificationFileKeys } from '../verifications/verification-files';
import { selectVerificationRows, toVerification } from '../verifications/verification-rows';

import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

const PAGE = 500;
// Below every uuid: where the first page starts.
const FIRST_ID = '00000000-0000-0000-0000-000000000000';

export interface ExportZipDeps {
  db: Kysely<Database>;
  storage: Storage;
  config: Config;
}

/** The account's verifications in the API's shape, page by page. */
async function* accountVerifications(
  { db, config }: ExportZipDeps,
  accountId: string,
): AsyncGenerator<Verification> {
  const today = isoDate();
  for (let after = FIRST_ID; ;) {
    const rows = await selectVerificationRows(db)
      .where('v.user_id', '=', accountId)
      .where('v.id', '>', after)
      .orderBy('v.id')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) yield toVerification(row, config.PUBLIC_URL, today);
    after = rows.at(-1)!.id;
  }
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

/** A JSON array written one element at a time. */
function jsonArray(items: AsyncIterable<unknown>): Readable {
  return Readable.from(
    (async function* () {
      let separator = '[\n';
      for await (const item of items) {
        yield `${separator}${JSON.stringify(item)}`;
        separator = ',\n';
      }
      yield separator === '[\n' ? '[]\n' : '\n]\n';
    })(),
  );
}

const CSV_COLUMNS: Record<string, (v: Verification) => unknown> = {
  id: (v) => v.id,
  code: (v) => v.code,
  title: (v) => v.title,
  holder_name: (v) => v.holder_name,
  issue_date: (v) => v.issue_date,
  expiry_date: (v) => v.expiry_date,
  status: (v) => v.status,
  revoked_at: (v) => v.revoked_at,
  revocation_reason: (v) => v.revocation_reason,
  replaced_by_code: (v) => v.replaced_by?.code,
  allow_download: (v) => v.allow_download,
  original_file_name: (v) => v.original.file_name,
  original_content_type: (v) => v.original.content_type,
  original_size: (v) => v.original.size,
  original_sha256: (v) => v.original.sha256,
  secured_size: (v) => v.secured.size,
  secured_sha256: (v) => v.secured.sha256,
  public_url: (v) => v.public_url,
  template_id: (v) => v.template_id,
  custom_fields: (v) => JSON.stringify(v.custom_fields),
  created_by_email: (v) => v.created_by.email,
  bulk_operation: (v) => v.bulk_operation?.name,
  created_at: (v) => v.created_at,
  updated_at: (v) => v.updated_at,
  scan_count: (v) => v.scan_count,
  last_scanned_at: (v) => v.last_scanned_at,
};

function verificationsCsv(items: AsyncIterable<Verification>): Readable {
  const columns = Object.keys(CSV_COLUMNS);
  const cells = Object.values(CSV_COLUMNS);
  return Readable.from(items)
    .pipe(
      new Transform({
        objectMode: true,
        transform: (v: Verification, _encoding, done) =>
          done(
            null,
            cells.map((cell) => cell(v) ?? ''),
          ),
      }),
    )
    .pipe(spreadsheetCsv({ header: true, columns, cast: { boolean: (value) => String(value) } }));
}

async function accountJson({ db }: ExportZipDeps, accountId: string, plan: unknown) {
  const account = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'organisation_name', 'industry', 'created_at'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return json({ ...account, created_at: account.created_at.toISOString(), plan });
}

async function templatesJson({ db }: ExportZipDeps, accountId: string) {
  const rows = await selectTemplateRows(db)
    .where('t.user_id', '=', accountId)
    .orderBy('t.created_at')
    .execute();
  return json(rows.map(toTemplate));
}

/** Adds a stored file and waits until yazl has read it: one file open at a time. A missing file is left out. */
async function addStoredFile(zip: ZipFile, storage: Storage, key: string, name: string) {
  let file: Readable;
  try {
    file = await storage.getStream(key);
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) return;
    throw error;
  }
  zip.addReadStream(file, name, { compress: false });
  await new Promise((resolve, reject) => file.once('close', resolve).once('error', reject));
}

/** Builds the zip into storage under key; answers its size in bytes. */
export async function writeExportZip(
  deps: ExportZipDeps,
  { accountId, plan, key }: { accountId: string; plan: unknown; key: string },
): Promise<number> {
  const zip = new ZipFile();
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  zip.outputStream.pipe(counted);
  const stored = deps.storage.put(key, counted);
  const fill = (async () => {
    zip.addBuffer(await accountJson(deps, accountId, plan), 'account.json');
    zip.addReadStream(jsonArray(accountVerifications(deps, accountId)), 'verifications.json');
    zip.addReadStream(verificationsCsv(accountVerifications(deps, accountId)), 'verifications.csv');
    zip.addBuffer(await templatesJson(deps, accountId), 'templates.json');
    for await (const v of accountVerifications(deps, accountId)) {
      const keys = verificationFileKeys(v.id);
      const original = cleanFileName(v.original.file_name);
      await addStoredFile(zip, deps.storage, keys.original, `originals/${v.code}-${original}`);
      await addStoredFile(zip, deps.storage, keys.secured, `secured/${v.code}.pdf`);
    }
    zip.end();
  })().catch((error: unknown) => {
    counted.destroy(error as Error);
    throw error;
  });
  await Promise.all([fill, stored]);
  return size;
}
