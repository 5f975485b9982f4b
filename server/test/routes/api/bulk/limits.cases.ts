// What a bulk operation refuses: unsafe zips, zip bombs, sheets past the row limit, and sheets it cannot use.
import { randomBytes } from 'node:crypto';

import ExcelJS from 'exceljs';

import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  startOperation,
  waitForStatus,
  zipPart,
} from '../../../helpers/bulk';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import { formData, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  app = await createTestApp({
    env: { BULK_MAX_ROWS: '3', BULK_MAX_ZIP_BYTES: '1048576', BULK_SHEET_MAX_BYTES: '16384' },
  });
  user = await signedInUser(app);
});

afterAll(async () => {
  await app.close();
});

const SHEET = makeCsv([
  ['file', 'title', 'holder_name'],
  ['a.pdf', 'Certificate', 'Ada Lovelace'],
]);

async function problemOf(fields: Parameters<typeof postBulkOperation>[2]) {
  const created = await postBulkOperation(app, user, fields);
  expect(created.statusCode).toBe(201);
  const operation = await waitForStatus(app, user, created.json().id, ['ready', 'invalid']);
  expect(operation.status).toBe('invalid');
  return operation.errors[0];
}

/** A zip whose entry is stored under a name yazl would refuse to write: the same-length name is swapped in. */
async function zipWithEntryName(name: string): Promise<Buffer> {
  const placeholder = 'x'.repeat(name.length - 'a.pdf'.length - 1) + '/a.pdf';
  const zip = await makeZip([{ name: placeholder, data: await makePdf() }]);
  return Buffer.from(zip.toString('latin1').split(placeholder).join(name), 'latin1');
}

test('a zip entry reaching out of its folder, or from the root, stops the whole operation', async () => {
  const sheet = csvPart(
    makeCsv([
      ['file', 'title', 'holder_name'],
      ['../a.pdf', 'Certificate', 'Ada'],
    ]),
  );
  expect(
    await problemOf({ sheet, documents: zipPart(await zipWithEntryName('../a.pdf')) }),
  ).toEqual({
    row: null,
    column: null,
    message: expect.stringMatching(
      /^The zip holds an entry with an unsafe name \(.*\.\.\/a\.pdf\)/,
    ),
  });
  expect(
    await problemOf({ sheet, documents: zipPart(await zipWithEntryName('/tmp/a.pdf')) }),
  ).toEqual(expect.objectContaining({ message: expect.stringContaining('unsafe name') }));
});

test('a zip bomb (entries unpacking past the limit) is refused before anything is unpacked', async () => {
  const bomb = await makeZip([
    { name: 'a.pdf', data: await makePdf() },
    { name: 'zeros.bin', data: Buffer.alloc(2 * 1024 * 1024) },
  ]);
  expect(bomb.length).toBeLessThan(100_000);
  expect(await problemOf({ sheet: csvPart(SHEET), documents: zipPart(bomb) })).toEqual({
    row: null,
    column: null,
    message: "The zip's documents come to more than 1 MiB once unpacked.",
  });
});

test('a zip larger than the limit is refused as it arrives (413)', async () => {
  const big = await makeZip([{ name: 'a.pdf', data: randomBytes(1_200_000) }]);
  const response = await postBulkOperation(app, user, {
    sheet: csvPart(SHEET),
    documents: zipPart(big),
  });
  expect(response.statusCode).toBe(413);
  expect(response.json().error.details.documents).toEqual([
    'The file is larger than the 1 MiB limit',
  ]);
});

test('a file that is not a zip is refused at once', async () => {
  const response = await postBulkOperation(app, user, {
    sheet: csvPart(SHEET),
    documents: zipPart(await makePdf(), 'documents.pdf'),
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toMatchObject({
    code: 'invalid_zip',
    details: { documents: ['The documents file is not a zip archive.'] },
  });
});

test('an entry that is not a document fails its row only', async () => {
  const zip = await makeZip([
    { name: 'a.pdf', data: await makePdf() },
    { name: 'b.pdf', data: Buffer.from('PK not really a pdf') },
  ]);
  const sheet = makeCsv([
    ['file', 'title', 'holder_name'],
    ['a.pdf', 'Certificate', 'Ada Lovelace'],
    ['b.pdf', 'Certificate', 'Alan Turing'],
  ]);
  const created = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    documents: zipPart(zip),
  });
  const operation = await waitForStatus(app, user, created.json().id, ['ready', 'invalid']);
  expect(operation).toMatchObject({ status: 'ready', valid_rows: 1, invalid_rows: 1 });
  expect(operation.errors).toEqual([
    { row: 2, column: 'file', message: 'Only PDF, PNG and JPEG files can be secured' },
  ]);
});

