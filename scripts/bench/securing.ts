// Section "securing": documents secured per second through the app's worker pool, with 1 and 4 clients at once,
// against a bare pdf-lib + qrcode loop on the main thread (load, embed a QR code PNG on page 1, save). The pool
// signs each PDF (PAdES B-B, as the product does); the cost of the signature is printed beside it.
import { declaredOnly } from '../../common/issuer-identity';
import { DEFAULT_QR_PLACEMENT } from '../../common/verifications';
import { createSecuringPool } from '../../server/src/documents/securing-pool';
import {
  createDocumentCa,
  issueSigningCertificate,
  signerName,
} from '../../server/src/documents/signing/document-certificates';

import { BENCH_CODE, BENCH_QR_URL, bareStamp } from './bare-loop';
import { makeBenchDocuments } from './documents';
import { atLeast, formats, median, type Report } from './report';
import { DURATION_SECONDS, ROUNDS, SERVER_CONFIG } from './settings';

const SHARE_OF_BARE_GOAL = 80;
// No loss from 1 client to 4 (the pool queues what its workers cannot take yet), within 5 % of noise.
const NO_LOSS_GOAL = 95;

/** Documents per second with `clients` callers each running `work` back to back for DURATION_SECONDS. */
async function documentsPerSecond(clients: number, work: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  const deadline = startedAt + DURATION_SECONDS * 1000;
  let done = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      await work();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return done / ((performance.now() - startedAt) / 1000);
}

async function medianRate(clients: number, work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up: the worker's start, fonts, JIT
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1)
    rates.push(await documentsPerSecond(clients, work));
  return median(rates);
}

const rate = (value: number) => `${value.toFixed(1).padStart(7)} docs/s`;

async function benchSigner() {
  const ca = await createDocumentCa('bench.example');
  const name = signerName(declaredOnly('Bench University'), '00000000-0000-4000-8000-000000000000');
  return { ...(await issueSigningCertificate(ca, name)), chain: [ca.certificate] };
}

export async function benchSecuring(report: Report) {
  const documents = await makeBenchDocuments();
  const signer = await benchSigner();
  const pool = createSecuringPool({
    workers: SERVER_CONFIG.SECURING_WORKERS,
    timeoutSeconds: SERVER_CONFIG.SECURING_TIMEOUT_SECONDS,
    queueLength: SERVER_CONFIG.SECURING_QUEUE_LENGTH,
    pdfLimits: {
      maxPages: SERVER_CONFIG.PDF_MAX_PAGES,
      maxObjects: SERVER_CONFIG.PDF_MAX_OBJECTS,
      maxInflatedBytes: SERVER_CONFIG.PDF_MAX_INFLATED_BYTES,
    },
  });
  report.heading(
    `Securing through the app's worker pool (${SERVER_CONFIG.SECURING_WORKERS} worker(s)) vs a bare ` +
      `pdf-lib + qrcode loop (${ROUNDS} × ${DURATION_SECONDS} s, medians)`,
  );
  try {
    for (const { label, pdf } of documents) {
      const request = {
        bytes: pdf,
        code: BENCH_CODE,
        url: BENCH_QR_URL,
        placement: DEFAULT_QR_PLACEMENT,
        maxBytes: SERVER_CONFIG.UPLOAD_MAX_BYTES,
        seal: null,
      };
      const secure = () => pool.secureDocument({ ...request, signer });
      const bare = await medianRate(1, () => bareStamp(pdf));
      const unsigned = await medianRate(1, () => pool.secureDocument({ ...request, signer: null }));
      const oneClient = await medianRate(1, secure);
      const fourClients = await medianRate(4, secure);
      const shareOfBare = (product: number) => (product / bare) * 100;
      const kib = (pdf.length / 1024).toFixed(0);
      report.line(`${label} (${kib} KiB), bare loop`, rate(bare));
      const signingMs = 1000 / oneClient - 1000 / unsigned;
      report.line(
        `${label}, the app's pool unsigned, 1 client`,
        `${rate(unsigned)}   the signature costs ${signingMs.toFixed(1)} ms a document`,
      );
      report.line(
        `${label}, the app's pool signed, 1 client`,
        `${rate(oneClient)}   ${formats.percent(shareOfBare(oneClient))} of the bare loop`,
        atLeast(shareOfBare(oneClient), SHARE_OF_BARE_GOAL, formats.percent),
      );
      const fourToOne = (fourClients / oneClient) * 100;
      report.line(
        `${label}, the app's pool signed, 4 clients`,
        `${rate(fourClients)}   ${formats.percent(shareOfBare(fourClients))} of the bare loop, ` +
          `${formats.percent(fourToOne)} of 1 client's`,
        atLeast(shareOfBare(fourClients), SHARE_OF_BARE_GOAL, formats.percent),
        atLeast(fourToOne, NO_LOSS_GOAL, formats.percent),
      );
    }
  } finally {
    await pool.close();
  }
}
