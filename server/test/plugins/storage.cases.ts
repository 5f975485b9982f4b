// The app on S3 storage (S3_BUCKET set): documents are secured into the bucket and downloaded from it.
import { sha256 } from '../../src/lib/sha256';
import { openS3Storage } from '../../src/storage/s3-storage';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { createTestApp } from '../helpers/test-app';
import { makePdf } from '../helpers/test-documents';
import { createVerification, signedInUser } from '../helpers/verifications';

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.stop();
});

test('with S3_BUCKET set, a secured document is kept in the bucket and downloads from it', async () => {
  const bucket = await s3.createBucket();
  const logLines: string[] = [];
  const app = await createTestApp({
    env: { ...s3.env(bucket), LOG_LEVEL: 'info' },
    logStream: { write: (line) => logLines.push(line) },
  });
  const user = await signedInUser(app);
  const original = await makePdf();

  const verification = await createVerification(app, user, {
    file: { name: 'diploma.pdf', data: original },
    allow_download: 'true',
  });

  const inBucket = await openS3Storage(s3.settings(bucket));
  expect((await inBucket.list('verifications')).sort()).toEqual([
    `verifications/${verification.id}/original`,
    `verifications/${verification.id}/secured.pdf`,
  ]);
  inBucket.close();

  const publicDownload = await app.inject({ url: `/v/${verification.code}/document` });
  expect(publicDownload.statusCode).toBe(200);
  expect(publicDownload.headers['content-disposition']).toMatch(/^attachment;/);
  expect(sha256(publicDownload.rawPayload)).toBe(verification.secured.sha256);

  const originalDownload = await app.inject({
    url: `/api/verifications/${verification.id}/original/`,
    headers: user.headers,
  });
  expect(originalDownload.statusCode).toBe(200);
  expect(originalDownload.rawPayload.equals(original)).toBe(true);

  const started = logLines.find((line) => line.includes('"Storage ready"'));
  expect(started).toContain(`s3://${bucket}`);
  expect(started).not.toContain('S3RVER'); // the access key and secret stay out of the log
  await app.close();
});
