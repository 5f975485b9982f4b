// Section "snapshot": the embedded database's online snapshot, which the server takes at start and every
// BACKUP_INTERVAL_HOURS while it serves, copying the folder without holding the database. Figures: how long the
// snapshot took (its log line) and the public page's answers while it ran, restarted on a folder with some
// documents in it; the goal is no answer slower than 100 ms.
import { makePdf } from '../../server/test/helpers/test-documents';
import { startApp, type RunningApp } from '../support/app';

import { createVerification, postDocument } from './app';
import { probeFigures, startProbe } from './heavy-document';
import { atMost, type Report } from './report';

const SLOWEST_GOAL_MS = 100;
const DOCUMENTS = 20;
const SNAPSHOT_LOG = 'Database snapshot taken';

function snapshotLines(app: RunningApp): Array<{ seconds: number; folder: string }> {
  return app
    .logs()
    .split('\n')
    .filter((line) => line.includes(SNAPSHOT_LOG))
    .map((line) => JSON.parse(line) as { seconds: number; folder: string });
}

async function nextSnapshot(app: RunningApp, seen: number) {
  const deadline = Date.now() + 120_000;
  while (snapshotLines(app).length <= seen) {
    if (Date.now() > deadline) throw new Error(`No snapshot was logged:\n${app.logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return snapshotLines(app)[seen]!;
}

export async function benchSnapshot(report: Report) {
  const app = await startApp({ LOG_LEVEL: 'info' });
  try {
    const verification = await createVerification(app);
    const pdf = await makePdf();
    for (let index = 0; index < DOCUMENTS; index += 1) {
      await (await postDocument(app, verification.token, pdf)).arrayBuffer();
    }
    const seen = snapshotLines(app).length;
    await app.restart();
    // The snapshot at start runs as the server begins to serve: the probe starts with it.
    const probe = startProbe(`${app.baseUrl}/v/${verification.code}`);
    const snapshot = await nextSnapshot(app, seen);
    const figures = await probe.stop();

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    report.heading(
      `Snapshot of the embedded database at start (${DOCUMENTS + 1} documents; probe of /v/{code} every 20 ms)`,
    );
    report.note(`snapshot taken in ${snapshot.seconds.toFixed(2)} s`);
    report.note(`GET /v/{code} while the snapshot ran: ${probeFigures(figures)}`);
    report.line(
      'GET /v/{code}, slowest answer while the snapshot ran',
      ms(figures.maxMs),
      atMost(figures.maxMs, SLOWEST_GOAL_MS, ms),
    );
  } finally {
    await app.stop();
  }
}
