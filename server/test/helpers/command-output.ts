// What a CLI command prints, captured as the terminal would show it.

import type { CommandOutput } from '../../src/cli/cli-support';

export interface CommandRun {
  code: number;
  /** Lines written to stdout, joined by newlines. */
  out: string;
  /** Lines written to stderr, joined by newlines. */
  err: string;
}

/** Runs a command with its output captured: its exit code and what it wrote to stdout and stderr. */
export async function captureCommand(
  command: (output: CommandOutput) => Promise<number>,
): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({ out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
