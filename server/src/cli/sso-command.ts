// The `npm run sso` commands: add, list and remove single sign-on connections.
import { parseArgs } from 'node:util';

import { addSsoConnection, SsoConnectionError } from '../services/sso/add-sso-connection';
import { listSsoConnections } from '../services/sso/list-sso-connections';
import { removeSsoConnection } from '../services/sso/remove-sso-connection';

import { runSubcommand, table, withServerDatabase, type CommandOutput } from './cli-support';

import type { Environment } from '../config';
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';

export const SSO_USAGE = `Usage:
  npm run sso -- add --name <name> --issuer <issuer URL> --client-id <id> --client-secret <secret> --domains <a.com,b.org>
  npm run sso -- list
  npm run sso -- remove <id or name>

The provider must allow the redirect URI <PUBLIC_URL>/sso and the scopes openid, email and profile.`;

async function add(db: Kysely<Database>, args: string[], output: CommandOutput): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      issuer: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      domains: { type: 'string' },
    },
  });
  const missing = ['name', 'issuer', 'client-id', 'client-secret', 'domains'].filter(
    (option) => values[option as keyof typeof values] === undefined,
  );
  if (missing.length > 0) {
    output.err(`Missing ${missing.map((option) => `--${option}`).join(', ')}.\n\n${SSO_USAGE}`);
    return 1;
  }
  const connection = await addSsoConnection(db, {
    name: values.name!,
    issuerUrl: values.issuer!,
    clientId: values['client-id']!,
    clientSecret: values['client-secret']!,
    emailDomains: values.domains!.split(','),
  });
  output.out(
    `Added SSO connection ${connection.id} (${connection.name}) for ${connection.email_domains.join(', ')}.`,
  );
  return 0;
}

async function list(db: Kysely<Database>, output: CommandOutput): Promise<number> {
  const connections = await listSsoConnections(db);
  if (connections.length === 0) {
    output.out('No SSO connections yet. Add one with: npm run sso -- add …');
    return 0;
  }
  const rows = connections.map((connection) => [
    String(connection.id),
    connection.name,
    connection.issuer_url,
    connection.client_id,
    connection.email_domains.join(','),
  ]);
  for (const line of table([['ID', 'NAME', 'ISSUER', 'CLIENT ID', 'DOMAINS'], ...rows])) {
    output.out(line);
  }
  return 0;
}

async function remove(
  db: Kysely<Database>,
  args: string[],
  output: CommandOutput,
): Promise<number> {
  const idOrName = args.join(' ').trim();
  if (idOrName === '') {
    output.err(`Say which connection to remove.\n\n${SSO_USAGE}`);
    return 1;
  }
  const removed = await removeSsoConnection(db, idOrName);
  if (removed === undefined) {
    output.err(`No SSO connection has the id or name "${idOrName}".`);
    return 1;
  }
  output.out(`Removed SSO connection ${removed}.`);
  return 0;
}

/** Runs one command; answers the process exit code. */
export function runSsoCommand(
  db: Kysely<Database>,
  argv: string[],
  output: CommandOutput,
): Promise<number> {
  return runSubcommand(argv, output, {
    usage: SSO_USAGE,
    commands: {
      add: (args) => add(db, args, output),
      list: () => list(db, output),
      remove: (args) => remove(db, args, output),
    },
    // Bad input (a taken domain, an unknown option) is the user's to fix: print it, no stack trace.
    isUsageError: (error) => error instanceof SsoConnectionError,
  });
}

/**
 * The whole command as `npm run sso` runs it (sso.ts only adds the process around it): reads the settings from
 * `env`, opens and migrates the server's database, runs `argv`; resolves with the exit code.
 */
export function runSsoCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  return withServerDatabase(env, output, (db) => runSsoCommand(db, argv, output), 'npm run sso');
}
