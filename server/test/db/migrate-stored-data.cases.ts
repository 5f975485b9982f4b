// Migrations that change what is stored: 0018 counts design layouts' pages from 1; 0019 records from when each
// seal key's seals are low-S, without refusing any seal printed before; 0020 keeps each owner's issuer name's
// look-alike skeleton.
import { sql } from 'kysely';

import { eachTestOnEmptyDatabase } from '../helpers/migration-database';

const { db, migrator } = eachTestOnEmptyDatabase();

async function insertOperation(user: string, layout: object | null): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into bulk_operations (user_id, name, mode, status, qr_placement, allow_download, mapping,
      ignored_columns, layout, sheet_name, sheet_type)
    values (${user}, 'Class of 2026', 'design', 'ready', '{}'::jsonb, false, '{}'::jsonb, '[]'::jsonb,
      ${layout === null ? null : JSON.stringify(layout)}::jsonb, 'sheet.csv', 'text/csv')
    returning id`.execute(db());
  return rows[0].id;
}

test('a stored layout’s pages are counted from 1 afterwards, and back again when undone', async () => {
  expect((await migrator().migrateTo('0017-create-seals')).error).toBeUndefined();
  const { rows } = await sql<{ id: string }>`
    insert into users (email, first_name, sign_up_method) values ('ada@example.com', 'Ada', 'password')
    returning id`.execute(db());
  const field = { x: 0.5, y: 0.5, font: 'Helvetica', size: 12, color: '#000000', align: 'left' };
  const paged = await insertOperation(rows[0].id, {
    fields: [
      { ...field, field: 'title', page: 0 },
      { ...field, field: 'holder_name' },
      { ...field, field: 'Grade', page: 2 },
    ],
  });
  const documentsMode = await insertOperation(rows[0].id, null);
  const layoutOf = async (id: string) =>
    (
      await sql<{ layout: { fields: object[] } | null }>`
        select layout from bulk_operations where id = ${id}`.execute(db())
    ).rows[0].layout;

  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  expect(await layoutOf(paged)).toEqual({
    fields: [
      { ...field, field: 'title', page: 1 },
      { ...field, field: 'holder_name' },
      { ...field, field: 'Grade', page: 3 },
    ],
  });
  expect(await layoutOf(documentsMode)).toBeNull();

  expect((await migrator().migrateTo('0017-create-seals')).error).toBeUndefined();
  expect((await layoutOf(paged))?.fields.map((each) => (each as { page?: number }).page)).toEqual([
    0,
    undefined,
    2,
  ]);
});

test('existing seal keys accept the high-S seals made before the upgrade; new keys none', async () => {
  expect((await migrator().migrateTo('0018-count-design-pages-from-one')).error).toBeUndefined();
  const { rows } = await sql<{ id: string }>`
    insert into users (email, first_name, sign_up_method) values ('ada@example.com', 'Ada', 'password')
    returning id`.execute(db());
  const insertKey = (kid: string, status: string) =>
    sql`
    insert into seal_keys (account_id, kid, status, public_jwk, private_key_iv, private_key_tag,
      private_key_ciphertext)
    values (${rows[0].id}, ${kid}, ${status}, '{}'::jsonb, '\\x00', '\\x00', '\\x00')`.execute(
      db(),
    );
  await insertKey('existing', 'retired');

  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  await insertKey('new', 'active');
  const { rows: keys } = await sql<{ kid: string; after_now: boolean; this_minute: boolean }>`
    select kid, low_s_since > now() as after_now,
      low_s_since = date_trunc('minute', now()) as this_minute
    from seal_keys order by kid`.execute(db());
  expect(keys).toEqual([
    { kid: 'existing', after_now: true, this_minute: false },
    { kid: 'new', after_now: false, this_minute: true },
  ]);
});

test('each owner’s issuer name gets its look-alike skeleton, so names stored before are compared too', async () => {
  expect((await migrator().migrateTo('0019-add-seal-key-low-s-since')).error).toBeUndefined();
  const { rows } = await sql<{ id: string }>`
    insert into users (email, first_name, last_name, organisation_name, sign_up_method) values
      ('a@example.com', 'Ada', 'Byron', 'Harvard University', 'password'),
      ('b@example.com', 'Нarvard', 'Univеrsity', null, 'password'),
      ('c@example.com', 'Grace', 'Hopper', null, 'password')
    returning id`.execute(db());
  await sql`
    insert into users (email, first_name, sign_up_method, owner_id)
    values ('shared@example.com', 'Sam', 'password', ${rows[0].id})`.execute(db());

  expect((await migrator().migrateToLatest()).error).toBeUndefined();
  const { rows: stored } = await sql<{ email: string; issuer_name_skeleton: string | null }>`
    select email, issuer_name_skeleton from users order by email`.execute(db());
  expect(stored).toEqual([
    { email: 'a@example.com', issuer_name_skeleton: 'harvard unlverslty' },
    // The owner's name stands for the issuer until the account names an organisation.
    { email: 'b@example.com', issuer_name_skeleton: 'harvard unlverslty' },
    { email: 'c@example.com', issuer_name_skeleton: 'grace hopper' },
    // A shared user issues in the owner's name: no name of their own.
    { email: 'shared@example.com', issuer_name_skeleton: null },
  ]);
});
