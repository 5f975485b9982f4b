// `npm start`: build the SPA if it is missing or stale, then run the server in its own process.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { ensureSpaBuilt } from './spa-build';

const root = path.resolve(__dirname, '..');

async function main() {
  await ensureSpaBuilt();
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server/src/server.ts')],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  // The server shuts down gracefully on these; forward them rather than dying first.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