test('sheets it cannot use: too many rows, required columns missing, repeated headers, no rows', async () => {
  const zip = zipPart(await makeZip([{ name: 'a.pdf', data: await makePdf() }]));
  const tooLong = makeCsv([
    ['file', 'title', 'holder_name'],
    ...Array.from({ length: 4 }, (_, i) => [`${i}.pdf`, 'T', `H${i}`]),
  ]);
  expect((await problemOf({ sheet: csvPart(tooLong), documents: zip })).message).toBe(
    'The sheet has more than 3 rows. Split it into several operations.',
  );

  const noTitle = makeCsv([
    ['file', 'holder_name'],
    ['a.pdf', 'Ada'],
  ]);
  expect((await problemOf({ sheet: csvPart(noTitle), documents: zip })).message).toBe(
    'No column is mapped to title; it is required.',
  );

  const repeated = makeCsv([
    ['file', 'Title', 'title', 'holder_name'],
    ['a.pdf', 'T', 'T', 'Ada'],
  ]);
  expect((await problemOf({ sheet: csvPart(repeated), documents: zip })).message).toBe(
    'The sheet has two columns named "title". Rename one.',
  );

  const headersOnly = makeCsv([['file', 'title', 'holder_name']]);
  expect((await problemOf({ sheet: csvPart(headersOnly), documents: zip })).message).toBe(
    'The sheet has headers but no rows.',
  );

  const binary = { name: 'sheet.csv', type: 'text/csv', data: Buffer.from([0, 1, 2, 3, 0, 10]) };
  expect((await problemOf({ sheet: binary, documents: zip })).message).toBe(
    'The sheet is not a text CSV file or an Excel workbook (.xlsx).',
  );
});

/** Runs a bulk operation to the end and answers the verification its first row made. */
async function firstSecured(id: string): Promise<unknown> {
  await waitForStatus(app, user, id, ['ready']);
  await startOperation(app, user, id);
  await waitForStatus(app, user, id, ['completed']);
  const list = await app.inject({
    url: `/api/verifications/?bulk_operation=${id}`,
    headers: user.headers,
  });
  return list.json().results[0];
}

test('a mapping names the columns to use; columns left out are not published', async () => {
  const zip = zipPart(await makeZip([{ name: 'a.pdf', data: await makePdf() }]));
  const sheet = makeCsv([
    ['Document', 'Course', 'Student', 'Email', 'Grade'],
    ['a.pdf', 'BSc', 'Ada Lovelace', 'ada@example.com', 'First'],
  ]);
  const created = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    documents: zip,
    mapping: JSON.stringify({ file: 'Document', title: 'Course', holder_name: 'Student' }),
    ignored_columns: JSON.stringify(['Email']),
  });
  expect(await firstSecured(created.json().id)).toMatchObject({
    title: 'BSc',
    holder_name: 'Ada Lovelace',
    custom_fields: [{ key: 'Grade', value: 'First' }],
  });

  const unknown = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    documents: zip,
    mapping: JSON.stringify({ name: 'Student' }),
  });
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json().error.details.mapping[0]).toMatch(/^The mapping names an unknown field/);
});

test('a field mapped to no column stays empty though a header bears its name', async () => {
  const zip = zipPart(await makeZip([{ name: 'a.pdf', data: await makePdf() }]));
  const sheet = makeCsv([
    ['file', 'title', 'holder_name', 'expiry_date'],
    ['a.pdf', 'BSc', 'Ada Lovelace', '2030-01-01'],
  ]);
  const created = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    documents: zip,
    mapping: JSON.stringify({ expiry_date: '' }),
    ignored_columns: JSON.stringify(['expiry_date']),
  });
  expect(await firstSecured(created.json().id)).toMatchObject({
    title: 'BSc',
    expiry_date: null,
    custom_fields: [],
  });
});

test('a workbook that unpacks to far more than its size is refused before it is parsed', async () => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Graduates');
  sheet.addRow(['file', 'title', 'holder_name']);
  // 400 KB of one letter packs into a few KB: past 20 × the 16 KB sheet limit once unpacked.
  sheet.addRow(['a.pdf', 'a'.repeat(400_000), 'Ada']);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
  expect(xlsx.length).toBeLessThan(16_384);

  const form = formData({
    sheet: { name: 'bomb.xlsx', type: 'application/octet-stream', data: xlsx },
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/sheet-preview/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toMatchObject({
    code: 'invalid_sheet',
    message: 'The workbook is too large once unpacked. Save it as CSV, or split it.',
  });
});
