import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/**
 * The other accounts whose issuer name, stated or verified, has one of these skeletons: what their pages say of
 * them changes when a name joins or leaves their skeleton (load-issuer-identities.ts withholds shared names).
 */
export async function accountsNamedAlike(
  db: Kysely<Database>,
  skeletons: string[],
  exceptAccountId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('owner_id', 'is', null)
    .where('id', '!=', exceptAccountId)
    .where((eb) =>
      eb.or([
        eb('issuer_name_skeleton', 'in', skeletons),
        eb('verified_name_skeleton', 'in', skeletons),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}
