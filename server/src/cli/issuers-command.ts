// The `npm run issuers` commands: the operator's word on who an account is. `verify` states a name the operator
// checked out of band (a letter on the organisation's paper, a call to a number it publishes); pages, the trust
// list and `npm run verify` then say "Sealed by" that name. `unverify` takes it back; `list` shows who has one.
import { parseArgs } from 'node:util';

import { setVerifiedIssuerName } from '../services/account/set-verified-issuer-name';
import { createPublicPageNotifications } from '../services/public-pages/public-page-notifications';

import {
  CommandLineError,
  runSubcommand,
  table,
  withServerDatabase,
  type CommandOutput,
} from './cli-support';

import type { Environment } from '../config';
import type { Database } from '../db/schema';
import type { PublicPageChange } from '../services/public-pages/public-page-cache';
import type { Kysely } from 'kysely';

export const ISSUERS_USAGE = `Usage:
  npm run issuers -- list
  npm run issuers -- verify <account email> --name <name>
  npm run issuers -- unverify <account email>

A seal proves which key signed; the name an account gives itself proves nothing. An issuer is named as proven by
its verified custom domain, or by a name the operator of this service checked by hand: verify states that name
(checked out of band, say a letter on the organisation's paper or a call to a number it publishes) and writes an
entry in the account's log. Names built to pass for another (mixed alphabets, or reading like another account's
verified name) are refused.`;

const NAME_MAX_LENGTH = 150;

function parseVerify(args: string[]): { email: string; name: string } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { name: { type: 'string' } },
  });
  const [email, ...rest] = positionals;
  if (!email || rest.length > 0) {
    throw new CommandLineError('Say whose name to verify: verify <account email> --name <name>.');
  }
  const name = values.name?.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (!name) throw new CommandLineError('Say the name you checked: --name "<name>".');
  if (name.length > NAME_MAX_LENGTH) {
    throw new CommandLineError(`--name takes at most ${NAME_MAX_LENGTH} characters.`);
  }
  return { email, name };
}

function parseEmail(args: string[], what: string): string {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1)
    throw new CommandLineError(`Say whose name to ${what}: ${what} <account email>.`);
  return positionals[0]!;
}

async function listVerified(db: Kysely<Database>, output: CommandOutput): Promise<void> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'verified_issuer_name', 'issuer_verified_at'])
    .where('verified_issuer_name', 'is not', null)
    .orderBy('issuer_verified_at')
    .execute();
  if (rows.length === 0) {
    output.out('No account has a name verified by the operator.');
    return;
  }
  const lines = rows.map((row) => [
    row.email,
    row.verified_issuer_name ?? '',
    row.issuer_verified_at?.toISOString().slice(0, 16).replace('T', ' ') ?? '',
  ]);
  for (const line of table([['EMAIL', 'VERIFIED NAME', 'SINCE (UTC)'], ...lines])) output.out(line);
}

type Tell = (db: Kysely<Database>, change: PublicPageChange) => Promise<void>;

async function runSet(
  db: Kysely<Database>,
  email: string,
  name: string | null,
  tell: Tell,
  output: CommandOutput,
): Promise<void> {
  const result = await setVerifiedIssuerName(db, email, name, tell);
  switch (result.outcome) {
    case 'no_account':
      throw new CommandLineError(`No account has the email ${email}.`);
    case 'shared_user':
      throw new CommandLineError(
        `${email} is a shared user of ${result.ownerEmail}'s account: verify ${result.ownerEmail}.`,
      );
    case 'mixed_scripts':
      throw new CommandLineError(
        `"${name}" mixes letters of different alphabets (${result.scripts.join(', ')}), as look-alike names do: type it in one alphabet.`,
      );
    case 'taken':
      throw new CommandLineError(
        `${result.byEmail} already has "${name}" (or a name that reads the same) verified: unverify it first if it is not theirs.`,
      );
    case 'done': {
      const { email: stored } = result;
      if (name === null) {
        output.out(
          result.previousName
            ? `${stored} is no longer verified as "${result.previousName}".`
            : `${stored} had no verified name.`,
        );
      } else {
        const was = result.previousName ? ` (was "${result.previousName}")` : '';
        output.out(`${stored} is verified as "${name}"${was}; its pages and seals say so now.`);
      }
    }
  }
}

/** Runs one command; answers the process exit code. `tell` reaches the running servers' public-page caches. */
export function runIssuersCommand(
  db: Kysely<Database>,
  argv: string[],
  output: CommandOutput,
  tell: Tell = async () => undefined,
): Promise<number> {
  return runSubcommand(argv, output, {
    usage: ISSUERS_USAGE,
    commands: {
      list: async () => {
        await listVerified(db, output);
        return 0;
      },
      verify: async (args) => {
        const { email, name } = parseVerify(args);
        await runSet(db, email, name, tell, output);
        return 0;
      },
      unverify: async (args) => {
        await runSet(db, parseEmail(args, 'unverify'), null, tell, output);
        return 0;
      },
    },
  });
}

/** The whole command as `npm run issuers` runs it: the server's settings and database, its instances told. */
export function runIssuersCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  return withServerDatabase(
    env,
    output,
    async (db, config) => {
      // Servers on the same Postgres hear the change as they hear each other's; on PGlite none is running.
      const notifications = createPublicPageNotifications({
        databaseUrl: config.DATABASE_URL ?? null,
        log: { info: () => undefined, error: (_details, message) => output.err(message) },
      });
      try {
        return await runIssuersCommand(db, argv, output, (trx, change) =>
          notifications.publish(trx, [change]),
        );
      } finally {
        await notifications.close();
      }
    },
    'npm run issuers',
  );
}
