// One issuing path (issue-verification.ts): the same document and facts give the same verification whether they
// come as a single create, a staged upload or a bulk row — the same stored fields, seal facts and stamp.
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';

import { decodeSeal } from '@common/seals/seal-format';

import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  startOperation,
  waitForStatus,
  zipPart,
} from '../../helpers/bulk';
import { createTestApp } from '../../helpers/test-app';
import { makePdf } from '../../helpers/test-documents';
import { createVerification, formData, signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});

afterEach(async () => {
  await app.close();
});

const QR = { pages: 'every', position: 'top-left', size_mm: 30 };

/** The numbers of every `cm` (where each stamp is drawn) in the content stream each page gained. */
async function stampPlacement(pdf: Buffer): Promise<string[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const last = contents instanceof PDFArray ? contents.get(contents.size() - 1) : contents;
    const stream = doc.context.lookup(last as PDFRef) as PDFRawStream;
    const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    return text.split('\n').filter((line) => line.endsWith(' cm'));
  });
}

async function storedRow(id: string) {
  return app.db
    .selectFrom('verifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

// What must not differ between two verifications of the same input; ids, codes, times and the bulk columns do.
function issuedFacts(row: Awaited<ReturnType<typeof storedRow>>) {
  const {
    id: _id,
    code: _code,
    created_at: _created,
    updated_at: _updated,
    secured_sha256: _securedSha256,
    secured_size: _securedSize,
    seal,
    bulk_operation_id: _operation,
    bulk_row_number: _row,
    // When each was signed; who signed, at what level and with which certificate stay compared.
    signed_at: _signedAt,
    ...facts
  } = row;
  const sealFacts = seal ? decodeSeal(seal)!.facts : null;
  return {
    ...facts,
    seal: sealFacts && { ...sealFacts, code: undefined, sealedAt: undefined },
  };
}

test('a single create, a staged upload and a bulk row give the same verification for the same input', async () => {
  const user = await signedInUser(app);
  const pdf = await makePdf([{}, { size: [842, 595] }]);
  const fields = {
    title: 'BSc Mathematics',
    holder_name: 'Ada Lovelace',
    issue_date: '2026-06-30',
    expiry_date: '2030-06-30',
    custom_fields: JSON.stringify([{ key: 'Grade', value: 'First' }]),
    qr: JSON.stringify(QR),
    allow_download: 'true',
  };

  const single = await createVerification(app, user, {
    file: { name: 'ada.pdf', data: pdf },
    ...fields,
  });

  const form = formData({ file: { name: 'ada.pdf', data: pdf } });
  const staged = await app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(staged.statusCode).toBe(201);
  const fromStaged = await app.inject({
    method: 'POST',
    url: '/api/verifications/',
    headers: user.headers,
    payload: {
      ...fields,
      upload_id: staged.json().id,
      custom_fields: JSON.parse(fields.custom_fields),
      qr: QR,
      allow_download: true,
    },
  });
  expect(fromStaged.statusCode).toBe(201);

  const created = await postBulkOperation(app, user, {
    sheet: csvPart(
      makeCsv([
        ['File', 'Title', 'Holder Name', 'Issue Date', 'Expiry Date', 'Grade'],
        [
          'ada.pdf',
          fields.title,
          fields.holder_name,
          fields.issue_date,
          fields.expiry_date,
          'First',
        ],
      ]),
    ),
    documents: zipPart(await makeZip([{ name: 'diplomas/ada.pdf', data: pdf }])),
    qr: fields.qr,
    allow_download: 'true',
  });
  expect(created.statusCode).toBe(201);
  const { id: operationId } = created.json();
  await waitForStatus(app, user, operationId, ['ready']);
  expect((await startOperation(app, user, operationId)).statusCode).toBe(202);
  await waitForStatus(app, user, operationId, ['completed']);
  const fromBulk = await app.db
    .selectFrom('verifications')
    .select('id')
    .where('bulk_operation_id', '=', operationId)
    .executeTakeFirstOrThrow();

  const rows = await Promise.all([single.id, fromStaged.json().id, fromBulk.id].map(storedRow));
  const [expected, ...others] = rows.map(issuedFacts);
  expect(expected).toMatchObject({
    holder_name: 'Ada Lovelace',
    allow_download: true,
    original_file_name: 'ada.pdf',
    original_size: pdf.length,
  });
  expect(expected.seal).toMatchObject({ holderName: 'Ada Lovelace', expiryDate: '2030-06-30' });
  for (const other of others) expect(other).toEqual(expected);
  expect(rows[2].bulk_row_number).toBe(1);

  // The stamp: on both pages, in the same place, in each.
  const placements = await Promise.all(
    rows.map(async (row) =>
      stampPlacement(await app.storage.get(`verifications/${row.id}/secured.pdf`)),
    ),
  );
  expect(placements[0]).toHaveLength(2);
  expect(placements[0][0].length).toBeGreaterThan(0);
  expect(placements[1]).toEqual(placements[0]);
  expect(placements[2]).toEqual(placements[0]);
  // The original is the document as sent, whichever way it came.
  for (const row of rows) {
    expect(await app.storage.get(`verifications/${row.id}/original`)).toEqual(pdf);
  }
  // The staged upload is gone once its verification is made.
  expect(await app.storage.list(`uploads/${user.id}`)).toEqual([]);
});
