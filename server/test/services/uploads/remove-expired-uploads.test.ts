import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { checkDocument } from '../../../src/documents/check-document';
import { UploadedFile } from '../../../src/lib/upload-temp-files';
import { readStagedUpload } from '../../../src/services/uploads/read-staged-upload';
import { removeExpiredUploads } from '../../../src/services/uploads/remove-expired-uploads';
import { stageUpload } from '../../../src/services/uploads/stage-upload';
import { STAGED_UPLOAD_TTL_MS } from '../../../src/services/uploads/staged-upload-record';
import { openDiskStorage, type DiskStorage } from '../../../src/storage/disk-storage';
import { createTempDir } from '../../helpers/test-app';
import { makePdf } from '../../helpers/test-documents';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const config = { UPLOAD_MAX_BYTES: 1024 * 1024 };
// Checked in this thread: these tests are about expiry, not the worker pool.
const PDF_LIMITS = { maxPages: 100, maxObjects: 10_000, maxInflatedBytes: 1024 * 1024 };
const securing = {
  checkDocument: (bytes: Buffer, maxBytes: number) =>
    checkDocument(bytes, { maxBytes, ...PDF_LIMITS }).then(({ contentType, doc }) => ({
      contentType,
      pageCount: doc.getPageCount(),
    })),
};

let folder: string;
let storage: DiskStorage;

beforeEach(async () => {
  folder = await createTempDir('qrv-uploads-');
  storage = await openDiskStorage(path.join(folder, 'files'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** The PDF as a form's file part, in a file of its own as the multipart plugin leaves it. */
async function uploadedPdf(filename: string, pdf: Buffer): Promise<UploadedFile> {
  const filePath = path.join(folder, `${filename}.part`);
  await writeFile(filePath, pdf);
  return new UploadedFile(filename, 'application/pdf', filePath, pdf.length);
}

test('an upload is readable until it expires, then gone for good', async () => {
  const now = new Date('2026-03-01T10:00:00Z');
  const upload = await stageUpload(
    { storage, securing, config },
    ALICE,
    await uploadedPdf('a.pdf', await makePdf()),
    now,
  );

  const justBefore = later(now, STAGED_UPLOAD_TTL_MS - 1000);
  expect((await readStagedUpload(storage, ALICE, upload.id, justBefore)).record.name).toBe('a.pdf');
  await expect(readStagedUpload(storage, BOB, upload.id, justBefore)).rejects.toMatchObject({
    statusCode: 404,
  });

  await expect(
    readStagedUpload(storage, ALICE, upload.id, later(now, STAGED_UPLOAD_TTL_MS)),
  ).rejects.toMatchObject({ statusCode: 404, code: 'upload_not_found' });
  expect(await storage.list('uploads')).toEqual([]);
});

test("the sweep removes expired uploads and files without a record, and keeps the rest; a user's own sweep stays in their folder", async () => {
  const pdf = await makePdf();
  const old = new Date('2026-03-01T10:00:00Z');
  const recent = later(old, STAGED_UPLOAD_TTL_MS / 2);
  const now = later(old, STAGED_UPLOAD_TTL_MS + 1);
  const aliceOld = await stageUpload(
    { storage, securing, config },
    ALICE,
    await uploadedPdf('a.pdf', pdf),
    old,
  );
  const bobOld = await stageUpload(
    { storage, securing, config },
    BOB,
    await uploadedPdf('b.pdf', pdf),
    old,
  );
  const aliceRecent = await stageUpload(
    { storage, securing, config },
    ALICE,
    await uploadedPdf('c.pdf', pdf),
    recent,
  );
  await storage.put(`uploads/${BOB}/33333333-3333-4333-8333-333333333333/file`, pdf);

  expect(await removeExpiredUploads(storage, now, { userId: ALICE })).toBe(1);
  const left = await storage.list('uploads');
  expect(left.some((key) => key.includes(aliceOld.id))).toBe(false);
  expect(left.some((key) => key.includes(bobOld.id))).toBe(true);

  expect(await removeExpiredUploads(storage, now)).toBe(2);
  expect((await storage.list('uploads')).sort()).toEqual(
    [
      `uploads/${ALICE}/${aliceRecent.id}/file`,
      `uploads/${ALICE}/${aliceRecent.id}/meta.json`,
    ].sort(),
  );
});
