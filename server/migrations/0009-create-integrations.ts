// Integrations: API keys (stored as hashes; a revoked key keeps its row so its deliveries and audit stay named),
// webhook endpoints with their signing secrets, and every delivery of an event to an endpoint. A delivery's
// message id is the `webhook-id` header, the same on each attempt, so a receiver can drop repeats.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('api_keys_account_idx')
    .on('api_keys')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('events', 'jsonb', (column) => column.notNull())
    .addColumn('secret', 'text', (column) => column.notNull())
    // After a rotation the old secret signs beside the new one until this time.
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_account_idx')
    .on('webhook_endpoints')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('endpoint_id', 'uuid', (column) =>
      column.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('message_id', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    // The exact body signed and sent, so every attempt sends the same bytes.
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('attempt', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('response_excerpt', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('duration_ms', 'integer')
    .addColumn('next_retry_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('last_attempt_at', 'timestamptz')
    .addCheckConstraint(
      'webhook_deliveries_status',
      sql`status in ('pending', 'succeeded', 'retrying', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('api_keys').execute();
}
