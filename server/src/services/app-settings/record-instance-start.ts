import { randomUUID } from 'node:crypto';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export interface InstanceIdentity {
  instanceId: string;
  firstStartedAt: string;
}

/** Gives the installation a stable id and remembers its first start; later starts keep the first values. */
export async function recordInstanceStart(db: Kysely<Database>): Promise<InstanceIdentity> {
  await db
    .insertInto('app_settings')
    .values([
      { key: 'instance_id', value: randomUUID() },
      { key: 'first_started_at', value: new Date().toISOString() },
    ])
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const rows = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', ['instance_id', 'first_started_at'])
    .execute();
  const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { instanceId: values.instance_id, firstStartedAt: values.first_started_at };
}
