// Plans and subscriptions. Plans are rows (an operator changes prices, Stripe price ids and limits with
// `npm run plans`); the app seeds the default set at start without touching rows that exist. An account without a
// subscription row is on Free. Stripe events are kept by id so a redelivered event changes nothing, and each
// subscription remembers the time of the last event applied so an older one arriving late cannot undo a newer
// state. Usage counts verifications per account and calendar month (UTC), raised in the transaction that stores
// the verification, so two requests racing for the last one cannot both get it.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('currency', 'text', (column) => column.notNull().defaultTo('usd'))
    // In the currency's minor unit; null: not sold online (contact us).
    .addColumn('price_monthly', 'integer')
    .addColumn('price_yearly', 'integer')
    .addColumn('stripe_price_monthly', 'text')
    .addColumn('stripe_price_yearly', 'text')
    // { verifications_per_month, bulk_rows, team_members, custom_domain, api_access } (null counts: unlimited).
    .addColumn('limits', 'jsonb', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('account_id', 'uuid', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'text', (column) => column.notNull().references('plans.id'))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('interval', 'text')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('cancel_at_period_end', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('stripe_customer_id', 'text', (column) => column.unique())
    .addColumn('stripe_subscription_id', 'text', (column) => column.unique())
    // `created` of the last Stripe event applied: an older event arriving later is recorded but not applied.
    .addColumn('stripe_event_created_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'subscriptions_status',
      sql`status in ('free', 'active', 'past_due', 'canceled')`,
    )
    .addCheckConstraint(
      'subscriptions_interval',
      sql`interval is null or interval in ('month', 'year')`,
    )
    .execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('usage_counters')
    .addColumn('account_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // The first day of the month counted (UTC).
    .addColumn('month', 'date', (column) => column.notNull())
    .addColumn('verifications', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_counters_pkey', ['account_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_counters').execute();
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('plans').execute();
}
