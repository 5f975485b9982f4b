// Runs in the securing pool's worker threads (securing-pool.ts): checks or secures one document off the event loop
// and answers a plain, cloneable result, with an AppError turned into its fields so the main thread can rebuild it.
import { readFile, stat } from 'node:fs/promises';

import type { DocumentContentType } from '@common/uploads';

import { AppError } from '../lib/app-error';

import { checkDocument, type DocumentLimits } from './check-document';
import { documentErrors } from './document-errors';
import { drawDesign } from './draw-design';
import { readSheet, type Sheet, type SheetLimits } from './read-sheet';
import {
  secureDocument,
  stampDocument,
  type SecureDocumentInput,
  type SecuredDocument,
} from './secure-document';
import { openInstallCaFile, type InstallCaFile } from './signing/install-ca-file';
import { openIssuerCertificate, type IssuerCertificateFacts } from './signing/issuer-certificate';
import {
  timestampFailure,
  upgradeSignature,
  type SignatureUpgrade,
  type UpgradedPdf,
} from './signing/sign-pdf';

import type { DrawnText } from './draw-design';
import type { MessagePort } from 'node:worker_threads';

// The worker reads files that others made (uploads, their signatures' certificates, a .p12): libpdf follows the
// certificate URLs it finds in them (caIssuers, while gathering validation data) with the global fetch. Nothing
// run here may reach the network but the time-stamping client, which kept its own reference.
globalThis.fetch = async (input) => {
  const address = input instanceof Request ? input.url : String(input);
  throw new Error(`The securing worker does not fetch ${address}`);
};

export type SecuringJob =
  | { kind: 'check'; bytes: Uint8Array; limits: DocumentLimits }
  /** The document as bytes, or as a file on this machine that the worker reads itself (nothing held by the main thread). */
  | {
      kind: 'secure';
      input: Omit<SecureDocumentInput, 'bytes'> & ({ bytes: Uint8Array } | { path: string });
    }
  /** A bulk operation's design row: drawn, then secured. The design is read from its path (and kept). */
  | {
      kind: 'secure-design';
      designPath: string;
      texts: DrawnText[];
      input: Omit<SecureDocumentInput, 'bytes'>;
    }
  | { kind: 'read-sheet'; path: string; limits: SheetLimits }
  /** An issuer's own PKCS #12 file: opened and checked (its key derivation is as costly as the file asks). */
  | { kind: 'open-certificate'; pkcs12: Uint8Array; password: string }
  /** The operator's DOCUMENT_CA_P12: opened and checked to be a CA; its key exported for the install CA's row. */
  | { kind: 'open-ca-file'; pkcs12: Uint8Array; password: string }
  /** A signed PDF the TSA failed for: its timestamp and validation data added (sign-pdf.ts). */
  | { kind: 'upgrade-signature'; bytes: Uint8Array; upgrade: SignatureUpgrade };

export interface SerializedAppError {
  statusCode: number;
  code: AppError['code'];
  message: string;
  details?: AppError['details'];
  /** The cause's message, for the main thread's log. */
  cause?: string;
}

export type SecuringOutcome =
  | { ok: true; kind: 'check'; contentType: DocumentContentType; pageCount: number }
  | { ok: true; kind: 'secure'; secured: SecuredDocument }
  | { ok: true; kind: 'secure-design'; secured: SecuredDocument; original: Uint8Array }
  | { ok: true; kind: 'read-sheet'; sheet: Sheet }
  | { ok: true; kind: 'open-certificate'; certificate: IssuerCertificateFacts }
  | { ok: true; kind: 'open-ca-file'; ca: InstallCaFile }
  | { ok: true; kind: 'upgrade-signature'; answer: UpgradeAnswer }
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

// A bulk run draws every row on the same design: each worker reads it once.
let design: { path: string; bytes: Promise<Buffer> } | undefined;

function readDesign(path: string): Promise<Buffer> {
  if (design?.path !== path) design = { path, bytes: readFile(path) };
  return design.bytes;
}

// The size is checked before the file is read, as the bytes' length would be.
async function readDocument(path: string, maxBytes: number): Promise<Buffer> {
  if ((await stat(path)).size > maxBytes) throw documentErrors.tooLarge(maxBytes);
  return readFile(path);
}

async function runJob(job: SecuringJob): Promise<SecuringOutcome> {
  switch (job.kind) {
    case 'check': {
      const { contentType, doc } = await checkDocument(asBuffer(job.bytes), job.limits);
      return { ok: true, kind: 'check', contentType, pageCount: doc.getPageCount() };
    }
    case 'secure': {
      const { input } = job;
      const bytes =
        'path' in input
          ? await readDocument(input.path, input.limits.maxBytes)
          : asBuffer(input.bytes);
      const secured = await secureDocument({ ...input, bytes });
      return { ok: true, kind: 'secure', secured };
    }
    case 'secure-design': {
      // The design was checked when the operation was created; the drawn document is stamped as it is, not
      // saved and parsed again.
      const doc = await drawDesign(await readDesign(job.designPath), job.texts);
      const original = Buffer.from(await doc.save({ useObjectStreams: false }));
      const { maxBytes } = job.input.limits;
      if (original.length > maxBytes) throw documentErrors.tooLarge(maxBytes);
      const contentType = 'application/pdf';
      const secured = await stampDocument(doc, { contentType, original }, job.input);
      return { ok: true, kind: 'secure-design', secured, original };
    }
    case 'read-sheet':
      return { ok: true, kind: 'read-sheet', sheet: await readSheet(job.path, job.limits) };
    case 'open-certificate': {
      const certificate = await openIssuerCertificate(job.pkcs12, job.password);
      return { ok: true, kind: 'open-certificate', certificate };
    }
    case 'open-ca-file':
      return {
        ok: true,
        kind: 'open-ca-file',
        ca: await openInstallCaFile(job.pkcs12, job.password),
      };
    case 'upgrade-signature':
      return { ok: true, kind: 'upgrade-signature', answer: await upgradeOrSayWhy(job) };
  }
}

/** The upgraded PDF, or why the TSA could not be used this time (said apart: the job waits for it, not gives up). */
export type UpgradeAnswer = { upgraded: UpgradedPdf } | { timestampProblem: string };

async function upgradeOrSayWhy(
  job: Extract<SecuringJob, { kind: 'upgrade-signature' }>,
): Promise<UpgradeAnswer> {
  try {
    return { upgraded: await upgradeSignature(job.bytes, job.upgrade) };
  } catch (error) {
    const failure = timestampFailure(error);
    if (!failure) throw error;
    return { timestampProblem: failure.message };
  }
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
