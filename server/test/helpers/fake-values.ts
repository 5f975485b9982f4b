// Values faked from JSON Schemas by json-schema-faker, in a process of its own (fake-from-schemas.mjs: the package
// is an ES module). Pass every schema of a test in one call: each call starts a process.
import path from 'node:path';

import { runNode } from './node-process';

const FAKER = path.join(__dirname, 'fake-from-schemas.mjs');

/**
 * `count` values for each named schema, the same for the same seed: the first with only the required fields,
 * the others with every field the schema names.
 */
export async function fakeValues(
  schemas: Record<string, Record<string, unknown>>,
  { seed, count }: { seed: number; count: number },
): Promise<Record<string, unknown[]>> {
  return JSON.parse(await runNode([FAKER], JSON.stringify({ seed, count, schemas })));
}
