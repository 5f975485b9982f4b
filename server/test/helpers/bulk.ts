// Bulk operations in tests: zips and sheets made in memory, an operation created through the API, and waiting
// for the background work to reach a status.
import { ZipFile } from 'yazl';

import type { BulkOperation } from '@common/bulk-schemas';

import { formData, type FilePart, type TestUser } from './verifications';

import type { FastifyInstance } from 'fastify';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

export async function makeZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) zip.addBuffer(entry.data, entry.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A CSV with a header row; values are quoted when they need to be. */
export function makeCsv(rows: (string | number)[][]): Buffer {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return Buffer.from(rows.map((row) => row.map(quote).join(',')).join('\n') + '\n');
}

export function csvPart(data: Buffer, name = 'graduates.csv'): FilePart {
  return { name, type: 'text/csv', data };
}

export function zipPart(data: Buffer, name = 'documents.zip'): FilePart {
  return { name, type: 'application/zip', data };
}

export function postBulkOperation(
  app: FastifyInstance,
  user: TestUser,
  fields: Record<string, string | FilePart | undefined>,
) {
  const form = formData(fields);
  return app.inject({
    method: 'POST',
    url: '/api/bulk-operations/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

export async function getOperation(
  app: FastifyInstance,
  user: TestUser,
  id: string,
): Promise<BulkOperation> {
  const response = await app.inject({ url: `/api/bulk-operations/${id}/`, headers: user.headers });
  if (response.statusCode !== 200)
    throw new Error(`GET failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Polls the operation until its status is one of those named (fails the test after timeoutMs). */
export async function waitForStatus(
  app: FastifyInstance,
  user: TestUser,
  id: string,
  statuses: BulkOperation['status'][],
  timeoutMs = 30_000,
): Promise<BulkOperation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const operation = await getOperation(app, user, id);
    if (statuses.includes(operation.status)) return operation;
    if (Date.now() > deadline) {
      throw new Error(`Operation stayed ${operation.status}: ${JSON.stringify(operation)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function startOperation(app: FastifyInstance, user: TestUser, id: string) {
  return app.inject({
    method: 'POST',
    url: `/api/bulk-operations/${id}/start/`,
    headers: user.headers,
  });
}
