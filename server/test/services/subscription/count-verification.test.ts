// The month's verification count under concurrency, on PGlite and (in the Postgres run) on a connection pool where
// the transactions truly race: of many racing for the last few, exactly as many as are left succeed.
import { AppError } from '../../../src/lib/app-error';
import { monthStart } from '../../../src/services/subscription/plan-limits';
import { NO_LIMITS, planLimitsOverride } from '../../helpers/plans';
import { createTestApp } from '../../helpers/test-app';
import { insertSignedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

afterEach(async () => {
  await app?.close();
});

async function accountWithMonthlyLimit(limit: number): Promise<string> {
  app = await createTestApp({
    env: {
      PLAN_LIMITS_OVERRIDE: planLimitsOverride({
        free: { ...NO_LIMITS, verifications_per_month: limit },
      }),
    },
  });
  return (await insertSignedInUser(app.db, app.config, { email: 'olivia@example.com' })).id;
}

function countOne(accountId: string): Promise<void> {
  return app.db
    .transaction()
    .execute((trx) => app.services.planLimits.countVerification(trx, accountId));
}

async function counted(accountId: string, month = monthStart()): Promise<number | undefined> {
  const row = await app.db
    .selectFrom('usage_counters')
    .select('verifications')
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row?.verifications;
}

test('twelve transactions racing for the month’s last three: three count, nine get plan_limit', async () => {
  const accountId = await accountWithMonthlyLimit(5);
  await countOne(accountId);
  await countOne(accountId);

  const results = await Promise.allSettled(Array.from({ length: 12 }, () => countOne(accountId)));

  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
  const refusals = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason] : [],
  );
  expect(refusals).toHaveLength(9);
  for (const refusal of refusals) {
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 403, code: 'plan_limit' });
  }
  expect(await counted(accountId)).toBe(5);
});

test('a count rolled back with its transaction is not spent', async () => {
  const accountId = await accountWithMonthlyLimit(1);
  await expect(
    app.db.transaction().execute(async (trx) => {
      await app.services.planLimits.countVerification(trx, accountId);
      throw new Error('the verification could not be stored');
    }),
  ).rejects.toThrow('could not be stored');
  await countOne(accountId);
  expect(await counted(accountId)).toBe(1);
});

test('each calendar month counts from zero', async () => {
  const accountId = await accountWithMonthlyLimit(1);
  await app.db
    .insertInto('usage_counters')
    .values({ account_id: accountId, month: '2020-01-01', verifications: 1 })
    .execute();
  await countOne(accountId);
  expect(await counted(accountId)).toBe(1);
  expect(await counted(accountId, '2020-01-01')).toBe(1);
});
