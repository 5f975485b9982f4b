// An operator's change to a plan (`npm run plans -- set …`): prices, Stripe price ids, limits. The server reads
// plans from the table on each request, so a running server sees the change at once.
import { planLimitsSchema, type PlanId, type PlanLimits } from '@common/subscription-schemas';

import type { Database } from '../../db/schema';
import type { PlanRow } from './plan-rows';
import type { Kysely } from 'kysely';

export interface PlanChanges {
  name?: string;
  description?: string;
  currency?: string;
  price_monthly?: number | null;
  price_yearly?: number | null;
  stripe_price_monthly?: string | null;
  stripe_price_yearly?: string | null;
  /** Merged into the stored limits. */
  limits?: Partial<PlanLimits>;
}

/** The updated row; undefined when no plan has the id. */
export async function updatePlan(
  db: Kysely<Database>,
  id: PlanId,
  { limits, ...changes }: PlanChanges,
): Promise<PlanRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    const merged = planLimitsSchema.parse({ ...row.limits, ...limits });
    return trx
      .updateTable('plans')
      .set({ ...changes, limits: JSON.stringify(merged), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
