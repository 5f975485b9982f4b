// Section "bulk": a bulk operation of each size in BULK_ROWS, in both modes — documents (a zip of one-page PDFs
// and a CSV naming them) and design (one design PDF, a CSV and a layout of three fields) — each on a server
// started fresh, so no run inherits another's heap or rows. For the validation and for the run: time, the
// server's peak RSS (VmRSS sampled every 100 ms) and its CPU time (all threads, and the main thread alone), while
// a probe times /v/{code}. Goals (issue 13): the time per row at the most rows within 10 % of the fewest (wall
// time, and the server's CPU time, which other work on a shared machine changes far less), peak RSS ≤ 300 MiB,
// more than one core busy, /v/{code} p99 ≤ 100 ms during the run. An empty BENCH_BULK_ROWS skips the section.
import { execFileSync } from 'node:child_process';
import {
  createWriteStream,
  mkdtempSync,
  openAsBlob,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import { ZipFile } from 'yazl';

import { makePdf } from '../../server/test/helpers/test-documents';

import { startBenchApp, type BenchApp } from './app';
import { bareLoopOnEveryCore } from './bare-loop';
import { probeFigures, probeWhile, type ProbeFigures } from './heavy-document';
import { atLeast, atMost, formats, thousands, type Report } from './report';
import { BULK_ROWS, DURATION_SECONDS, SERVER_CONFIG } from './settings';

import type { DesignLayout } from '../../common/bulk';
import type { BulkOperation } from '../../common/bulk-schemas';

type Mode = BulkOperation['mode'];

const MODES: Mode[] = ['documents', 'design'];
const STATUS_POLL_MS = 100;
const RSS_SAMPLE_MS = 100;
/** A run whose figures have not moved for this long has stalled: the section gives up on it. */
const STALL_SECONDS = 600;
const RSS_GOAL_MIB = 300;
const CPU_GOAL_PERCENT = 100;
const LINEAR_GOAL_PERCENT = 10;
const PAGE_P99_GOAL_MS = 100;
// Issue 34: 10,000 rows in at most 60 s in all (upload, validation and run) on this 2-core machine: 6 ms a row.
const ALL_IN_GOAL_MS_PER_ROW = 6;
// ... and the run at least 60 % of the bare pdf-lib + qrcode loop's pace on every core.
const SHARE_OF_BARE_GOAL = 60;

const LAYOUT: DesignLayout = {
  fields: [
    {
      field: 'holder_name',
      x: 0.5,
      y: 0.45,
      font: 'Times-Bold',
      size: 28,
      color: '#1a237e',
      align: 'center',
    },
    {
      field: 'issue_date',
      x: 0.1,
      y: 0.9,
      font: 'Helvetica',
      size: 12,
      color: '#000000',
      align: 'left',
      date_format: 'D MMMM YYYY',
    },
    { field: 'Grade', x: 0.9, y: 0.9, font: 'Courier', size: 12, color: '#333333', align: 'right' },
  ],
};

// ---- the inputs, written to a temp folder ---------------------------------------------------------------------

const fileName = (row: number) => `certificate-${String(row).padStart(5, '0')}.pdf`;

function writeCsv(file: string, mode: Mode, rows: number): void {
  const today = new Date().toISOString().slice(0, 10);
  const header =
    mode === 'documents'
      ? 'file,title,holder_name,issue_date,Grade'
      : 'title,holder_name,issue_date,Grade';
  const lines = Array.from({ length: rows }, (_, index) => {
    const row = index + 1;
    const values = [`Certificate of Completion`, `Holder ${row}`, today, 'ABC'[row % 3]];
    return (mode === 'documents' ? [fileName(row), ...values] : values).join(',');
  });
  // The sheet is small (about 70 bytes a row): written at once.
  writeFileSync(file, [header, ...lines].join('\n') + '\n');
}

/** The documents zip, streamed to disk: every entry is the same one-page PDF under its own name. */
async function writeZip(file: string, rows: number, pdf: Buffer): Promise<void> {
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(file));
  for (let row = 1; row <= rows; row += 1) zip.addBuffer(pdf, `certificates/${fileName(row)}`);
  zip.end();
  await written;
}

