// Starts and stops the bare Fastify hello-world (hello-world-server.ts) in a child process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface Floor {
  url: string;
  stop(): Promise<void>;
}

export async function startFloor(): Promise<Floor> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'hello-world-server.ts')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The hello-world server exited (${code}) before listening`);
  });
  const listening = once(createInterface({ input: child.stdout }), 'line');
  const [port] = (await Promise.race([listening, exited])) as [string];
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
