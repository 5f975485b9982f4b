// The `npm run plans` commands: list the plans, set a plan's prices, Stripe price ids and limits, and put one
// account on a plan.
import { parseArgs } from 'node:util';

import {
  PLAN_IDS,
  PLAN_LIMIT_KEYS,
  type PlanId,
  type PlanLimitKey,
  type PlanLimits,
} from '@common/subscription-schemas';

import { assignPlan } from '../services/subscription/assign-plan';
import { seedDefaultPlans, selectPlans, type PlanRow } from '../services/subscription/plan-rows';
import { updatePlan, type PlanChanges } from '../services/subscription/update-plan';

import {
  CommandLineError,
  runSubcommand,
  table,
  withServerDatabase,
  type CommandOutput,
} from './cli-support';

import type { Config, Environment } from '../config';
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';

export const PLANS_USAGE = `Usage:
  npm run plans -- list
  npm run plans -- set <plan id> [--name <name>] [--description <text>]
      [--price-monthly <cents|none>] [--price-yearly <cents|none>] [--currency <usd>]
      [--stripe-price-monthly <price_…|none>] [--stripe-price-yearly <price_…|none>]
      [--limit <key>=<value>]…
  npm run plans -- assign <account email> <plan id>

Plan ids: ${PLAN_IDS.join(', ')}. Prices are in the currency's minor unit (1900 = 19.00); none: not sold online.
Limits: verifications_per_month, bulk_rows and team_members take a number or unlimited; custom_domain and
api_access take true or false. Example: npm run plans -- set starter --limit verifications_per_month=300
New accounts start on DEFAULT_PLAN; assign puts one account on a plan without payment, until another is assigned
or its owner buys one.`;

const COUNT_LIMITS: PlanLimitKey[] = ['verifications_per_month', 'bulk_rows', 'team_members'];

function formatPrice(cents: number | null, currency: string): string {
  return cents === null ? 'none' : `${(cents / 100).toFixed(2)} ${currency}`;
}

function formatLimit(value: number | boolean | null): string {
  if (value === null) return 'unlimited';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

function planLines(plans: PlanRow[]): string[] {
  const header = ['ID', 'NAME', 'MONTHLY', 'YEARLY', 'STRIPE MONTHLY', 'STRIPE YEARLY'];
  const rows = plans.map((plan) => [
    plan.id,
    plan.name,
    formatPrice(plan.price_monthly, plan.currency),
    formatPrice(plan.price_yearly, plan.currency),
    plan.stripe_price_monthly ?? '-',
    plan.stripe_price_yearly ?? '-',
    ...PLAN_LIMIT_KEYS.map((key) => formatLimit(plan.limits[key])),
  ]);
  return table([[...header, ...PLAN_LIMIT_KEYS.map((key) => key.toUpperCase())], ...rows]);
}

function priceOption(option: string, value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  if (!/^\d+$/.test(value)) {
    throw new CommandLineError(`--${option} takes whole cents (1900 for 19.00) or none.`);
  }
  return Number(value);
}

function textOption(value: string | undefined, isNullable: boolean): string | null | undefined {
  if (value === undefined) return undefined;
  return isNullable && value === 'none' ? null : value.trim();
}

function limitValue(key: PlanLimitKey, value: string): number | boolean | null {
  if (COUNT_LIMITS.includes(key)) {
    if (value === 'unlimited') return null;
    if (/^\d+$/.test(value)) return Number(value);
    throw new CommandLineError(`${key} takes a whole number or unlimited, not "${value}".`);
  }
  if (value === 'true' || value === 'false') return value === 'true';
  throw new CommandLineError(`${key} takes true or false, not "${value}".`);
}

function parseLimits(pairs: string[]): Partial<PlanLimits> | undefined {
  if (pairs.length === 0) return undefined;
  const limits: Record<string, number | boolean | null> = {};
  for (const pair of pairs) {
    const [key, value] = pair.split('=', 2).map((part) => part.trim());
    const known = PLAN_LIMIT_KEYS.find((candidate) => candidate === key);
    if (!known || value === undefined) {
      throw new CommandLineError(
        `--limit takes <key>=<value> with a key among ${PLAN_LIMIT_KEYS.join(', ')}; got "${pair}".`,
      );
    }
    limits[known] = limitValue(known, value);
  }
  return limits as Partial<PlanLimits>;
}

function parseSet(args: string[]): { id: PlanId; changes: PlanChanges } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      description: { type: 'string' },
      currency: { type: 'string' },
      'price-monthly': { type: 'string' },
      'price-yearly': { type: 'string' },
      'stripe-price-monthly': { type: 'string' },
      'stripe-price-yearly': { type: 'string' },
      limit: { type: 'string', multiple: true },
    },
  });
  if (positionals.length > 1) {
    throw new CommandLineError(`Say which plan to set: one of ${PLAN_IDS.join(', ')}.`);
  }
  const id = parsePlanId(positionals[0], 'set');
  if (values.name?.trim() === '') throw new CommandLineError('--name cannot be empty.');
  if (values.currency !== undefined && !/^[a-z]{3}$/i.test(values.currency)) {
    throw new CommandLineError('--currency takes a three-letter ISO code such as usd or eur.');
  }
  const changes: PlanChanges = {
    name: textOption(values.name, false) ?? undefined,
    description: textOption(values.description, false) ?? undefined,
    currency: values.currency?.toLowerCase(),
    price_monthly: priceOption('price-monthly', values['price-monthly']),
    price_yearly: priceOption('price-yearly', values['price-yearly']),
    stripe_price_monthly: textOption(values['stripe-price-monthly'], true),
    stripe_price_yearly: textOption(values['stripe-price-yearly'], true),
    limits: parseLimits(values.limit ?? []),
  };
  const given = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (given.length === 0) throw new CommandLineError(`Nothing to set.\n\n${PLANS_USAGE}`);
  return { id, changes: Object.fromEntries(given) };
}

