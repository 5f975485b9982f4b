// The real app for the bench: the server in its own process on the embedded database, serving the built SPA,
// with one verification to look at.
import { readFileSync } from 'node:fs';

import { makePdf } from '../../server/test/helpers/test-documents';
import { createVerifiedAccount, requestAccessToken } from '../support/accounts';
import { startApp, type RunningApp } from '../support/app';

export interface BenchVerification {
  id: string;
  code: string;
  /** The owner's access token, to read the scan count. */
  token: string;
}

export interface BenchApp {
  app: RunningApp;
  verification: BenchVerification;
  url(path: string): string;
}

/** POST /api/verifications/ with the document as multipart; `qr` is the placement as the API takes it. */
export function postDocument(app: RunningApp, token: string, pdf: Buffer, qr?: object) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'bench.pdf');
  form.set('title', 'Benchmark certificate');
  form.set('holder_name', 'Bench Holder');
  form.set('issue_date', new Date().toISOString().slice(0, 10));
  if (qr) form.set('qr', JSON.stringify(qr));
  return fetch(`${app.baseUrl}/api/verifications/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

export async function createVerification(app: RunningApp): Promise<BenchVerification> {
  const token = await requestAccessToken(app, await createVerifiedAccount(app));
  const response = await postDocument(app, token, await makePdf());
  if (response.status !== 201)
    throw new Error(`create → ${response.status}: ${await response.text()}`);
  const created = (await response.json()) as { id: string; public_url: string };
  const code = new URL(created.public_url).pathname.split('/').filter(Boolean).at(-1)!;
  return { id: created.id, code, token };
}

/** Starts the app (log level error, so logging costs what it costs in production) with one verification. */
export async function startBenchApp(): Promise<BenchApp> {
  const app = await startApp({ LOG_LEVEL: 'error' });
  try {
    const verification = await createVerification(app);
    return { app, verification, url: (path) => `${app.baseUrl}${path}` };
  } catch (error) {
    await app.stop();
    throw error;
  }
}

/** The owner's view of the scan count (reading it writes the views still waiting in the batch first). */
export async function scanCount({ app, verification }: BenchApp): Promise<number> {
  const response = await fetch(`${app.baseUrl}/api/verifications/${verification.id}/`, {
    headers: { Authorization: `Bearer ${verification.token}` },
  });
  return ((await response.json()) as { scan_count: number }).scan_count;
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function residentMiB(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
  return kib / 1024;
}
