// `npm run crash-check`: SIGKILLs `npm start`'s server, its wrapper or its whole process group at random moments
// (securing, deleting, a bulk run, a restart), starts it again on the same data folder and checks the promises of
// README: back and ready within 30 s, every acknowledged verification readable with its files, no file without its
// row, no acknowledged delete undone, nothing of the killed run still running. It runs on embedded PGlite and on a
// fresh database of a Postgres server (CRASH_CHECK_POSTGRES_URL), one after the other; CRASH_CHECK_DATABASES (or
// `npm run crash-check -- pglite`) picks one. Each database gets every kill (server, wrapper, group) at every moment
// (securing, deleting, a bulk run, a restart) once, 12 rounds in a random order; CRASH_CHECK_ROUNDS asks for more
// (whole sets of 12 first, then pairs drawn at random). One line a round; exits 1 on a failed round.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { makeCsv, makeZip } from '../server/test/helpers/bulk';
import {
  databaseUrl,
  randomDatabaseName,
  withAdminClient,
} from '../server/test/helpers/database-templates';
import { UNLIMITED_FREE_PLAN } from '../server/test/helpers/plans';
import { makePdf } from '../server/test/helpers/test-documents';

import {
  createVerifiedAccount,
  newAccount,
  requestAccessToken,
  type TestAccount,
} from './support/accounts';
import { startMailbox, type Mailbox } from './support/mailbox';
import {
  isRunning,
  processesOf,
  processRunning,
  startWithNpm,
  type NpmStartedApp,
} from './support/npm-start';

const DATABASES = ['pglite', 'postgres'] as const;
type Database = (typeof DATABASES)[number];
const TARGETS = ['server', 'wrapper', 'group'] as const;
type Target = (typeof TARGETS)[number];
const MOMENTS = ['securing', 'deleting', 'bulk run', 'restart'] as const;
type Moment = (typeof MOMENTS)[number];

const ROUNDS = Number(process.env.CRASH_CHECK_ROUNDS ?? TARGETS.length * MOMENTS.length);
const POSTGRES_URL =
  process.env.CRASH_CHECK_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CREATES_PER_ROUND = 4;
const DELETES_PER_ROUND = 3;
const BULK_ROWS = 12;
// The kill comes at a random moment up to this long after the work was sent: about as long as the work takes
// here, so that most kills land in the middle of it (a delete takes milliseconds, a securing about a second, a
// bulk run of BULK_ROWS about as long).
const LONGEST_WAIT_MS: Record<Exclude<Moment, 'restart'>, number> = {
  securing: 1_500,
  deleting: 60,
  'bulk run': 1_200,
};
// The server's own limit with its wrapper gone is 10 s (ORPHANED_SHUTDOWN_TIMEOUT_MS in server.ts).
const GONE_WITHIN_MS = 15_000;
const BACK_WITHIN_MS = 30_000;
const SCRIPTS: Record<Exclude<Target, 'group'>, string> = {
  server: 'server/src/server.ts',
  wrapper: 'scripts/start.ts',
};

/** What every round sends: a document of many pages with the code on each, long enough to be killed mid-way. */
interface Documents {
  pdf: Buffer;
  bulkSheet: Buffer;
  bulkZip: Buffer;
}