interface Inputs {
  form: () => Promise<FormData>;
  /** "sheet 0.7 MB, zip 8.9 MB" */
  describe: string;
}

async function writeInputs(folder: string, mode: Mode, rows: number): Promise<Inputs> {
  const sheet = path.join(folder, `${mode}-${rows}.csv`);
  writeCsv(sheet, mode, rows);
  const sheetBlob = () => openAsBlob(sheet, { type: 'text/csv' });
  const mb = (file: string) => `${(statSync(file).size / 1e6).toFixed(1)} MB`;
  if (mode === 'documents') {
    const zip = path.join(folder, `documents-${rows}.zip`);
    await writeZip(zip, rows, await makePdf());
    return {
      describe: `sheet ${mb(sheet)}, zip ${mb(zip)}`,
      form: async () => {
        const form = new FormData();
        form.set('sheet', await sheetBlob(), 'certificates.csv');
        form.set(
          'documents',
          await openAsBlob(zip, { type: 'application/zip' }),
          'certificates.zip',
        );
        return form;
      },
    };
  }
  const design = await makePdf([{ size: [842, 595] }]);
  return {
    describe: `sheet ${mb(sheet)}, design ${(design.length / 1e3).toFixed(1)} kB, ${LAYOUT.fields.length} fields`,
    form: async () => {
      const form = new FormData();
      form.set('sheet', await sheetBlob(), 'certificates.csv');
      form.set(
        'design',
        new Blob([new Uint8Array(design)], { type: 'application/pdf' }),
        'design.pdf',
      );
      form.set('layout', JSON.stringify(LAYOUT));
      return form;
    },
  };
}

// ---- the server process, from /proc -----------------------------------------------------------------------------

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a /proc stat file, in clock ticks (fields 14 and 15; the name in field 2 may hold spaces). */
function cpuTicks(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
}

interface ServerFigures {
  peakRssMiB: number;
  /** Of one core, over the phase: 200 % is both cores of this machine busy. */
  cpuPercent: number;
  mainThreadPercent: number;
  /** CPU time of all threads: other work on the machine changes it far less than the wall time. */
  cpuSeconds: number;
}

/** Samples the server's RSS and reads its CPU time until stop() is called. */
function watchServer(pid: number): { stop: () => ServerFigures } {
  let peakKiB = 0;
  const sample = () => (peakKiB = Math.max(peakKiB, statusKiB(pid, 'VmRSS')));
  const ticks = () => ({
    all: cpuTicks(`/proc/${pid}/stat`),
    main: cpuTicks(`/proc/${pid}/task/${pid}/stat`),
  });
  sample();
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  const [startTicks, startedAt] = [ticks(), performance.now()];
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const [endTicks, seconds] = [ticks(), (performance.now() - startedAt) / 1000];
      const percent = (delta: number) => (delta / CLOCK_TICKS_PER_SECOND / seconds) * 100;
      return {
        peakRssMiB: peakKiB / 1024,
        cpuPercent: percent(endTicks.all - startTicks.all),
        mainThreadPercent: percent(endTicks.main - startTicks.main),
        cpuSeconds: (endTicks.all - startTicks.all) / CLOCK_TICKS_PER_SECOND,
      };
    },
  };
}

// ---- one operation through the API ------------------------------------------------------------------------------

function api(bench: BenchApp, method: string, apiPath: string, body?: FormData) {
  return fetch(bench.url(`/api/bulk-operations/${apiPath}`), {
    method,
    headers: { Authorization: `Bearer ${bench.verification.token}` },
    body,
  });
}

async function getOperation(bench: BenchApp, id: string): Promise<BulkOperation> {
  const response = await api(bench, 'GET', `${id}/`);
  if (!response.ok) throw new Error(`GET operation → ${response.status}: ${await response.text()}`);
  return (await response.json()) as BulkOperation;
}

