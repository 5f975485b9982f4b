// How the server's own process is started: by `npm start`, `npm run dev`, and the harness the browser specs and
// the bench run the app with. The Dockerfile's CMD and ENV say the same. Both settings below keep an idle
// server's memory down (issue 34's goal: 250 MiB; docs/deployment.md, "Memory"); the page bench showed no cost.
import path from 'node:path';

const root = path.resolve(__dirname, '..');

// V8's young generation grows to twice this while the server starts and stays that size: 16 MiB (the default)
// left ~40 MiB of the heap empty at idle; 8 gives back ~15 MiB.
const SEMI_SPACE_MIB = 8;

/** Node's arguments for the server: the TypeScript entry point, loaded through tsx. */
export const SERVER_NODE_ARGS = [
  `--max-semi-space-size=${SEMI_SPACE_MIB}`,
  '--import',
  'tsx',
  path.join(root, 'server/src/server.ts'),
];

// glibc's malloc serves a block above its mmap threshold with a mapping of its own, given back when freed, and
// raises the threshold (up to 32 MiB) each time such a block is freed. Compiling PGlite's WebAssembly frees many
// large blocks at boot, so later ones came from the heap and arenas instead and stayed resident once freed: an
// idle server held ~90 MiB of freed memory. Fixed at 32 KiB, the threshold stays put. Other C libraries (musl)
// ignore the variable.
const MALLOC_SETTINGS = { MALLOC_MMAP_THRESHOLD_: '32768' };

/** The server's environment: `env`, with the malloc setting above unless `env` sets it already. */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...MALLOC_SETTINGS, ...env };
}
