// Values faked from JSON Schemas by json-schema-faker, in a child process (fake-from-schemas.mjs: the package is
// an ES module, which Jest's CommonJS loader cannot import). Pass every schema of a test in one call: each call
// starts a process.
import { spawn } from 'node:child_process';
import path from 'node:path';

const FAKER = path.join(__dirname, 'fake-from-schemas.mjs');

export type JsonSchema = Record<string, unknown>;

/**
 * `count` values for each named schema, the same for the same seed: the first with only the required fields,
 * the others with every field the schema names.
 */
export function fakeValues(
  schemas: Record<string, JsonSchema>,
  { seed, count }: { seed: number; count: number },
): Promise<Record<string, unknown[]>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FAKER]);
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output));
      else reject(new Error(`json-schema-faker failed: ${errors}`));
    });
    child.stdin.end(JSON.stringify({ seed, count, schemas }));
  });
}
