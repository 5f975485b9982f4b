// Serialises the changes to an account's set of templates that must see it whole (which one is the default,
// which one is deleted and where its verifications go): each takes this lock first in its transaction.
import type { Database } from '../../db/schema';
import type { Transaction } from 'kysely';

export async function lockAccountTemplates(
  trx: Transaction<Database>,
  accountId: string,
): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
}
