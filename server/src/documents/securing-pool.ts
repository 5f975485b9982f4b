// The worker pool that secures documents (PDF parsing, image decoding, stamping) off the event loop, so the API
// and the public pages keep answering while a heavy document is worked on. Each job has a time limit; one past
// it has its worker ended. Built once by the services plugin; bulk work reuses it.
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';

import { Piscina } from 'piscina';

import type { DocumentContentType } from '@common/uploads';

import { AppError } from '../lib/app-error';
import { workerBundle } from '../lib/worker-bundle';

import { documentErrors } from './document-errors';

import type { DrawnText } from './draw-design';
import type { PdfLimits } from './pdf-structure';
import type { Sheet, SheetLimits } from './read-sheet';
import type { SecureDocumentInput, SecuredDocument } from './secure-document';
import type { SecuringOutcome, SecuringTask, UpgradeAnswer } from './securing-worker';
import type { InstallCaFile } from './signing/install-ca-file';
import type { IssuerCertificateFacts } from './signing/issuer-certificate';
import type { SignatureUpgrade } from './signing/sign-pdf';

/** What the services need of securing; tests may hand in the functions themselves. */
export interface Securing {
  /** checkDocument's answer, without the parsed document (it cannot leave the worker). */
  checkDocument(
    bytes: Buffer,
    maxBytes: number,
  ): Promise<{ contentType: DocumentContentType; pageCount: number }>;
  secureDocument(input: SecuringRequest): Promise<SecuredDocument>;
  /** A bulk design row: the design at designPath with the texts drawn on it, secured; and the drawn original. */
  secureDesign(input: DesignSecuringRequest): Promise<SecuredDocument & { original: Buffer }>;
  /** A bulk operation's sheet, read off the event loop. */
  readSheet(path: string, limits: SheetLimits): Promise<Sheet>;
  /** An issuer's own .p12 opened and checked (issuer-certificate.ts); a 422 AppError says why it cannot sign. */
  openIssuerCertificate(pkcs12: Buffer, password: string): Promise<IssuerCertificateFacts>;
  /** The operator's DOCUMENT_CA_P12 opened and checked (install-ca-file.ts); rejects with what to fix. */
  openInstallCaFile(pkcs12: Buffer, password: string): Promise<InstallCaFile>;
  /** A PDF signed while the TSA failed, with its timestamp added; or why the TSA still fails. */
  upgradeSignature(pdf: Buffer, upgrade: SignatureUpgrade): Promise<UpgradeAnswer>;
}

/** What securing any document takes: its code, URL, placement and seal, and UPLOAD_MAX_BYTES. */
export type SecuringParameters = Omit<SecureDocumentInput, 'limits' | 'bytes' | 'isChecked'> & {
  maxBytes: number;
};

/**
 * A document to secure, as bytes or as a file on this machine that the worker reads itself (so the main thread
 * neither reads it nor copies it across); the pool adds the PDF limits it was built with.
 */
export type SecuringRequest = SecuringParameters & { isChecked?: boolean } & (
    { bytes: Buffer; path?: undefined } | { path: string; bytes?: undefined }
  );

export type DesignSecuringRequest = SecuringParameters & {
  designPath: string;
  texts: DrawnText[];
};

export interface SecuringPool extends Securing {
  close(): Promise<void>;
}

export interface SecuringPoolOptions {
  /** SECURING_WORKERS. */
  workers: number;
  /** SECURING_TIMEOUT_SECONDS, counted from when a worker takes the job up. */
  timeoutSeconds: number;
  /** SECURING_QUEUE_LENGTH: jobs waiting for a worker; one more is refused with 503. */
  queueLength: number;
  /** The PDF_MAX_* settings. */
  pdfLimits: PdfLimits;
}

// Run as a plain-JavaScript bundle (lib/worker-bundle.ts), so a new thread does not load tsx.
const WORKER_SOURCE = path.join(__dirname, 'securing-worker.ts');
const IDLE_TIMEOUT_MS = 60_000;
const RETRY_AFTER_SECONDS = 30;

