// Serialises changes that count an account's rows against a limit (keys, webhook endpoints): inside a
// transaction, the second of two concurrent calls waits here until the first commits, then counts its row too.
import type { Database } from './schema';
import type { Transaction } from 'kysely';

export async function lockAccount(trx: Transaction<Database>, accountId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', accountId).forNoKeyUpdate().execute();
}
