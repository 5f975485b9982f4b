// Migration 0005 on a database that already has accounts and verifications: each account gets its default
// template and every verification points at it.
import { sql } from 'kysely';

import { DEFAULT_TEMPLATE_DESIGN } from '@common/templates';

import { eachTestOnEmptyDatabase } from '../helpers/migration-database';

const { db, migrator } = eachTestOnEmptyDatabase();

async function insertUser(email: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into users (email, first_name, sign_up_method) values (${email}, 'Ada', 'password')
    returning id`.execute(db());
  return rows[0].id;
}

async function insertVerification(userId: string, code: string, templateId: string | null) {
  await sql`
    insert into verifications (user_id, code, title, holder_name, issue_date, template_id, qr_placement,
      original_file_name, original_content_type, original_size, original_sha256, secured_size, secured_sha256)
    values (${userId}, ${code}, 'Diploma', 'Ada', '2025-01-01', ${templateId}, '{}'::jsonb,
      'a.pdf', 'application/pdf', 1, 'x', 1, 'y')`.execute(db());
}

test('existing accounts get a default template and their verifications use it', async () => {
  expect((await migrator().migrateTo('0004-create-verifications')).error).toBeUndefined();
  const ada = await insertUser('ada@example.com');
  const bob = await insertUser('bob@example.com');
  await insertVerification(ada, 'aaaaaaaaaaaaaaaa', 'anything-they-sent');
  await insertVerification(ada, 'bbbbbbbbbbbbbbbb', null);
  await insertVerification(bob, 'cccccccccccccccc', null);

  const { error } = await migrator().migrateToLatest();

  expect(error).toBeUndefined();
  const templates = await db().selectFrom('templates').selectAll().orderBy('user_id').execute();
  expect(templates).toHaveLength(2);
  const { logo_url: _logoUrl, ...design } = DEFAULT_TEMPLATE_DESIGN;
  for (const template of templates) {
    expect(template).toMatchObject({
      name: 'Default',
      is_default: true,
      logo_key: null,
      ...design,
    });
  }
  const verifications = await db()
    .selectFrom('verifications')
    .select(['user_id', 'template_id'])
    .execute();
  for (const verification of verifications) {
    const own = templates.find((template) => template.user_id === verification.user_id);
    expect(verification.template_id).toBe(own!.id);
  }
});

test('0005 rolls back to free-text template ids', async () => {
  await migrator().migrateToLatest();
  const ada = await insertUser('ada@example.com');
  await sql`insert into templates (user_id, name, is_default, primary_color, background_color, text_color, fields)
    values (${ada}, 'Default', true, '#000000', '#ffffff', '#000000', '{}'::jsonb)`.execute(db());

  const { error } = await migrator().migrateTo('0004-create-verifications');

  expect(error).toBeUndefined();
  await insertVerification(ada, 'aaaaaaaaaaaaaaaa', 'free text again');
});
