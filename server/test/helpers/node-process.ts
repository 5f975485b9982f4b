// Runs Node on a script in a process of its own, for ES-module-only packages that Jest's CommonJS loader cannot
// import (an OpenAPI validator, a JSON Schema faker): the input goes to its stdin, its stdout comes back.
import { spawn } from 'node:child_process';

export function runNode(
  args: string[],
  input: string,
  { cwd }: { cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`node ${args.join(' ').slice(0, 80)} failed: ${errors}`));
    });
    child.stdin.end(input);
  });
}
