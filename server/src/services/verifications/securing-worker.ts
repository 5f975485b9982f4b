// Runs in the securing pool's worker threads (securing-pool.ts): checks or secures one document off the event loop
// and answers a plain, cloneable result, with an AppError turned into its fields so the main thread can rebuild it.
import type { DocumentContentType } from '@common/uploads';

import { AppError } from '../../lib/app-error';

import { checkDocument, type DocumentLimits } from './check-document';
import { secureDocument, type SecureDocumentInput, type SecuredDocument } from './secure-document';

import type { MessagePort } from 'node:worker_threads';

export type SecuringJob =
  | { kind: 'check'; bytes: Uint8Array; limits: DocumentLimits }
  | { kind: 'secure'; input: Omit<SecureDocumentInput, 'bytes'> & { bytes: Uint8Array } };

export interface SerializedAppError {
  statusCode: number;
  code: AppError['code'];
  message: string;
  details?: AppError['details'];
  /** The cause's message, for the main thread's log. */
  cause?: string;
}

export type SecuringOutcome =
  | { ok: true; kind: 'check'; contentType: DocumentContentType }
  | { ok: true; kind: 'secure'; secured: SecuredDocument }
  | { ok: false; error: SerializedAppError };

export interface SecuringTask {
  job: SecuringJob;
  /** Told when the job starts, so its time limit does not count the wait in the queue. */
  started: MessagePort;
}

// Structured cloning hands a Buffer over as a plain Uint8Array; pdf-lib and the checks want a Buffer.
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function serializeAppError(error: AppError): SerializedAppError {
  const { cause } = error;
  return {
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    ...(error.details && { details: error.details }),
    ...(cause !== undefined && { cause: cause instanceof Error ? cause.message : String(cause) }),
  };
}

async function runJob(job: SecuringJob): Promise<SecuringOutcome> {
  if (job.kind === 'check') {
    const { contentType } = await checkDocument(asBuffer(job.bytes), job.limits);
    return { ok: true, kind: 'check', contentType };
  }
  const secured = await secureDocument({ ...job.input, bytes: asBuffer(job.input.bytes) });
  return { ok: true, kind: 'secure', secured };
}

export default async function runSecuringTask({
  job,
  started,
}: SecuringTask): Promise<SecuringOutcome> {
  started.postMessage('started');
  started.close();
  try {
    return await runJob(job);
  } catch (error) {
    // Anything else is a fault, not an answer: piscina rejects with it and the error handler makes it a 500.
    if (error instanceof AppError) return { ok: false, error: serializeAppError(error) };
    throw error;
  }
}
