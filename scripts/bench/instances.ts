// Section "instances": /v/{code} served by one instance and by two instances on one Postgres database, the load
// spread over both (autocannon alternates its connections between the two addresses, as a round-robin load
// balancer would). Both figures are on the Postgres server (BENCH_POSTGRES_URL, by default the tests' one), in
// a database of their own, dropped afterwards; without a Postgres server the section says so and is skipped.
// Two instances on one machine share its cores (and the load generator's): the figure shows what a second
// instance costs or gains here, not on a machine of its own.
import {
  databaseUrl,
  randomDatabaseName,
  withAdminClient,
} from '../../server/test/helpers/database-templates';
import { startApp, type RunningApp } from '../support/app';

import { createVerification } from './app';
import { loadRounds } from './load';
import { figures } from './public-routes';
import { formats, type Report } from './report';
import { CONNECTIONS, DURATION_SECONDS, ROUNDS } from './settings';

const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

async function createDatabase(): Promise<string | null> {
  const name = randomDatabaseName('qrv_bench');
  try {
    await withAdminClient(POSTGRES_URL, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch {
    return null;
  }
  return databaseUrl(POSTGRES_URL, name);
}

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdminClient(POSTGRES_URL, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}

export async function benchInstances(report: Report): Promise<void> {
  report.heading(
    `/v/{code}: one instance vs two on one Postgres (autocannon, ${CONNECTIONS} connections, ${ROUNDS} × ${DURATION_SECONDS} s, medians)`,
  );
  const url = await createDatabase();
  if (!url) {
    report.note(`skipped: no Postgres server answers at ${new URL(POSTGRES_URL).host}`);
    return;
  }
  const env = { DATABASE_URL: url, LOG_LEVEL: 'error' };
  let instances: RunningApp[] = [];
  try {
    const started = await Promise.allSettled([startApp(env), startApp(env)]);
    instances = started.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    const failed = started.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const { code } = await createVerification(instances[0]);
    const pages = instances.map((app) => `${app.baseUrl}/v/${code}`);
    const one = await loadRounds(pages[0]);
    const two = await loadRounds(pages);
    report.line('one instance', figures(one));
    report.line(
      'two instances, alternating',
      `${figures(two)}   ${formats.times(two.requestsPerSecond / one.requestsPerSecond)} one's req/s`,
    );
  } finally {
    await Promise.all(instances.map((app) => app.stop()));
    await dropDatabase(url);
  }
}
