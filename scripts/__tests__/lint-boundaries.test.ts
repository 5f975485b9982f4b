// The import boundaries are enforced by `npm run lint`: each deliberate violation below must be reported, and the
// same imports from where they are allowed must not be.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

interface Sample {
  /** Where the file would live (it is linted from memory; nothing is written). */
  filePath: string;
  code: string;
}

// ESLint's flat config is an ES module, which jest's CommonJS sandbox cannot import: lint in a child process.
const LINT_SAMPLES = `
const { ESLint } = require('eslint');
const samples = JSON.parse(process.argv[1]);
const rule = process.argv[2];
(async () => {
  const eslint = new ESLint({ cwd: ${JSON.stringify(root)} });
  const found = [];
  for (const { filePath, code } of samples) {
    const [result] = await eslint.lintText(code, { filePath });
    found.push(result.messages.filter((m) => m.ruleId === rule).map((m) => m.message));
  }
  console.log(JSON.stringify(found));
})();
`;

/** Each sample's messages from `rule`. */
function lintErrors(samples: Sample[], rule = 'import-x/no-restricted-paths'): string[][] {
  const args = ['-e', LINT_SAMPLES, JSON.stringify(samples), rule];
  const output = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return JSON.parse(output);
}

/** A file at `filePath` that imports `name` from `from` and uses it. */
function importing(filePath: string, name: string, from: string): Sample {
  return { filePath, code: `import { ${name} } from '${from}';\nconsole.log(${name});\n` };
}

const TEMPLATES_API = '@/features/templates/api/templates-api';
// A path from server/src/<layer>/ to a service module.
const SERVER_ISSUING = '../services/verifications/issue-verification';

test('imports across the boundaries fail lint, the allowed ones pass', () => {
  const samples: Sample[] = [
    importing('src/features/verifications/boundary-sample.ts', 'templatesApi', TEMPLATES_API),
    importing('src/lib/boundary-sample.ts', 'store', '@/app/store'),
    importing('src/components/boundary-sample.ts', 'templatesApi', TEMPLATES_API),
    importing('common/boundary-sample.ts', 'loadConfig', '../server/src/config'),
    importing('common/boundary-sample-2.ts', 'env', '../src/config/env'),
    // The server's layers.
    importing('server/src/db/boundary-sample.ts', 'issueVerification', SERVER_ISSUING),
    importing('server/src/documents/boundary-sample.ts', 'issueVerification', SERVER_ISSUING),
    importing('server/src/storage/boundary-sample.ts', 'queuePlugin', '../plugins/queue'),
    importing('server/src/services/boundary-sample.ts', 'queuePlugin', '../plugins/queue'),
    importing('server/src/services/boundary-sample-2.ts', 'metricsRoutes', '../routes/metrics'),
    // Allowed: a feature's own modules, app composing features, features using lib and common.
    importing('src/features/templates/boundary-sample.ts', 'templatesApi', TEMPLATES_API),
    importing('src/app/boundary-sample.ts', 'templatesApi', TEMPLATES_API),
    importing('src/features/verifications/boundary-sample-2.ts', 'baseApi', '@/lib/api/base-api'),
    importing(
      'src/features/verifications/boundary-sample-3.ts',
      'TEMPLATE_LIMITS',
      '@common/templates',
    ),
    // Allowed on the server: services over the layers below them, routes and plugins over services.
    importing('server/src/services/boundary-sample-3.ts', 'appBossDb', '../queue/boss-db'),
    importing('server/src/routes/boundary-sample.ts', 'issueVerification', SERVER_ISSUING),
    importing('server/src/plugins/boundary-sample.ts', 'issueVerification', SERVER_ISSUING),
  ];

  const errors = lintErrors(samples);

  expect(errors.slice(0, 10).map((messages) => messages.length)).toEqual([
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
  ]);
  expect(errors[0][0]).toMatch(/Features do not import each other/);
  expect(errors[1][0]).toMatch(/lib\/ is below app\//);
  expect(errors[2][0]).toMatch(/Shared components know no feature/);
  expect(errors[3][0]).toMatch(/no server code/);
  expect(errors[4][0]).toMatch(/no SPA code/);
  expect(errors[5][0]).toMatch(/server\/src\/db is below the services/);
  expect(errors[6][0]).toMatch(/server\/src\/documents is below/);
  expect(errors[7][0]).toMatch(/server\/src\/storage is below/);
  expect(errors[8][0]).toMatch(/Services never import plugins or routes/);
  expect(errors[9][0]).toMatch(/Services never import plugins or routes/);
  expect(errors.slice(10)).toEqual([[], [], [], [], [], [], []]);
});

test('screens and lib use the typed redux hooks, never the plain ones', () => {
  const plainHook = (filePath: string): Sample => ({
    filePath,
    code: `import { useSelector } from 'react-redux';\nexport const useAnything = useSelector;\n`,
  });
  const errors = lintErrors(
    [
      plainHook('src/features/account/components/hook-sample.tsx'),
      plainHook('src/lib/hook-sample.ts'),
      plainHook('src/app/hooks.ts'),
      plainHook('src/lib/session/use-session-selector.ts'),
    ],
    'no-restricted-imports',
  );
  expect(errors.map((messages) => messages.length)).toEqual([1, 1, 0, 0]);
  expect(errors[0][0]).toMatch(/Use the typed hooks/);
});
