// Section "memory": the server's resident memory once it has booted and settled, on a new data folder and on
// the same folder after a restart, then after a few ordinary requests.
import { startApp, type RunningApp } from '../support/app';

import { residentMiB } from './app';
import { atMost, formats, type Report } from './report';

// Issue 34: idle RSS ≤ 250 MiB after boot, on a new folder and after a restart.
const GOAL_MIB = 250;
// Long enough for the start's garbage to be collected and lazily started work (timers, caches) to settle.
const SETTLE_MS = 5000;
const ORDINARY_PATHS = ['/', '/signin', '/api/health/', '/api/settings/'];

async function settledMiB(app: RunningApp): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return residentMiB(app.pid());
}

export async function benchIdleMemory(report: Report) {
  const app = await startApp({ LOG_LEVEL: 'error' });
  try {
    const newFolder = await settledMiB(app);
    await app.restart();
    const restarted = await settledMiB(app);
    for (const path of ORDINARY_PATHS) await (await fetch(`${app.baseUrl}${path}`)).arrayBuffer();
    const afterRequests = await settledMiB(app);

    const goal = (mib: number) => atMost(mib, GOAL_MIB, formats.mib);
    report.heading(
      `Idle memory of the server process (RSS, ${SETTLE_MS / 1000} s after the event)`,
    );
    report.line('after boot on a new data folder', formats.mib(newFolder), goal(newFolder));
    report.line('after boot on that folder, restarted', formats.mib(restarted), goal(restarted));
    report.line(
      'then after a GET of each ordinary path',
      formats.mib(afterRequests),
      goal(afterRequests),
    );
    report.note(`ordinary paths: ${ORDINARY_PATHS.join(', ')}`);
  } finally {
    await app.stop();
  }
}
