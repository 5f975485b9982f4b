// Section "soak": the public page under SOAK_CONNECTIONS connections for SOAK_SECONDS, with the errors, p99, the
// server's memory before and after, and whether every successful view was counted as a scan.
import autocannon from 'autocannon';

import { residentMiB, scanCount, type BenchApp } from './app';
import { thousands, type Report } from './report';
import { SOAK_CONNECTIONS, SOAK_SECONDS } from './settings';

/** Returns whether the soak was clean: no failed view, and every view counted. */
export async function benchSoak(bench: BenchApp, report: Report): Promise<boolean> {
  const { app, url, verification } = bench;
  const pageUrl = url(`/v/${verification.code}`);
  const sizing = await autocannon({ url: pageUrl, connections: SOAK_CONNECTIONS, duration: 3 });
  const scansBefore = await scanCount(bench);
  const rssBeforeMiB = residentMiB(app.pid());
  // A fixed number of requests rather than a fixed time: autocannon then waits for every answer, so the views
  // it saw succeed are exactly the ones the server served (a timed run drops the answers in flight at the end).
  const result = await autocannon({
    url: pageUrl,
    connections: SOAK_CONNECTIONS,
    amount: Math.max(SOAK_CONNECTIONS, Math.round(sizing.requests.average * SOAK_SECONDS)),
  });
  const rssAfterMiB = residentMiB(app.pid());
  const views = result['2xx'];
  const failures = result.non2xx + result.errors + result.timeouts;
  const scansCounted = (await scanCount(bench)) - scansBefore;
  const isClean = failures === 0 && scansCounted === views;

  report.heading(
    `Soak: /v/{code}, ${SOAK_CONNECTIONS} connections for ${result.duration.toFixed(0)} s (target ${SOAK_SECONDS} s)`,
  );
  report.note(`views ${thousands(views)}, failed ${failures}, p99 ${result.latency.p99} ms`);
  report.note(
    `server memory ${rssBeforeMiB.toFixed(0)} MiB before, ${rssAfterMiB.toFixed(0)} MiB after`,
  );
  report.note(
    `scans counted ${thousands(scansCounted)} of ${thousands(views)} views: ${isClean ? 'ok' : 'MISMATCH'}`,
  );
  return isClean;
}
