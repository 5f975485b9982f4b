// The bare pdf-lib + qrcode loop (load, embed a QR code PNG on page 1, save): the limit the securing and bulk
// sections compare the product with. On the main thread, or in a worker thread per core (this file is also that
// worker: it runs the loop for the seconds it is given and posts how many documents it saved).
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';

/** The code and address every bench document is stamped with, by the bare loop and by the product alike. */
export const BENCH_CODE = 'abcdefghjkmnpqrs';
export const BENCH_QR_URL = `http://localhost:8080/v/${BENCH_CODE}`;

export async function bareStamp(pdf: Buffer | Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  const png = await QRCode.toBuffer(BENCH_QR_URL, { errorCorrectionLevel: 'Q', margin: 4 });
  const image = await doc.embedPng(png);
  doc.getPages()[0].drawImage(image, { x: 20, y: 20, width: 71, height: 71 });
  return doc.save({ useObjectStreams: false });
}

interface LoopTask {
  pdf: Uint8Array;
  seconds: number;
}

async function loopFor({ pdf, seconds }: LoopTask): Promise<number> {
  await bareStamp(pdf); // warm-up: JIT, the QR encoder's tables
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  while (performance.now() < deadline) {
    await bareStamp(pdf);
    done += 1;
  }
  return done;
}

// A new thread has none of the main thread's loaders: it registers tsx before loading this file (as `npm run
// verify` does for its decoder thread).
const WORKER_SOURCE = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
require(${JSON.stringify(__filename)});`;

/** Documents per second of the bare loop on every core at once, one worker thread each. */
export async function bareLoopOnEveryCore(pdf: Uint8Array, seconds: number) {
  const cores = availableParallelism();
  const counts = await Promise.all(
    Array.from(
      { length: cores },
      () =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdf, seconds } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return { cores, documentsPerSecond: counts.reduce((sum, count) => sum + count, 0) / seconds };
}

if (!isMainThread) {
  void loopFor(workerData as LoopTask).then((done) => parentPort!.postMessage(done));
}
