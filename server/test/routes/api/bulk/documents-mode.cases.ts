import yauzl from 'yauzl';

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
import { makePdf, makePng } from '../../../helpers/test-documents';
import { signedInUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});

afterEach(async () => {
  await app.close();
});

function unzipNames(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const names: string[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        file.readEntry();
      });
      file.on('end', () => resolve(names));
      file.readEntry();
    });
  });
}

test('a sheet and a zip of documents become one verification per valid row, with a result zip and report', async () => {
  const user = await signedInUser(app);
  const zip = await makeZip([
    { name: 'diplomas/ada.pdf', data: await makePdf() },
    { name: 'diplomas/alan.png', data: makePng(400, 300) },
    { name: 'diplomas/grace.pdf', data: await makePdf() },
    { name: 'notes.txt', data: Buffer.from('not a document') },
  ]);
  const sheet = makeCsv([
    ['File', 'Title', 'Holder Name', 'Issue Date', 'Grade'],
    ['ada.pdf', 'BSc Mathematics', 'Ada Lovelace', '2026-06-30', 'First'],
    ['alan.png', 'BSc Computing', 'Alan Turing', '', 'Distinction'],
    ['grace.pdf', 'BSc Physics', '', '2026-06-30', ''],
    ['missing.pdf', 'BSc Chemistry', 'Marie Curie', '2026-06-30', ''],
    ['notes.txt', 'BSc Biology', 'Rosalind Franklin', '2026-13-01', ''],
  ]);

  const created = await postBulkOperation(app, user, {
    sheet: csvPart(sheet),
    documents: zipPart(zip),
  });
  expect(created.statusCode).toBe(201);
  expect(created.json()).toMatchObject({
    status: 'validating',
    mode: 'documents',
    name: 'graduates',
  });
  const { id } = created.json();

  const ready = await waitForStatus(app, user, id, ['ready', 'invalid']);
  expect(ready).toMatchObject({ status: 'ready', total_rows: 5, valid_rows: 2, invalid_rows: 3 });
  expect(ready.errors).toEqual([
    { row: 3, column: 'Holder Name', message: 'This field may not be blank.' },
    { row: 4, column: 'File', message: 'The zip has no file named "missing.pdf".' },
    { row: 5, column: 'Issue Date', message: 'Enter a date as YYYY-MM-DD.' },
  ]);

  expect((await startOperation(app, user, id)).statusCode).toBe(202);
  const done = await waitForStatus(app, user, id, ['completed', 'failed']);
  expect(done).toMatchObject({ status: 'completed', processed: 2, succeeded: 2, failed: 0 });

  const list = await app.inject({
    url: `/api/verifications/?bulk_operation=${id}&ordering=title`,
    headers: user.headers,
  });
  // Ordered by title: BSc Computing (Alan), BSc Mathematics (Ada).
  const [alan, ada] = list.json().results;
  expect([ada.holder_name, alan.holder_name]).toEqual(['Ada Lovelace', 'Alan Turing']);
  const verifications = [ada, alan];
  expect(verifications[0]).toMatchObject({
    title: 'BSc Mathematics',
    issue_date: '2026-06-30',
    custom_fields: [{ key: 'Grade', value: 'First' }],
    bulk_operation: { id, name: 'graduates' },
    original: { file_name: 'ada.pdf' },
  });
  // A row without an issue date is issued on the day of the run.
  expect(verifications[1].issue_date).toBe(new Date().toISOString().slice(0, 10));

  const report = await app.inject({
    url: `/api/bulk-operations/${id}/report/`,
    headers: user.headers,
  });
  expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
  const lines = report.body.trim().split('\n');
  expect(lines[0]).toBe('row,status,code,public_url,error');
  expect(lines[1]).toMatch(
    new RegExp(`^1,secured,${verifications[0].code},http.*/v/${verifications[0].code},$`),
  );
  expect(lines[4]).toBe('4,invalid,,,"File: The zip has no file named ""missing.pdf""."');

  const result = await app.inject({
    url: `/api/bulk-operations/${id}/result/`,
    headers: user.headers,
  });
  expect(result.statusCode).toBe(200);
  expect(result.headers['content-type']).toBe('application/zip');
  expect(await unzipNames(result.rawPayload)).toEqual(['ada.pdf', 'alan.pdf', 'report.csv']);
});