function parsePlanId(value: string | undefined, what: string): PlanId {
  const id = PLAN_IDS.find((candidate) => candidate === value);
  if (!id) throw new CommandLineError(`Say which plan to ${what}: one of ${PLAN_IDS.join(', ')}.`);
  return id;
}

async function planName(db: Kysely<Database>, id: PlanId): Promise<string> {
  const plan = await db.selectFrom('plans').select('name').where('id', '=', id).executeTakeFirst();
  return plan?.name ?? id;
}

async function runAssign(
  db: Kysely<Database>,
  args: string[],
  output: CommandOutput,
  defaultPlan: PlanId | undefined,
): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [email, plan, ...rest] = positionals;
  if (!email || rest.length > 0) {
    throw new CommandLineError(`Say whose plan to assign: assign <account email> <plan id>.`);
  }
  const planId = parsePlanId(plan, 'assign');
  const result = await assignPlan(db, email, planId);
  switch (result.outcome) {
    case 'no_account':
      throw new CommandLineError(`No account has the email ${email}.`);
    case 'shared_user':
      throw new CommandLineError(
        `${email} is a shared user of ${result.ownerEmail}'s account: assign the plan to ${result.ownerEmail}.`,
      );
    case 'paying':
      throw new CommandLineError(
        `${email} pays for the ${await planName(db, result.planId)} plan through Stripe: change or cancel the subscription in Stripe (the owner's Manage billing) first.`,
      );
    case 'assigned': {
      const previous = result.previousPlanId ?? defaultPlan;
      const was = previous ? ` (was ${await planName(db, previous)})` : '';
      output.out(`${email} is on the ${await planName(db, planId)} plan now${was}.`);
    }
  }
}

/** Runs one command; answers the process exit code. PLAN_LIMITS_OVERRIDE is named when it changes limits. */
export function runPlansCommand(
  db: Kysely<Database>,
  argv: string[],
  output: CommandOutput,
  config?: Pick<Config, 'PLAN_LIMITS_OVERRIDE' | 'DEFAULT_PLAN'>,
): Promise<number> {
  return runSubcommand(argv, output, {
    usage: PLANS_USAGE,
    commands: {
      list: async () => {
        for (const line of planLines(await selectPlans(db).execute())) output.out(line);
        if (config) {
          output.out(
            `New accounts start on ${await planName(db, config.DEFAULT_PLAN)} (DEFAULT_PLAN).`,
          );
        }
        if (config && Object.keys(config.PLAN_LIMITS_OVERRIDE).length > 0) {
          output.out(
            `PLAN_LIMITS_OVERRIDE is set: the server applies ${JSON.stringify(config.PLAN_LIMITS_OVERRIDE)} on top.`,
          );
        }
        return 0;
      },
      set: async (args) => {
        const { id, changes } = parseSet(args);
        const plan = await updatePlan(db, id, changes);
        if (!plan) throw new CommandLineError(`No plan "${id}" in the database.`);
        output.out(`Updated plan ${id}.`);
        for (const line of planLines([plan])) output.out(line);
        return 0;
      },
      assign: async (args) => {
        await runAssign(db, args, output, config?.DEFAULT_PLAN);
        return 0;
      },
    },
  });
}

/**
 * The whole command as `npm run plans` runs it (plans.ts only adds the process around it): reads the settings
 * from `env`, opens and migrates the server's database, adds the default plans that are missing, runs `argv`.
 */
export function runPlansCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  return withServerDatabase(
    env,
    output,
    async (db, config) => {
      await seedDefaultPlans(db);
      return runPlansCommand(db, argv, output, config);
    },
    'npm run plans',
  );
}