/** One database's run: the folders every start shares, the running chain, and what the server acknowledged. */
interface Run {
  database: Database;
  dataDir: string;
  staticDir: string;
  env: Record<string, string>;
  mailbox: Mailbox;
  documents: Documents;
  account: TestAccount;
  app?: NpmStartedApp;
  /** npm's process of the latest start, known as soon as it is spawned (before the server answers). */
  npmPid: number;
  token: string;
  /** How long the latest start took to answer. */
  startMs: number;
  /** The quickest start so far: the window a kill at a restart aims at. */
  quickestStartMs: number;
  /** Acknowledged creates (201) not sent to be deleted since: each must stay readable with its files. */
  created: Set<string>;
  /** Acknowledged deletes: none may come back. */
  deleted: Set<string>;
  /** Acknowledged bulk operations: each must still be there. */
  bulkOperations: string[];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function shuffled<T>(values: readonly T[]): T[] {
  const list = [...values];
  for (let index = list.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [list[index], list[other]] = [list[other], list[index]];
  }
  return list;
}

/**
 * `count` kills: every target at every moment once in each whole set of 12 (the order random), the rest drawn from
 * another shuffled set. A kill at a restart aims by the starts seen so far, so the first round is never one.
 */
function roundPlan(count: number): { target: Target; moment: Moment }[] {
  const pairs = TARGETS.flatMap((target) => MOMENTS.map((moment) => ({ target, moment })));
  const plan: { target: Target; moment: Moment }[] = [];
  while (plan.length < count) plan.push(...shuffled(pairs).slice(0, count - plan.length));
  const first = plan.findIndex((round) => round.moment !== 'restart');
  if (first > 0) [plan[0], plan[first]] = [plan[first], plan[0]];
  return plan;
}

function sha256(bytes: ArrayBuffer): string {
  return createHash('sha256').update(Buffer.from(bytes)).digest('hex');
}

function api(run: Run, method: string, apiPath: string, body?: FormData) {
  return fetch(`${run.app!.baseUrl}/api/${apiPath}`, {
    method,
    headers: { Authorization: `Bearer ${run.token}` },
    body,
  });
}

/** What a kill ended: what the chain printed, and how the kill went. */
interface Kill {
  logs: () => string;
  /** Why the round cannot count as a kill of a running chain, if it cannot. */
  problem?: string;
  /** Where the kill landed: what had been acknowledged, how far a bulk run had got, a restart already done. */
  note?: string;
}

interface KillOutcome {
  /** Whether the wrapper had spawned the server when the kill came. */
  hadServer: boolean;
  problem?: string;
}

/** Every request of a round may meet a killed server: a failure acknowledged nothing. */
function acknowledged(request: Promise<boolean>): Promise<boolean> {
  return request.catch(() => false);
}

function pdfPart(bytes: Buffer): Blob {
  return new Blob([new Uint8Array(bytes)], { type: 'application/pdf' });
}

/** Whether the server acknowledged the new verification. */
async function secure(run: Run, title: string): Promise<boolean> {
  const form = new FormData();
  form.set('file', pdfPart(run.documents.pdf), 'c.pdf');
  form.set('title', title);
  form.set('holder_name', 'Crash Check');
  form.set('qr', JSON.stringify({ pages: 'every', position: 'bottom-right', size_mm: 25 }));
  const response = await api(run, 'POST', 'verifications/', form);
  if (response.status !== 201) return false;
  run.created.add(((await response.json()) as { id: string }).id);
  return true;
}

/** Whether the server acknowledged the delete. */
async function deleteOne(run: Run, id: string): Promise<boolean> {
  // Unacknowledged, the delete may or may not have happened: the id leaves what must be readable.
  run.created.delete(id);
  const response = await api(run, 'DELETE', `verifications/${id}/`);
  if (response.ok) run.deleted.add(id);
  return response.ok;
}

interface BulkProgress {
  status: string;
  processed: number;
  valid_rows: number;
}

async function bulkOperation(run: Run, id: string): Promise<BulkProgress> {
  const response = await api(run, 'GET', `bulk-operations/${id}/`);
  if (!response.ok) throw new Error(`bulk operation ${id} → ${response.status}`);
  return (await response.json()) as BulkProgress;
}

/** A bulk operation of BULK_ROWS documents, validated and started: its rows are being secured on return. */
async function startBulkRun(run: Run): Promise<void> {
  const form = new FormData();
  form.set(
    'sheet',
    new Blob([new Uint8Array(run.documents.bulkSheet)], { type: 'text/csv' }),
    's.csv',
  );
  const zip = new Blob([new Uint8Array(run.documents.bulkZip)], { type: 'application/zip' });
  form.set('documents', zip, 'documents.zip');
  const created = await api(run, 'POST', 'bulk-operations/', form);
  if (created.status !== 201) throw new Error(`bulk operation → ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  run.bulkOperations.push(id);
  while ((await bulkOperation(run, id)).status === 'validating') await sleep(100);
  const started = await api(run, 'POST', `bulk-operations/${id}/start/`);
  if (started.status !== 202) throw new Error(`bulk start → ${started.status}`);
}

/**
 * SIGKILLs the target of the chain under npm's process, once its process exists: at a restart the wrapper may
 * not have spawned the server yet.
 */
async function killChain(npmPid: number, target: Target): Promise<KillOutcome> {
  const script = target === 'group' ? undefined : SCRIPTS[target];
  let pid = script ? processRunning(npmPid, script) : undefined;
  while (script && pid === undefined && isRunning(npmPid)) {
    await sleep(10);
    pid = processRunning(npmPid, script);
  }
  const hadServer = processRunning(npmPid, SCRIPTS.server) !== undefined;
  if (!isRunning(npmPid)) return { hadServer, problem: 'npm start had ended before the kill' };
  if (target === 'group') process.kill(-npmPid, 'SIGKILL');
  else process.kill(pid!, 'SIGKILL');
  return { hadServer };
}

async function startChain(run: Run, onSpawn?: (npmPid: number) => void): Promise<NpmStartedApp> {
  const startedAt = Date.now();
  const app = await startWithNpm({
    dataDir: run.dataDir,
    staticDir: run.staticDir,
    env: run.env,
    onSpawn: (npmPid) => {
      run.npmPid = npmPid;
      onSpawn?.(npmPid);
    },
  });
  run.startMs = Date.now() - startedAt;
  run.quickestStartMs = Math.min(run.quickestStartMs, run.startMs);
  run.app = app;
  return app;
}

/** Stops the server gracefully, starts it again and kills the chain at a random moment of its start. */
async function killWhileStarting(run: Run, target: Target): Promise<Kill> {
  const exitCode = await run.app!.stop();
  if (exitCode !== 0) throw new Error(`npm start stopped with ${exitCode}:\n${run.app!.logs()}`);
  run.app = undefined;
  const delay = Math.random() * run.quickestStartMs;
  let killed: Promise<KillOutcome> | undefined;
  const onSpawn = (npmPid: number) => {
    killed = sleep(delay).then(() => killChain(npmPid, target));
  };
  // Killed before it answers, as meant, the start fails with what the chain printed.
  const started = await startChain(run, onSpawn).then(
    (app) => ({ logs: app.logs, hasAnswered: true }),
    (error: Error) => ({ logs: () => error.message, hasAnswered: false }),
  );
  const { hadServer, problem } = await killed!;
  const note = started.hasAnswered
    ? 'after the server answered'
    : hadServer
      ? 'while the server started'
      : 'before the wrapper spawned the server';
  return { logs: started.logs, problem, note };
}

/** Sends the moment's requests; answers them in flight (a bulk run's work is the server's own). */
async function sendWork(run: Run, round: number, moment: Exclude<Moment, 'restart'>) {
  if (moment === 'securing') {
    const titles = Array.from(
      { length: CREATES_PER_ROUND },
      (_, index) => `Crash ${round}.${index}`,
    );
    return titles.map((title) => secure(run, title));
  }
  if (moment === 'deleting') {
    const missing = DELETES_PER_ROUND - run.created.size;
    const titles = Array.from({ length: missing }, (_, index) => `To delete ${round}.${index}`);
    await Promise.all(titles.map((title) => secure(run, title)));
    return [...run.created].slice(0, DELETES_PER_ROUND).map((id) => deleteOne(run, id));
  }
  await startBulkRun(run);
  return [];
}

/** How far the latest bulk run got, asked just before the kill. */
async function bulkRunProgress(run: Run): Promise<string> {
  const operation = await bulkOperation(run, run.bulkOperations.at(-1)!);
  return `${operation.processed} of ${operation.valid_rows} rows done`;
}

/** Sends the moment's work and kills the target in the middle of it. */
async function workAndKill(run: Run, round: number, moment: Moment, target: Target): Promise<Kill> {
  if (moment === 'restart') return killWhileStarting(run, target);
  const work = await sendWork(run, round, moment);
  await sleep(Math.random() * LONGEST_WAIT_MS[moment]);
  const progress = moment === 'bulk run' ? await bulkRunProgress(run) : undefined;
  const { problem } = await killChain(run.npmPid, target);
  const answers = await Promise.all(work.map(acknowledged));
  const note = progress ?? `${answers.filter(Boolean).length} of ${work.length} acknowledged`;
  return { logs: run.app!.logs, problem, note };
}

/**
 * Waits for every process of the run's chains to end (all carry its DATA_DIR: a process the kill orphaned too);
 * ends and names those still running after `timeoutMs`, which would hold the data folder the next start needs.
 */
async function survivors(run: Run, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (processesOf(run.dataDir).length > 0 && Date.now() < deadline) await sleep(100);
  const alive = processesOf(run.dataDir);
  alive.forEach(({ pid }) => process.kill(pid, 'SIGKILL'));
  return alive.map(({ pid, command }) => `${pid} (${command.trim()})`);
}

async function verificationIds(run: Run): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api(run, 'GET', `verifications/?page=${page}&page_size=100`);
    if (!response.ok) throw new Error(`list → ${response.status}: ${await response.text()}`);
    const { results, count } = (await response.json()) as {
      results: Array<{ id: string }>;
      count: number;
    };
    ids.push(...results.map((verification) => verification.id));
    if (results.length === 0 || ids.length >= count) return ids;
  }
}

/** What breaks the promise of rows and files on disk, as sentences; empty when they agree. */
async function rowsAndFiles(run: Run): Promise<string[]> {
  const filesRoot = path.join(run.dataDir, 'files');
  const folder = path.join(filesRoot, 'verifications');
  const onDisk = existsSync(folder) ? readdirSync(folder) : [];
  const rows = await verificationIds(run);
  const problems = [
    ...onDisk.filter((id) => !rows.includes(id)).map((id) => `files without a row: ${id}`),
    ...rows
      .filter(
        (id) => !['original', 'secured.pdf'].every((f) => existsSync(path.join(folder, id, f))),
      )
      .map((id) => `row without its files: ${id}`),
  ];
  const tempFolder = path.join(filesRoot, '.tmp');
  const temps = existsSync(tempFolder) ? readdirSync(tempFolder) : [];
  if (temps.length > 0) problems.push(`half-written temp files: ${temps.join(', ')}`);
  return problems;
}

/**
 * rowsAndFiles, counting only what is still there a moment later: a bulk run the restart resumed writes a row's
 * files just before its row, so for an instant they are rightly alone. A crash's leftover stays.
 */
async function leftovers(run: Run): Promise<string[]> {
  const first = await rowsAndFiles(run);
  if (first.length === 0) return [];
  await sleep(2_000);
  return (await rowsAndFiles(run)).filter((problem) => first.includes(problem));
}

/** Why the acknowledged verification is not readable with both its files as its row describes them, if it is not. */
async function unreadable(run: Run, id: string): Promise<string | undefined> {
  const response = await api(run, 'GET', `verifications/${id}/`);
  if (response.status !== 200) return `acknowledged verification ${id} answers ${response.status}`;
  const row = (await response.json()) as {
    original: { sha256: string };
    secured: { sha256: string };
  };
  const files = { original: row.original.sha256, document: row.secured.sha256 };
  for (const [file, expected] of Object.entries(files)) {
    const download = await api(run, 'GET', `verifications/${id}/${file}/`);
    if (download.status !== 200) return `${id}/${file}/ answers ${download.status}`;
    if (sha256(await download.arrayBuffer()) !== expected) return `${id}/${file}/ is not its row's`;
  }
  return undefined;
}

async function undone(run: Run, id: string): Promise<string | undefined> {
  const status = (await api(run, 'GET', `verifications/${id}/`)).status;
  return status === 404 ? undefined : `acknowledged delete of ${id} undone (${status})`;
}

async function lostOperation(run: Run, id: string): Promise<string | undefined> {
  const status = (await api(run, 'GET', `bulk-operations/${id}/`)).status;
  return status === 200 ? undefined : `acknowledged bulk operation ${id} answers ${status}`;
}

/** What the started server breaks of the promises; empty when it keeps them all. */
async function problemsAfterStart(run: Run): Promise<string[]> {
  const ready = (await fetch(`${run.app!.baseUrl}/api/health/ready/`)).status;
  const readiness = ready === 200 ? [] : [`/api/health/ready/ answers ${ready}`];
  const app = { baseUrl: run.app!.baseUrl, mailbox: run.mailbox };
  run.token = await requestAccessToken(app, run.account);
  const answers = await Promise.all([
    ...[...run.created].map((id) => unreadable(run, id)),
    ...[...run.deleted].map((id) => undone(run, id)),
    ...run.bulkOperations.map((id) => lostOperation(run, id)),
  ]);
  const problems = answers.filter((problem): problem is string => problem !== undefined);
  return [...readiness, ...problems, ...(await leftovers(run))];
}

/** The last lines a chain printed, to show with a failed round. */
function tail(logs: string, lines = 30): string {
  return logs.trimEnd().split('\n').slice(-lines).join('\n');
}

/** One round: work, kill, wait for the killed chain to end, start again, check. Answers the kill and problems. */
async function runRound(run: Run, round: number, moment: Moment, target: Target) {
  const kill = await workAndKill(run, round, moment, target);
  const problems = kill.problem ? [kill.problem] : [];
  const alive = await survivors(run, GONE_WITHIN_MS);
  if (alive.length > 0) {
    problems.push(`still running ${GONE_WITHIN_MS / 1000} s after the kill: ${alive.join(', ')}`);
  }
  run.app = undefined;
  await startChain(run);
  if (run.startMs > BACK_WITHIN_MS) problems.push(`took ${run.startMs} ms to start again`);
  problems.push(...(await problemsAfterStart(run)));
  return { kill, problems };
}

function describeRound(run: Run, round: number, target: Target, moment: Moment): string {
  const number = `${String(round).padStart(2)}/${ROUNDS}`;
  const killed = target === 'group' ? 'the group' : `the ${target}`;
  return `${run.database.padEnd(8)} round ${number}: killed ${killed.padEnd(11)} at ${moment}`;
}

function verdict(run: Run, kill: Kill, problems: string[]): string {
  const note = kill.note ? ` (${kill.note})` : '';
  const outcome = problems.length === 0 ? 'ok' : `FAILED: ${problems.join('; ')}`;
  return `${note} → ${outcome} (back in ${(run.startMs / 1000).toFixed(1)} s)`;
}

/** Runs every round on one database; answers the number of failed rounds (all remaining ones after a failed start). */
async function runRounds(run: Run): Promise<number> {
  const plan = roundPlan(ROUNDS);
  let failed = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const { target, moment } = plan[round - 1];
    const line = describeRound(run, round, target, moment);
    try {
      const { kill, problems } = await runRound(run, round, moment, target);
      console.log(`${line}${verdict(run, kill, problems)}`);
      if (problems.length === 0) continue;
      failed += 1;
      console.log(`  the killed chain printed:\n${tail(kill.logs())}`);
    } catch (error) {
      console.log(`${line} → FAILED: ${(error as Error).message}`);
      return failed + ROUNDS - round + 1;
    }
  }
  return failed;
}

