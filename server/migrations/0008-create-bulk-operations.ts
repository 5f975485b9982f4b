// Bulk operations: a sheet (and a zip of documents, or one design PDF) becomes one verification per valid row,
// secured in the background. Each row is an item; the verifications a run makes name their operation and row,
// and a unique index on the pair is what makes a retried row unable to make a second verification.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bulk_operations')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'uuid', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('mode', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    // Null: the account's default template when the run starts.
    .addColumn('template_id', 'uuid', (column) =>
      column.references('templates.id').onDelete('set null'),
    )
    .addColumn('qr_placement', 'jsonb', (column) => column.notNull())
    .addColumn('allow_download', 'boolean', (column) => column.notNull())
    // {field: column header}, the headers left out, and (design mode) what is drawn where.
    .addColumn('mapping', 'jsonb', (column) => column.notNull())
    .addColumn('ignored_columns', 'jsonb', (column) => column.notNull())
    .addColumn('layout', 'jsonb')
    .addColumn('sheet_name', 'text', (column) => column.notNull())
    .addColumn('sheet_type', 'text', (column) => column.notNull())
    .addColumn('source_name', 'text')
    // The sheet's headers in order (items keep their cells as JSON objects, whose key order jsonb does not keep).
    .addColumn('columns', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('total_rows', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('valid_rows', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('invalid_rows', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('succeeded', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (column) => column.notNull().defaultTo(0))
    // Set once the sheet has been read into items (validation resumes from there after a crash).
    .addColumn('rows_read_at', 'timestamptz')
    // What stopped the whole operation (an unreadable sheet, an unsafe zip), shown as a row-less error.
    .addColumn('problem', 'text')
    // The day issue dates default to: the day the run started, as YYYY-MM-DD (text, as the API carries dates).
    .addColumn('run_date', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('bulk_operations_mode', sql`mode in ('documents', 'design')`)
    .addCheckConstraint(
      'bulk_operations_status',
      sql`status in ('validating', 'ready', 'invalid', 'running', 'completed', 'failed', 'cancelled')`,
    )
    .execute();
  await db.schema
    .createIndex('bulk_operations_account_idx')
    .on('bulk_operations')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('bulk_operation_items')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('bulk_operation_id', 'uuid', (column) =>
      column.notNull().references('bulk_operations.id').onDelete('cascade'),
    )
    // 1 = the first row under the headers.
    .addColumn('row_number', 'integer', (column) => column.notNull())
    // unchecked → valid | invalid; valid → succeeded | failed.
    .addColumn('status', 'text', (column) => column.notNull())
    // The row's values by header, in the sheet's order.
    .addColumn('cells', 'jsonb', (column) => column.notNull())
    // [{column, message}]
    .addColumn('errors', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('verification_id', 'uuid', (column) =>
      column.references('verifications.id').onDelete('set null'),
    )
    .addUniqueConstraint('bulk_operation_items_row_unique', ['bulk_operation_id', 'row_number'])
    .addCheckConstraint(
      'bulk_operation_items_status',
      sql`status in ('unchecked', 'valid', 'invalid', 'succeeded', 'failed')`,
    )
    .execute();
  await db.schema
    .createIndex('bulk_operation_items_status_idx')
    .on('bulk_operation_items')
    .columns(['bulk_operation_id', 'status', 'row_number'])
    .execute();

  await db.schema
    .alterTable('verifications')
    .addColumn('bulk_operation_id', 'uuid', (column) =>
      column.references('bulk_operations.id').onDelete('set null'),
    )
    .addColumn('bulk_row_number', 'integer')
    .execute();
  // One verification per row of an operation, whatever retries happen.
  await db.schema
    .createIndex('verifications_bulk_row_unique')
    .on('verifications')
    .columns(['bulk_operation_id', 'bulk_row_number'])
    .unique()
    .where(sql.ref('bulk_operation_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verifications_bulk_row_unique').execute();
  await db.schema
    .alterTable('verifications')
    .dropColumn('bulk_row_number')
    .dropColumn('bulk_operation_id')
    .execute();
  await db.schema.dropTable('bulk_operation_items').execute();
  await db.schema.dropTable('bulk_operations').execute();
}
