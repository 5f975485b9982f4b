// Run as its own process by fake-values.ts: json-schema-faker ships only as ES modules, which Jest's CommonJS
// loader cannot import. Reads { seed, count, schemas: { name: JSON Schema } } on stdin and prints
// { name: [value, …] }: `count` values a schema, the same for the same seed.
import { generate } from 'json-schema-faker';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { seed, count, schemas } = JSON.parse(input);

/** A seed of each schema's own, so that schemas alike do not get the same values. */
function seedOf(name) {
  let hash = seed;
  for (const character of name) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

const values = {};
for (const [name, schema] of Object.entries(schemas)) {
  values[name] = [];
  for (let index = 0; index < count; index += 1) {
    // The first value has the required fields only, the others every field the schema names.
    values[name].push(
      await generate(schema, {
        seed: seedOf(name) + index,
        alwaysFakeOptionals: index > 0,
        optionalsProbability: index > 0 ? 1 : 0,
        maxDefaultItems: 2,
        validateSchemaVersion: false,
      }),
    );
  }
}
process.stdout.write(JSON.stringify(values));