// Every worker is busy and the queue is full: the document is fine, the server is not free; try again shortly.
function serverBusy(): AppError {
  return new AppError({
    statusCode: 503,
    code: 'server_busy',
    message: 'The server is busy securing other documents. Try again in a minute.',
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function createSecuringPool({
  workers,
  timeoutSeconds,
  queueLength,
  pdfLimits,
}: SecuringPoolOptions): SecuringPool {
  // Made on the first job rather than with the app, so an app that secures nothing pays nothing.
  let pool: Promise<Piscina> | undefined;
  function startedPool(): Promise<Piscina> {
    pool ??= workerBundle(WORKER_SOURCE).then(
      (filename) =>
        new Piscina({
          filename,
          // Not the main thread's flags: under `npm start` they load tsx, which the bundle does not need.
          execArgv: ['--enable-source-maps'],
          minThreads: 0,
          maxThreads: workers,
          idleTimeout: IDLE_TIMEOUT_MS,
        }),
    );
    pool.catch(() => (pool = undefined));
    return pool;
  }
  // Counted here rather than with piscina's maxQueue, which its balancer bypasses by queueing on busy workers.
  const mostJobs = workers + queueLength;
  let jobs = 0;

  async function run(job: SecuringTask['job']): Promise<Extract<SecuringOutcome, { ok: true }>> {
    if (jobs >= mostJobs) throw serverBusy();
    jobs += 1;
    try {
      return await runInWorker(job);
    } finally {
      jobs -= 1;
    }
  }

  async function runInWorker(
    job: SecuringTask['job'],
  ): Promise<Extract<SecuringOutcome, { ok: true }>> {
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => controller.abort(), timeoutSeconds * 1000);
    });
    let outcome: SecuringOutcome;
    try {
      const task: SecuringTask = { job, started: port2 };
      const threads = await startedPool();
      outcome = await threads.run(task, { signal: controller.signal, transferList: [port2] });
    } catch (error) {
      // Aborting ends the worker mid-job. 422 rather than 503: the limit counts only the job's own running
      // time, not its wait in the queue, so running out of it says the document is too heavy, not that the
      // server is busy; sending it again would fail the same way.
      if (controller.signal.aborted) throw documentErrors.tooSlowToSecure(timeoutSeconds);
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
    if (!outcome.ok) {
      const { cause, ...fields } = outcome.error;
      throw new AppError({ ...fields, cause: cause === undefined ? undefined : new Error(cause) });
    }
    return outcome;
  }

  return {
    async checkDocument(bytes, maxBytes) {
      const outcome = await run({ kind: 'check', bytes, limits: { maxBytes, ...pdfLimits } });
      if (outcome.kind !== 'check') throw new Error('The securing worker answered the wrong job');
      return { contentType: outcome.contentType, pageCount: outcome.pageCount };
    },

    async secureDocument(input) {
      const { maxBytes, bytes, path: file, ...document } = input;
      const limits = { maxBytes, ...pdfLimits };
      const source = file === undefined ? { bytes: bytes! } : { path: file };
      const outcome = await run({ kind: 'secure', input: { ...document, ...source, limits } });
      if (outcome.kind !== 'secure') throw new Error('The securing worker answered the wrong job');
      return { ...outcome.secured, pdf: asBuffer(outcome.secured.pdf) };
    },

    async secureDesign(input) {
      const { maxBytes, designPath, texts, ...document } = input;
      const limits = { maxBytes, ...pdfLimits };
      const outcome = await run({
        kind: 'secure-design',
        designPath,
        texts,
        input: { ...document, limits },
      });
      if (outcome.kind !== 'secure-design') {
        throw new Error('The securing worker answered the wrong job');
      }
      return {
        ...outcome.secured,
        pdf: asBuffer(outcome.secured.pdf),
        original: asBuffer(outcome.original),
      };
    },

    async readSheet(path, limits) {
      const outcome = await run({ kind: 'read-sheet', path, limits });
      if (outcome.kind !== 'read-sheet')
        throw new Error('The securing worker answered the wrong job');
      return outcome.sheet;
    },

    async openIssuerCertificate(pkcs12, password) {
      const outcome = await run({ kind: 'open-certificate', pkcs12, password });
      if (outcome.kind !== 'open-certificate')
        throw new Error('The securing worker answered the wrong job');
      return outcome.certificate;
    },

    async openInstallCaFile(pkcs12, password) {
      const outcome = await run({ kind: 'open-ca-file', pkcs12, password });
      if (outcome.kind !== 'open-ca-file')
        throw new Error('The securing worker answered the wrong job');
      return outcome.ca;
    },

    async upgradeSignature(pdf, upgrade) {
      const outcome = await run({ kind: 'upgrade-signature', bytes: pdf, upgrade });
      if (outcome.kind !== 'upgrade-signature')
        throw new Error('The securing worker answered the wrong job');
      const { answer } = outcome;
      if (!('upgraded' in answer)) return answer;
      return { upgraded: { ...answer.upgraded, bytes: asBuffer(answer.upgraded.bytes) } };
    },

    async close() {
      const started = await pool?.catch(() => undefined);
      await started?.destroy();
    },
  };
}
