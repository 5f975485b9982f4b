// `npm run dev`: the API server plus webpack-dev-server (hot reload) proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { SERVER_NODE_ARGS, serverEnvironment } from './server-process';

const root = path.resolve(__dirname, '..');

const children = [
  spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: serverEnvironment(process.env),
    stdio: 'inherit',
  }),
  spawn(
    process.execPath,
    ['--import', 'tsx', 'node_modules/webpack-cli/bin/cli.js', 'serve', '--mode', 'development'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
