// Lint rules: typescript-eslint recommended, import ordering and cycle checks, React hooks rules, and the
// boundaries between the code's parts (import-x/no-restricted-paths).
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Features never import each other: what two features share moves down to components/ or lib/.
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other; move what they share to src/components or src/lib.',
}));

const layerZones = [
  {
    target: './src/components',
    from: './src/features',
    message: 'Shared components know no feature; pass what they need as props.',
  },
  { target: './common', from: './src', message: 'common/ is shared by both sides: no SPA code.' },
  {
    target: './common',
    from: './server',
    message: 'common/ is shared by both sides: no server code.',
  },
  { target: './src', from: './server', message: 'The SPA talks to the server over HTTP only.' },
  { target: './server', from: './src', message: 'The server never imports the SPA.' },
];

// The server's layers, bottom up: db, lib, storage, queue and documents know nothing of the app's features or
// its HTTP side; services know nothing of Fastify plugins or routes (they get what they need as arguments).
const serverFoundations = ['db', 'lib', 'storage', 'queue', 'documents'];
const serverLayerZones = [
  ...serverFoundations.map((layer) => ({
    target: `./server/src/${layer}`,
    from: ['./server/src/services', './server/src/plugins', './server/src/routes'],
    message: `server/src/${layer} is below the services, plugins and routes: move what it needs down, or pass it in.`,
  })),
  {
    target: './server/src/services',
    from: ['./server/src/plugins', './server/src/routes'],
    message:
      'Services never import plugins or routes: move the type or helper down to queue/, lib/ or db/.',
  },
];

const libZone = {
  target: './src/lib',
  from: './src/app',
  message: 'lib/ is below app/: it never imports the store or the layouts.',
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**', 'test-results/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-named-as-default-member': 'off',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index', 'type'],
          pathGroups: [
            { pattern: '@/**', group: 'internal' },
            { pattern: '@common/**', group: 'internal' },
          ],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones, ...layerZones, ...serverLayerZones, libZone] },
      ],
    },
  },
  {
    // Tests compose the real store to exercise lib/ code.
    files: ['src/**/__tests__/**', 'src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureZones, ...layerZones, ...serverLayerZones] },
      ],
    },
  },
  {
    // One typed hook per store shape: app/hooks.ts for screens, lib/session's for code below app/.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/hooks.ts', 'src/lib/session/use-session-selector.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-redux',
              importNames: ['useSelector', 'useDispatch', 'useStore'],
              message:
                'Use the typed hooks: useAppSelector, useAppDispatch, useAppStore from app/hooks (or useSessionSelector in lib/).',
            },
          ],
        },
      ],
    },
  },
  {
    // The entry chunk (app shell, lib, config) stays free of zod: a value from a *-schemas file pulls zod and every
    // schema into the script every page loads (issue 34). Constants live in the zod-free common/<topic>.ts files.
    files: [
      'src/main.tsx',
      'src/app/**/*.{ts,tsx}',
      'src/lib/**/*.{ts,tsx}',
      'src/config/**/*.{ts,tsx}',
    ],
    ignores: ['src/**/__tests__/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@common/*-schemas', 'zod'],
              allowTypeImports: true,
              message:
                'Only types from schemas here: take the constant from a zod-free common/<topic>.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
