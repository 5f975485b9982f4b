// A design layout's `page` is counted from 1, as people and clients write page numbers; layouts stored before
// counted from 0, so the ones that name a page move up by one (a field without `page` is on the first page).
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

async function shiftPages(db: Kysely<unknown>, by: number): Promise<void> {
  await sql`
    update bulk_operations
    set layout = jsonb_set(layout, '{fields}', (
      select jsonb_agg(
        case when field ? 'page'
          then jsonb_set(field, '{page}', to_jsonb((field->>'page')::int + ${by}::int))
          else field end
        order by position)
      from jsonb_array_elements(layout->'fields') with ordinality as fields(field, position)))
    where jsonb_typeof(layout->'fields') = 'array'
      and exists (select 1 from jsonb_array_elements(layout->'fields') as fields(field) where field ? 'page')
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await shiftPages(db, 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await shiftPages(db, -1);
}
