// Who an account is, as far as it is proven (common/issuer-identity.ts). Each owner's issuer name keeps its look-alike
// skeleton, so two accounts whose names read the same are found with an index; an operator may verify an account's
// name by hand (`npm run issuers -- verify`), which is kept with its own skeleton and when it was done.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

import { nameSkeleton } from '../src/lib/look-alike-names';
import { personName } from '../src/lib/person-name';

const BATCH = 1_000;

interface OwnerName {
  id: string;
  organisation_name: string | null;
  first_name: string;
  last_name: string;
}

async function fillSkeletons(db: Kysely<unknown>): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<OwnerName>`
      select id, organisation_name, first_name, last_name from users
      where owner_id is null and id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      const name = row.organisation_name ?? personName(row.first_name, row.last_name);
      await sql`update users set issuer_name_skeleton = ${nameSkeleton(name)} where id = ${row.id}`.execute(
        db,
      );
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('issuer_name_skeleton', 'text')
    .addColumn('verified_issuer_name', 'text')
    .addColumn('verified_name_skeleton', 'text')
    .addColumn('issuer_verified_at', 'timestamptz')
    .execute();
  await fillSkeletons(db);
  await db.schema
    .createIndex('users_issuer_name_skeleton')
    .on('users')
    .column('issuer_name_skeleton')
    .execute();
  await db.schema
    .createIndex('users_verified_name_skeleton')
    .on('users')
    .column('verified_name_skeleton')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .dropColumn('issuer_name_skeleton')
    .dropColumn('verified_issuer_name')
    .dropColumn('verified_name_skeleton')
    .dropColumn('issuer_verified_at')
    .execute();
}