/** A Postgres database of its own for the run, dropped afterwards; PGlite needs nothing beside DATA_DIR. */
async function withDatabase<T>(database: Database, work: (url: string) => Promise<T>): Promise<T> {
  if (database === 'pglite') return work('');
  const name = randomDatabaseName('qrv_crash');
  await withAdminClient(POSTGRES_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  try {
    return await work(databaseUrl(POSTGRES_URL, name));
  } finally {
    await withAdminClient(POSTGRES_URL, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  }
}

async function checkDatabase(
  database: Database,
  mailbox: Mailbox,
  documents: Documents,
): Promise<number> {
  const root = await mkdtemp(path.join(tmpdir(), `qrv-crash-${database}-`));
  // A built SPA of its own: npm start serves it as it is, so the check never runs webpack.
  const staticDir = path.join(root, 'dist');
  await mkdir(staticDir);
  await writeFile(path.join(staticDir, 'index.html'), '<html><head></head><body></body></html>');
  return withDatabase(database, async (url) => {
    const run: Run = {
      database,
      dataDir: path.join(root, 'data'),
      staticDir,
      env: {
        LOG_LEVEL: 'error',
        DATABASE_URL: url,
        SMTP_URL: mailbox.url,
        PLAN_LIMITS_OVERRIDE: UNLIMITED_FREE_PLAN,
        // One instance: its own crash's leftovers go at the restart, whatever their age.
        ORPHANED_FILES_MIN_AGE_SECONDS: '0',
      },
      mailbox,
      documents,
      account: newAccount(),
      npmPid: 0,
      token: '',
      startMs: 0,
      quickestStartMs: Infinity,
      created: new Set(),
      deleted: new Set(),
      bulkOperations: [],
    };
    try {
      const app = await startChain(run);
      // The first start makes the data folder or migrates: no measure of a restart.
      run.quickestStartMs = Infinity;
      await createVerifiedAccount({ baseUrl: app.baseUrl, mailbox }, run.account);
      run.token = await requestAccessToken({ baseUrl: app.baseUrl, mailbox }, run.account);
      return await runRounds(run);
    } finally {
      await run.app?.stop();
      const left = await survivors(run, GONE_WITHIN_MS);
      if (left.length > 0)
        console.log(`${database}: still running after the last stop: ${left.join(', ')}`);
      await rm(root, { recursive: true, force: true });
    }
  });
}

/** The databases asked for: `npm run crash-check -- pglite`, CRASH_CHECK_DATABASES=postgres, or both. */
function chosenDatabases(): Database[] {
  const asked = process.argv[2] ?? process.env.CRASH_CHECK_DATABASES ?? DATABASES.join(',');
  const names = asked.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !DATABASES.includes(name as Database));
  if (unknown.length > 0)
    throw new Error(`Unknown database ${unknown.join(', ')}: pglite, postgres`);
  return names as Database[];
}

async function makeDocuments(): Promise<Documents> {
  const pdf = await makePdf(Array.from({ length: 40 }, () => ({})));
  const names = Array.from({ length: BULK_ROWS }, (_, index) => `row-${index}.pdf`);
  return {
    pdf,
    bulkSheet: makeCsv([
      ['File', 'Title', 'Holder Name'],
      ...names.map((name) => [name, name, 'Crash Check']),
    ]),
    bulkZip: await makeZip(names.map((name) => ({ name, data: pdf }))),
  };
}

async function main() {
  const startedAt = Date.now();
  const databases = chosenDatabases();
  const documents = await makeDocuments();
  const mailbox = await startMailbox();
  const totals: string[] = [];
  let failed = 0;
  try {
    for (const database of databases) {
      const failedRounds = await checkDatabase(database, mailbox, documents);
      totals.push(`${database} ${ROUNDS - failedRounds}/${ROUNDS} rounds clean`);
      failed += failedRounds;
    }
  } finally {
    await mailbox.close();
  }
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  console.log(`crash check: ${totals.join(', ')} (${minutes} min)`);
  // Said outright: a process that escaped the sweeps would hold this one's pipes open, and CI would wait forever.
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