/** When the run's `processed` count changed, and to what: the run's pace from start to end. */
type Progress = { atMs: number; processed: number }[];

/**
 * Polls until the status is one of `statuses`, noting the progress of a run; throws when the operation ends
 * elsewhere or its figures stop moving.
 */
async function waitForStatus(
  bench: BenchApp,
  id: string,
  statuses: BulkOperation['status'][],
  progress: Progress = [],
): Promise<BulkOperation> {
  let [figures, movedAt] = ['', Date.now()];
  for (;;) {
    const operation = await getOperation(bench, id);
    if (operation.processed !== (progress.at(-1)?.processed ?? 0))
      progress.push({ atMs: performance.now(), processed: operation.processed });
    if (statuses.includes(operation.status)) return operation;
    if (['invalid', 'failed', 'cancelled', 'completed'].includes(operation.status)) {
      throw new Error(
        `operation ended ${operation.status}: ${JSON.stringify(operation).slice(0, 500)}`,
      );
    }
    const now = JSON.stringify([operation.status, operation.processed, operation.valid_rows]);
    if (now !== figures) [figures, movedAt] = [now, Date.now()];
    if (Date.now() - movedAt > STALL_SECONDS * 1000) {
      throw new Error(
        `operation stalled for ${STALL_SECONDS} s: ${JSON.stringify(operation).slice(0, 500)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
}

/** The run's pace: rows/s over its first and last quarter of rows, and its longest pause between polls. */
function pace(progress: Progress, startedAtMs: number, rows: number) {
  const reached = (count: number) =>
    progress.find((sample) => sample.processed >= count)?.atMs ?? NaN;
  const quarter = Math.max(1, Math.floor(rows / 4));
  const rate = (from: number, to: number, fromMs: number) =>
    (to - from) / ((reached(to) - fromMs) / 1000);
  let longestPauseMs = 0;
  let previousMs = startedAtMs;
  for (const sample of progress) {
    longestPauseMs = Math.max(longestPauseMs, sample.atMs - previousMs);
    previousMs = sample.atMs;
  }
  return {
    firstQuarterRowsPerSecond: rate(0, quarter, startedAtMs),
    lastQuarterRowsPerSecond: rate(rows - quarter, rows, reached(rows - quarter)),
    longestPauseSeconds: longestPauseMs / 1000,
  };
}

interface Phase {
  seconds: number;
  server: ServerFigures;
  page: ProbeFigures;
}

/** Runs `work` while the server is watched and /v/{code} probed. */
async function measurePhase<T>(bench: BenchApp, work: () => Promise<T>) {
  const watch = watchServer(bench.app.pid()!);
  const startedAt = performance.now();
  const { result, figures } = await probeWhile([bench.url(`/v/${bench.verification.code}`)], work);
  const seconds = (performance.now() - startedAt) / 1000;
  return { result, phase: { seconds, server: watch.stop(), page: figures[0] } };
}

interface Measurement {
  mode: Mode;
  rows: number;
  inputs: string;
  uploadSeconds: number;
  validation: Phase;
  run: Phase;
  pace: ReturnType<typeof pace>;
  operation: BulkOperation;
  /** The machine's load average (1 minute) at the run's end: other work shares the cores. */
  loadAverage: number;
  /** VmHWM: the server's peak RSS since boot, between samples included. */
  peakSinceBootMiB: number;
}

async function measureOperation(bench: BenchApp, mode: Mode, rows: number, inputs: Inputs) {
  const uploadStartedAt = performance.now();
  const created = await api(bench, 'POST', '', await inputs.form());
  if (created.status !== 201)
    throw new Error(`create → ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as BulkOperation;
  const uploadSeconds = (performance.now() - uploadStartedAt) / 1000;

  const validated = await measurePhase(bench, () => waitForStatus(bench, id, ['ready']));
  if (validated.result.valid_rows !== rows) {
    throw new Error(
      `${validated.result.valid_rows} of ${rows} rows valid: ${JSON.stringify(validated.result.errors[0])}`,
    );
  }
  const progress: Progress = [];
  const runStartedAtMs = performance.now();
  const run = await measurePhase(bench, async () => {
    const started = await api(bench, 'POST', `${id}/start/`);
    if (started.status !== 202)
      throw new Error(`start → ${started.status}: ${await started.text()}`);
    return waitForStatus(bench, id, ['completed'], progress);
  });
  const operation = run.result;
  // The server's own start and finish, where they are known: no poll interval in them.
  if (operation.started_at && operation.finished_at) {
    run.phase.seconds =
      (Date.parse(operation.finished_at) - Date.parse(operation.started_at)) / 1000;
  }
  const measurement: Measurement = {
    mode,
    rows,
    inputs: inputs.describe,
    uploadSeconds,
    validation: validated.phase,
    run: run.phase,
    pace: pace(progress, runStartedAtMs, rows),
    operation,
    loadAverage: loadavg()[0],
    peakSinceBootMiB: statusKiB(bench.app.pid()!, 'VmHWM') / 1024,
  };
  return measurement;
}

// ---- the report -------------------------------------------------------------------------------------------------

const ms = (value: number) => `${value.toFixed(0)} ms`;
const msPerRow = (phase: Phase, rows: number) => (phase.seconds * 1000) / rows;
const cpuMsPerRow = (phase: Phase, rows: number) => (phase.server.cpuSeconds * 1000) / rows;

function reportMeasurement(report: Report, m: Measurement, bareRowsPerSecond: number): void {
  const label = `${m.mode} ${thousands(m.rows)}`;
  const { validation, run, operation } = m;
  const rowsPerSecond = (value: number) => value.toFixed(1);
  report.note(
    `${label} rows (${m.inputs}): upload ${m.uploadSeconds.toFixed(1)} s; validation ` +
      `${validation.seconds.toFixed(1)} s (${msPerRow(validation, m.rows).toFixed(2)} ms/row, peak RSS ` +
      `${formats.mib(validation.server.peakRssMiB)}, CPU ${formats.percent(validation.server.cpuPercent)}); ` +
      `${thousands(operation.succeeded)} secured, ${operation.failed} failed; load average ` +
      `${m.loadAverage.toFixed(1)} at the end`,
  );
  report.note(
    `${label}: run at ${rowsPerSecond(m.pace.firstQuarterRowsPerSecond)} rows/s over its first quarter, ` +
      `${rowsPerSecond(m.pace.lastQuarterRowsPerSecond)} over its last; longest pause in progress ` +
      `${m.pace.longestPauseSeconds.toFixed(1)} s`,
  );
  report.note(`${label}: /v/{code} while validating: ${probeFigures(validation.page)}`);
  report.note(`${label}: /v/{code} while running: ${probeFigures(run.page)}`);
  report.line(
    `${label}: run`,
    `${run.seconds.toFixed(1)} s, ${rowsPerSecond(m.rows / run.seconds)} rows/s, ` +
      `${msPerRow(run, m.rows).toFixed(2)} ms/row (CPU ${cpuMsPerRow(run, m.rows).toFixed(2)})`,
  );
  const allInSeconds = m.uploadSeconds + validation.seconds + run.seconds;
  report.line(
    `${label}: in all (upload, validation, run)`,
    `${allInSeconds.toFixed(1)} s`,
    atMost(
      allInSeconds,
      (ALL_IN_GOAL_MS_PER_ROW * m.rows) / 1000,
      (seconds) => `${seconds.toFixed(1)} s`,
    ),
  );
  const shareOfBare = (m.rows / run.seconds / bareRowsPerSecond) * 100;
  report.line(
    `${label}: run's pace against the bare loop`,
    `${formats.percent(shareOfBare)} of ${rowsPerSecond(bareRowsPerSecond)} rows/s`,
    atLeast(shareOfBare, SHARE_OF_BARE_GOAL, formats.percent),
  );
  report.line(
    `${label}: server peak RSS in the run`,
    `${formats.mib(run.server.peakRssMiB)} (since boot ${formats.mib(m.peakSinceBootMiB)})`,
    atMost(run.server.peakRssMiB, RSS_GOAL_MIB, formats.mib),
  );
  report.line(
    `${label}: server CPU in the run`,
    `${formats.percent(run.server.cpuPercent)} of one core (main thread ${formats.percent(run.server.mainThreadPercent)})`,
    atLeast(run.server.cpuPercent, CPU_GOAL_PERCENT, formats.percent),
  );
  report.line(
    `${label}: /v/{code} p99 in the run`,
    `${ms(run.page.p99Ms)} (max ${ms(run.page.maxMs)}, ${run.page.failed} failed)`,
    atMost(run.page.p99Ms, PAGE_P99_GOAL_MS, ms),
  );
}

/**
 * The largest operation's time per row against the smallest's, in each phase: linear work keeps it within the
 * goal. The wall time is the goal's; the server's CPU time per row tells growth apart from other work slowing
 * the machine down between the two.
 */
function reportLinearity(report: Report, measured: Measurement[]): void {
  if (measured.length < 2) return;
  const [fewest, most] = [measured[0], measured.at(-1)!];
  const label = `${most.mode} ${thousands(most.rows)} vs ${thousands(fewest.rows)}`;
  for (const phase of ['run', 'validation'] as const) {
    for (const [clock, perRow] of [
      ['wall', msPerRow],
      ['CPU', cpuMsPerRow],
    ] as const) {
      const [small, large] = [perRow(fewest[phase], fewest.rows), perRow(most[phase], most.rows)];
      const growth = (large / small - 1) * 100;
      report.line(
        `${label}: ${phase} ${clock} ms/row`,
        `${large.toFixed(2)} vs ${small.toFixed(2)} (${growth >= 0 ? '+' : ''}${growth.toFixed(0)} %)`,
        atMost(growth, LINEAR_GOAL_PERCENT, formats.percent),
      );
    }
  }
}

/** Returns whether every operation completed with every row secured. */
export async function benchBulk(report: Report): Promise<boolean> {
  if (BULK_ROWS.length === 0) return true;
  const folder = mkdtempSync(path.join(tmpdir(), 'qrv-bench-bulk-'));
  report.heading(
    `Bulk operations, ${BULK_ROWS.map(thousands).join(' and ')} rows in each mode, each on a server started ` +
      `fresh (${SERVER_CONFIG.SECURING_WORKERS} securing worker(s); load average ${loadavg()[0].toFixed(1)} at the start)`,
  );
  // The limit to compare with: one-page documents stamped by the bare loop on every core at once.
  const bare = await bareLoopOnEveryCore(await makePdf(), DURATION_SECONDS);
  report.line(
    `bare pdf-lib + qrcode loop on ${bare.cores} cores`,
    `${bare.documentsPerSecond.toFixed(1)} docs/s: ${thousands(10_000)} one-page documents in ` +
      `${(10_000 / bare.documentsPerSecond).toFixed(0)} s`,
  );
  let isClean = true;
  try {
    for (const mode of MODES) {
      const measured: Measurement[] = [];
      for (const rows of BULK_ROWS) {
        const inputs = await writeInputs(folder, mode, rows);
        const bench = await startBenchApp();
        try {
          const measurement = await measureOperation(bench, mode, rows, inputs);
          measured.push(measurement);
          reportMeasurement(report, measurement, bare.documentsPerSecond);
          if (measurement.operation.succeeded !== rows) isClean = false;
        } catch (error) {
          report.note(`${mode}, ${thousands(rows)} rows: FAILED: ${(error as Error).message}`);
          isClean = false;
        } finally {
          await bench.app.stop();
        }
      }
      reportLinearity(report, measured);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const loads = loadavg().map((load) => load.toFixed(1));
  report.note(`load average ${loads.join(' ')} (1, 5 and 15 minutes) at the end`);
  return isClean;
}
