// Staged bulk files: the sheet, the zip and the design uploaded once each (POST /api/bulk-operations/uploads/),
// then named by id in the sheet preview and the create — the same operation as the multipart form makes.
import { randomBytes } from 'node:crypto';

import type { BulkOperation } from '@common/bulk-schemas';

import {
  csvPart,
  getOperation,
  makeCsv,
  makeZip,
  postBulkOperation,
  waitForStatus,
  zipPart,
} from '../../../helpers/bulk';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import { formData, signedInUser, type FilePart } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp({ env: { BULK_MAX_ZIP_BYTES: String(1024 * 1024) } });
});

afterEach(async () => {
  await app.close();
});

type User = Awaited<ReturnType<typeof signedInUser>>;

function stage(user: User, kind: 'sheet' | 'documents' | 'design', part: FilePart) {
  const form = formData({ [kind]: part });
  return app.inject({
    method: 'POST',
    url: '/api/bulk-operations/uploads/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

async function stagedId(user: User, kind: 'sheet' | 'documents', part: FilePart) {
  const response = await stage(user, kind, part);
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** What two operations made from the same files and options must share. */
function sameness(operation: BulkOperation) {
  const { id: _id, created_at: _created, ...rest } = operation;
  return rest;
}

async function someFiles() {
  const pdf = await makePdf();
  const zip = await makeZip([
    { name: 'ada.pdf', data: pdf },
    { name: 'alan.pdf', data: pdf },
  ]);
  const sheet = makeCsv([
    ['File', 'Title', 'Holder Name', 'Issue Date'],
    ['ada.pdf', 'BSc Mathematics', 'Ada Lovelace', '2026-06-30'],
    ['alan.pdf', 'BSc Computing', 'Alan Turing', '2026-06-30'],
    ['missing.pdf', 'BSc Physics', 'Grace Hopper', '2026-06-30'],
  ]);
  return { zip, sheet };
}

test('preview and create by upload ids give what the multipart form gives, and the staged files are then gone', async () => {
  const user = await signedInUser(app);
  const { zip, sheet } = await someFiles();

  const sheetId = await stagedId(user, 'sheet', csvPart(sheet));
  const zipId = await stagedId(user, 'documents', zipPart(zip));

  const previewed = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/sheet-preview/',
    headers: user.headers,
    payload: { sheet_upload_id: sheetId, mode: 'documents' },
  });
  const previewForm = formData({ sheet: csvPart(sheet), mode: 'documents' });
  const previewedAsForm = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/sheet-preview/',
    headers: { ...user.headers, ...previewForm.headers },
    payload: previewForm.payload,
  });
  expect(previewed.statusCode).toBe(200);
  expect(previewed.json()).toEqual(previewedAsForm.json());

  const options = {
    name: 'Class of 2026',
    mapping: JSON.stringify({ holder_name: 'Holder Name' }),
  };
  const byIds = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/',
    headers: user.headers,
    payload: { ...options, sheet_upload_id: sheetId, documents_upload_id: zipId },
  });
  const byForm = await postBulkOperation(app, user, {
    ...options,
    sheet: csvPart(sheet),
    documents: zipPart(zip),
  });
  expect(byIds.statusCode).toBe(201);
  expect(byForm.statusCode).toBe(201);
  const [checkedByIds, checkedByForm] = await Promise.all([
    waitForStatus(app, user, byIds.json<BulkOperation>().id, ['ready', 'invalid']),
    waitForStatus(app, user, byForm.json<BulkOperation>().id, ['ready', 'invalid']),
  ]);
  expect(checkedByIds).toMatchObject({ status: 'ready', valid_rows: 2, invalid_rows: 1 });
  expect(sameness(checkedByIds)).toEqual(sameness(checkedByForm));
  expect(await getOperation(app, user, checkedByIds.id)).toMatchObject({
    sheet_name: 'graduates.csv',
  });

  // The operation keeps its own copies: the staged ones cannot be named again.
  const again = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/',
    headers: user.headers,
    payload: { sheet_upload_id: sheetId, documents_upload_id: zipId },
  });
  expect(again.statusCode).toBe(400);
  expect(again.json().error.details).toEqual({
    sheet_upload_id: ['This file is no longer uploaded; choose it again.'],
  });
});

test("another user's upload, one of another kind or a made-up id names nothing", async () => {
  const owner = await signedInUser(app);
  const stranger = await signedInUser(app);
  const { zip, sheet } = await someFiles();
  const sheetId = await stagedId(owner, 'sheet', csvPart(sheet));
  const zipId = await stagedId(owner, 'documents', zipPart(zip));

  for (const [user, body] of [
    [stranger, { sheet_upload_id: sheetId, mode: 'documents' }],
    [owner, { sheet_upload_id: zipId, mode: 'documents' }],
    [owner, { sheet_upload_id: 'not-an-id', mode: 'documents' }],
  ] as const) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bulk-operations/sheet-preview/',
      headers: user.headers,
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({
      sheet_upload_id: ['This file is no longer uploaded; choose it again.'],
    });
  }
});

test('each kind is held to its own size limit as it arrives (413), and a request needs one file', async () => {
  const user = await signedInUser(app);
  const big = await makeZip([{ name: 'a.pdf', data: randomBytes(1_200_000) }]);
  const tooLarge = await stage(user, 'documents', zipPart(big));
  expect(tooLarge.statusCode).toBe(413);
  expect(tooLarge.json().error.details.documents).toEqual([
    'The file is larger than the 1 MiB limit',
  ]);

  const form = formData({ name: 'no file' });
  const empty = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/uploads/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().error.details).toEqual({
    sheet: ['Attach one file as sheet, documents or design.'],
  });
});
