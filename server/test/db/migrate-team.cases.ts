// Migration 0007 on a database that already has accounts, templates and verifications: their owners become their
// creators.
import { sql } from 'kysely';

import { eachTestOnEmptyDatabase } from '../helpers/migration-database';

const { db, migrator } = eachTestOnEmptyDatabase();

test('existing verifications and templates name their account as creator', async () => {
  expect((await migrator().migrateTo('0006-add-refresh-grace')).error).toBeUndefined();
  const { rows } = await sql<{ id: string }>`
    insert into users (email, first_name, sign_up_method) values ('ada@example.com', 'Ada', 'password')
    returning id`.execute(db());
  const ada = rows[0].id;
  const template = await sql<{ id: string }>`
    insert into templates (user_id, name, is_default, primary_color, background_color, text_color, fields)
    values (${ada}, 'Default', true, '#000000', '#ffffff', '#000000', '{}'::jsonb) returning id`.execute(
    db(),
  );
  await sql`
    insert into verifications (user_id, code, title, holder_name, issue_date, template_id, qr_placement,
      original_file_name, original_content_type, original_size, original_sha256, secured_size, secured_sha256)
    values (${ada}, 'aaaaaaaaaaaaaaaa', 'Diploma', 'Ada', '2025-01-01', ${template.rows[0].id}, '{}'::jsonb,
      'a.pdf', 'application/pdf', 1, 'x', 1, 'y')`.execute(db());

  expect((await migrator().migrateToLatest()).error).toBeUndefined();

  const creators = await sql<{ created_by: string }>`
    select created_by from verifications union all select created_by from templates`.execute(db());
  expect(creators.rows).toEqual([{ created_by: ada }, { created_by: ada }]);
  const users = await sql<{ owner_id: string | null }>`select owner_id from users`.execute(db());
  expect(users.rows).toEqual([{ owner_id: null }]);
});
