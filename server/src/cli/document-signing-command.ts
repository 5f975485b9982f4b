// The `npm run document-signing` commands: the operator's hand on who signs the PDFs (docs/signing.md). `list`
// shows the install's CA, the accounts signing with their own certificate and the operator's last actions;
// `revoke-certificate` stops an account's uploaded certificate for good; `rotate-ca` retires the install's CA.
import { parseArgs } from 'node:util';

import {
  retireDocumentCa,
  revokeIssuerCertificate,
} from '../services/document-signing/operator-signing-actions';

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

export const DOCUMENT_SIGNING_USAGE = `Usage:
  npm run document-signing -- list
  npm run document-signing -- revoke-certificate <account email> --reason <why>
  npm run document-signing -- rotate-ca --reason <why>

revoke-certificate stops the certificate an account uploaded from signing (its key leaked, its CA withdrew it):
the install's CA signs the account's next PDFs, and the account's log says the operator revoked it.
rotate-ca retires the install's CA: the next PDF is signed under a new one (made by the server, or the file
DOCUMENT_CA_P12 names), and each account is issued a certificate from it then. PDFs signed before keep their
signatures; publish the new /.well-known/qrverify-ca.pem to whoever trusted the old one.
Each is written to the operator's log with its reason.`;

const REASON_MAX_LENGTH = 500;
const LOG_LINES = 20;

function parseReason(args: string[], usage: string): { positionals: string[]; reason: string } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { reason: { type: 'string' } },
  });
  const reason = values.reason?.replace(/\s+/g, ' ').trim();
  if (!reason) throw new CommandLineError(`Say why, for the log: ${usage}.`);
  if (reason.length > REASON_MAX_LENGTH) {
    throw new CommandLineError(`--reason takes at most ${REASON_MAX_LENGTH} characters.`);
  }
  return { positionals, reason };
}

const minute = (date: Date | null) => date?.toISOString().slice(0, 16).replace('T', ' ') ?? '';

async function list(db: Kysely<Database>, output: CommandOutput): Promise<void> {
  const ca = await db
    .selectFrom('document_signing_cas')
    .select(['certificate_sha256', 'origin', 'created_at'])
    .where('status', '=', 'active')
    .executeTakeFirst();
  output.out(
    ca
      ? `Install CA: ${ca.certificate_sha256} (${ca.origin}, since ${minute(ca.created_at)} UTC)`
      : 'Install CA: none yet (the server makes one at the next signature).',
  );
  const uploaded = await db
    .selectFrom('issuer_signing_certificates as c')
    .innerJoin('users as u', 'u.id', 'c.account_id')
    .select(['u.email', 'c.common_name', 'c.not_after', 'c.certificate_sha256'])
    .where('c.status', '=', 'active')
    .orderBy('u.email')
    .execute();
  output.out('');
  if (uploaded.length === 0) output.out('No account signs with a certificate of its own.');
  else {
    const rows = uploaded.map((row) => [
      row.email,
      row.common_name,
      minute(row.not_after),
      row.certificate_sha256.slice(0, 16),
    ]);
    const header = ['EMAIL', 'CERTIFICATE', 'ENDS (UTC)', 'SHA-256'];
    for (const line of table([header, ...rows])) output.out(line);
  }
  const actions = await db
    .selectFrom('operator_audit_log')
    .select(['occurred_at', 'action', 'object_name', 'reason'])
    .orderBy('occurred_at', 'desc')
    .limit(LOG_LINES)
    .execute();
  if (actions.length === 0) return;
  output.out('');
  const rows = actions.map((row) => [
    minute(row.occurred_at),
    row.action,
    row.object_name,
    row.reason,
  ]);
  for (const line of table([['WHEN (UTC)', 'ACTION', 'OF', 'REASON'], ...rows])) output.out(line);
}

async function revokeCertificate(
  db: Kysely<Database>,
  args: string[],
  output: CommandOutput,
): Promise<void> {
  const usage = 'revoke-certificate <account email> --reason <why>';
  const { positionals, reason } = parseReason(args, usage);
  if (positionals.length !== 1) throw new CommandLineError(`Say whose certificate: ${usage}.`);
  const email = positionals[0]!;
  const result = await revokeIssuerCertificate(db, email, reason);
  switch (result.outcome) {
    case 'no_account':
      throw new CommandLineError(`No account has the email ${email}.`);
    case 'shared_user':
      throw new CommandLineError(
        `${email} is a shared user of ${result.ownerEmail}'s account: the certificate is the owner's.`,
      );
    case 'no_certificate':
      throw new CommandLineError(`${email} signs with no certificate of its own.`);
    case 'done':
      output.out(
        `Revoked "${result.commonName}" (SHA-256 ${result.sha256}): the install's CA signs ${email}'s next PDFs.`,
      );
  }
}

async function rotateCa(
  db: Kysely<Database>,
  args: string[],
  output: CommandOutput,
  caFile: string | undefined,
) {
  const usage = 'rotate-ca --reason <why>';
  const { positionals, reason } = parseReason(args, usage);
  if (positionals.length > 0) throw new CommandLineError(`rotate-ca takes no names: ${usage}.`);
  if (caFile) {
    throw new CommandLineError(
      `The install CA is the one in DOCUMENT_CA_P12 (${caFile}): to rotate it, point DOCUMENT_CA_P12 at the new CA's file and restart the server.`,
    );
  }
  const result = await retireDocumentCa(db, reason);
  if (result.outcome === 'no_ca') {
    throw new CommandLineError(
      'There is no install CA yet: the server makes one when it first signs.',
    );
  }
  output.out(
    `Retired the install CA ${result.sha256}: the next PDF is signed under a new one. Publish the new ` +
      '/.well-known/qrverify-ca.pem to whoever trusted this one.',
  );
}

/** Runs one command; answers the process exit code. */
export function runDocumentSigningCommand(
  db: Kysely<Database>,
  argv: string[],
  output: CommandOutput,
  config: Pick<Config, 'DOCUMENT_CA_P12'> = {},
): Promise<number> {
  const done = (work: Promise<void>) => work.then(() => 0);
  return runSubcommand(argv, output, {
    usage: DOCUMENT_SIGNING_USAGE,
    commands: {
      list: () => done(list(db, output)),
      'revoke-certificate': (args) => done(revokeCertificate(db, args, output)),
      'rotate-ca': (args) => done(rotateCa(db, args, output, config.DOCUMENT_CA_P12)),
    },
  });
}

/** The whole command as `npm run document-signing` runs it, on the server's settings and database. */
export function runDocumentSigningCli(
  argv: string[],
  env: Environment,
  output: CommandOutput,
): Promise<number> {
  return withServerDatabase(
    env,
    output,
    (db, config) => runDocumentSigningCommand(db, argv, output, config),
    'npm run document-signing',
  );
}
