// Mode 2: one design PDF, each row drawn on it where the layout says, then secured.
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';

import type { DesignLayout } from '@common/bulk';

import {
  csvPart,
  makeCsv,
  postBulkOperation,
  startOperation,
  waitForStatus,
} from '../../../helpers/bulk';
import { renderPdfPages } from '../../../helpers/pdf-pages';
import { createTestApp } from '../../../helpers/test-app';
import { makePdf } from '../../../helpers/test-documents';
import { formData, signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let user: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  user = await signedInUser(app);
});

afterEach(async () => {
  await app.close();
});

const LAYOUT: DesignLayout = {
  fields: [
    {
      field: 'holder_name',
      x: 0.5,
      y: 0.4,
      font: 'Times-Bold',
      size: 28,
      color: '#1a237e',
      align: 'center',
    },
    {
      field: 'issue_date',
      // Pages are counted from 1: the design's only page.
      page: 1,
      x: 0.1,
      y: 0.9,
      font: 'Helvetica',
      size: 12,
      color: '#000000',
      align: 'left',
      date_format: 'D MMMM YYYY',
    },
    { field: 'Grade', x: 0.9, y: 0.9, font: 'Courier', size: 12, color: '#333333', align: 'right' },
  ],
};

async function design() {
  return { name: 'certificate.pdf', data: await makePdf([{ size: [842, 595] }]) };
}

test('each row becomes its own PDF with its values drawn on the design, secured', async () => {
  const sheet = makeCsv([
    ['Holder name', 'Title', 'Issue date', 'Grade'],
    ['Ada Lovelace', 'Certificate of Excellence', '2026-06-30', 'A'],
    ['Alan Turing', 'Certificate of Excellence', '2026-06-30', 'B'],
  ]);
  const created = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    design: await design(),
    layout: JSON.stringify(LAYOUT),
    name: 'Excellence 2026',
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({ mode: 'design', name: 'Excellence 2026' });
  const { id } = created.json();
  expect(await waitForStatus(app, user, id, ['ready', 'invalid'])).toMatchObject({
    status: 'ready',
    valid_rows: 2,
  });

  await startOperation(app, user, id);
  expect(await waitForStatus(app, user, id, ['completed', 'failed'])).toMatchObject({
    status: 'completed',
    succeeded: 2,
  });

  const list = await app.inject({
    url: `/api/verifications/?bulk_operation=${id}&search=Ada`,
    headers: user.headers,
  });
  const [ada] = list.json().results;
  expect(ada).toMatchObject({
    holder_name: 'Ada Lovelace',
    original: { file_name: 'Ada Lovelace.pdf' },
  });
  const original = await app.inject({
    url: `/api/verifications/${ada.id}/original/`,
    headers: user.headers,
  });
  const secured = await app.inject({
    url: `/api/verifications/${ada.id}/document/`,
    headers: user.headers,
  });
  // The drawn values are in the page's content, and the secured copy is the drawn one with its QR stamp.
  const drawn = (await PDFDocument.load(original.rawPayload)).getPage(0);
  expect(drawn.getSize()).toEqual({ width: 842, height: 595 });
  const text = original.rawPayload.toString('latin1');
  expect(text).toContain('Times-Bold');
  expect(text).toContain('Courier');
  const [[page]] = await renderPdfPages([{ pdf: secured.rawPayload }]);
  expect(page.qr?.data).toBe(ada.qr_url);
});

