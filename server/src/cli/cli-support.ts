// What the commands (`npm run sso`, `npm run plans`, `npm run verify`, `npm run backup`) share: running from the terminal, where they print, how they lay out a table,
// which errors are the user's to fix, and opening the server's own database around a command.
import { ConfigError, loadConfig, type Config, type Environment } from '../config';
import { holdDataDir } from '../db/hold-data-dir';
import { migrateToLatest } from '../db/migrate';
import { databaseTargetFromConfig, openDatabase } from '../db/open-database';
import { DataDirInUse, type DataDirLock } from '../lib/data-dir-lock';

import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Rows as lines with their columns aligned. */
export function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
}

/** node:util parseArgs refusing an option: bad input, printed without a stack trace. */
export function isParseArgsError(error: unknown): boolean {
  return (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
}

/** A mistake in the command line: printed without a stack trace, exit 1. */
export class CommandLineError extends Error {}

/**
 * Runs the subcommand `argv` names with the rest of it: usage for none (exit 1) or help (exit 0), a refusal for an
 * unknown one. A CommandLineError, a parseArgs refusal or what `isUsageError` adds is the user's to fix: printed
 * without a stack trace, exit 1.
 */
export async function runSubcommand(
  argv: string[],
  output: CommandOutput,
  {
    usage,
    commands,
    isUsageError = () => false,
  }: {
    usage: string;
    commands: Record<string, (args: string[]) => Promise<number>>;
    isUsageError?: (error: unknown) => boolean;
  },
): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || ['help', '--help', '-h'].includes(command)) {
    output.out(usage);
    return command === undefined ? 1 : 0;
  }
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) {
    output.err(`Unknown command "${command}".\n\n${usage}`);
    return 1;
  }
  try {
    return await run(args);
  } catch (error) {
    const isMistake =
      error instanceof CommandLineError || isParseArgsError(error) || isUsageError(error);
    if (!isMistake) throw error;
    output.err((error as Error).message);
    return 1;
  }
}

/** The settings in `env`, or null once their problems are printed (as the server prints them). */
export function loadCommandConfig(env: Environment, output: CommandOutput): Config | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(error.message);
    return null;
  }
}

/**
 * Holds DATA_DIR for `command` (embedded database) until `work` settles; resolves with 1 once the refusal is
 * printed when a running server or another command has it.
 */
export async function withDataDirHeld(
  config: Config,
  command: string,
  output: CommandOutput,
  work: () => Promise<number>,
): Promise<number> {
  let lock: DataDirLock | null;
  try {
    lock = holdDataDir(config, command, output.err);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    output.err(error.message);
    return 1;
  }
  try {
    return await work();
  } finally {
    lock?.release();
  }
}

/**
 * Reads the settings from `env`, holds DATA_DIR, opens and migrates the server's database, runs `command` on it
 * and closes it; resolves with the exit code (1 for invalid settings, or a data folder in use).
 */
export async function withServerDatabase(
  env: Environment,
  output: CommandOutput,
  command: (db: Kysely<Database>, config: Config) => Promise<number>,
  commandName = 'a command',
): Promise<number> {
  const config = loadCommandConfig(env, output);
  if (!config) return 1;
  return withDataDirHeld(config, commandName, output, async () => {
    const { db } = await openDatabase(databaseTargetFromConfig(config), {
      error: (_details, message) => output.err(message),
    });
    try {
      await migrateToLatest(db);
      return await command(db, config);
    } finally {
      await db.destroy();
    }
  });
}

/**
 * Runs a command from the terminal: its arguments and environment, stdout and stderr, its answer as the exit code.
 * A crash prints its stack and exits with `crashCode`.
 */
export function runFromTerminal(
  run: (args: string[], env: Environment, output: CommandOutput) => Promise<number>,
  crashCode = 1,
): void {
  // What a command writes (backups, a restored database) is as private as what the server writes.
  process.umask(0o077);
  run(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => process.exit(code),
    (error: Error) => {
      process.stderr.write(`${error.stack}\n`);
      process.exit(crashCode);
    },
  );
}