test('a row the fonts cannot draw, a column the design names that is not there, and a layout past the design', async () => {
  const sheet = makeCsv([
    ['holder_name', 'title', 'Grade'],
    ['李小龍', 'Certificate', 'A'],
    ['Zoë Ångström', 'Certificate', 'B'],
  ]);
  const created = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    design: await design(),
    layout: JSON.stringify(LAYOUT),
  });
  const operation = await waitForStatus(app, user, created.json().id, ['ready', 'invalid']);
  expect(operation).toMatchObject({ status: 'ready', valid_rows: 1, invalid_rows: 1 });
  expect(operation.errors).toEqual([
    {
      row: 1,
      column: 'holder_name',
      message: expect.stringContaining("characters the design's fonts cannot draw (李 小 龍)"),
    },
  ]);

  const unknownColumn = await postBulkOperation(app, user, {
    sheet: csvPart(
      makeCsv([
        ['holder_name', 'title'],
        ['Ada', 'Certificate'],
      ]),
    ),
    design: await design(),
    layout: JSON.stringify(LAYOUT),
  });
  expect(
    await waitForStatus(app, user, unknownColumn.json().id, ['ready', 'invalid']),
  ).toMatchObject({
    status: 'invalid',
    errors: [
      {
        row: null,
        column: null,
        message: 'The design draws "Grade", which is neither a field nor a column of the sheet.',
      },
    ],
  });

  const pastTheDesign = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    design: await design(),
    layout: JSON.stringify({ fields: [{ ...LAYOUT.fields[0], page: 2 }] }),
  });
  expect(pastTheDesign.statusCode).toBe(400);
  expect(pastTheDesign.json().error.details.layout).toEqual([
    'The design has 1 page(s); "holder_name" is placed on page 2.',
  ]);

  const pageZero = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    design: await design(),
    layout: JSON.stringify({ fields: [{ ...LAYOUT.fields[0], page: 0 }] }),
  });
  expect(pageZero.statusCode).toBe(400);
  expect(pageZero.json().error.details.layout).toEqual([
    'fields.0.page: page must be 1 or more: pages are counted from 1, the first page is 1.',
  ]);
});

test('a design must be a PDF and needs a layout; documents and a design together are refused', async () => {
  const sheet = csvPart(
    makeCsv([
      ['holder_name', 'title'],
      ['Ada', 'Certificate'],
    ]),
  );
  const noLayout = await postBulkOperation(app, user, { sheet, design: await design() });
  expect(noLayout.statusCode).toBe(400);
  expect(noLayout.json().error.details.layout).toEqual(['Place at least one field on the design.']);

  const notPdf = await postBulkOperation(app, user, {
    sheet,
    design: { name: 'design.pdf', data: Buffer.from('hello') },
    layout: JSON.stringify(LAYOUT),
  });
  expect(notPdf.statusCode).toBe(400);
  expect(notPdf.json().error.details.design).toBeDefined();

  const badLayout = await postBulkOperation(app, user, {
    sheet,
    design: await design(),
    layout: JSON.stringify({ fields: [{ ...LAYOUT.fields[0], color: 'red', size: 1 }] }),
  });
  expect(badLayout.statusCode).toBe(400);
  expect(badLayout.json().error.details.layout).toEqual([
    'fields.0.size: size must be at least 4 points.',
    'fields.0.color: color must be #RRGGBB.',
  ]);

  const neither = await postBulkOperation(app, user, { sheet });
  expect(neither.statusCode).toBe(400);
  expect(neither.json().error.details.documents).toBeDefined();
});

test('an Excel sheet works like a CSV: dates from date cells, numbers as text', async () => {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet('Graduates');
  worksheet.addRow(['Holder Name', 'Title', 'Issue Date', 'Grade']);
  worksheet.addRow(['Ada Lovelace', 'Certificate', new Date(Date.UTC(2026, 5, 30)), 97]);
  const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());

  const form = formData({
    sheet: { name: 'graduates.xlsx', type: 'application/octet-stream', data: xlsx },
    mode: 'design',
  });
  const preview = await app.inject({
    method: 'POST',
    url: '/api/bulk-operations/sheet-preview/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(preview.statusCode).toBe(200);
  expect(preview.json()).toEqual({
    columns: ['Holder Name', 'Title', 'Issue Date', 'Grade'],
    row_count: 1,
    rows: [['Ada Lovelace', 'Certificate', '2026-06-30', '97']],
    mapping: { title: 'Title', holder_name: 'Holder Name', issue_date: 'Issue Date' },
  });
});
