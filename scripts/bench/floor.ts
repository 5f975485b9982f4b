// Starts and stops the bare Fastify hello-world (hello-world-server.ts) in a child process, and records an answer
// of the app's for it to send as it is.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { BROWSER_HEADERS } from './load';

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

export interface Floor {
  url: string;
  /** Sends the recorded answer; undefined without one. */
  answerUrl?: string;
  stop(): Promise<void>;
}

// Node writes these itself, per answer.
const PER_ANSWER_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** An answer as a browser gets it (its coding too, not decoded), to be saved at `file`. */
export async function recordAnswer(url: string, file: string): Promise<RecordedAnswer> {
  const answer = await new Promise<RecordedAnswer>((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers)
                .filter(([name]) => !PER_ANSWER_HEADERS.has(name))
                .map(([name, value]) => [name, String(value)]),
            ),
            bodyBase64: Buffer.concat(chunks).toString('base64'),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
  await writeFile(file, JSON.stringify(answer));
  return answer;
}

export async function startFloor(answerFile?: string): Promise<Floor> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'hello-world-server.ts')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_FLOOR_ANSWER: answerFile ?? '' },
    },
  );
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The hello-world server exited (${code}) before listening`);
  });
  const listening = once(createInterface({ input: child.stdout }), 'line');
  const [port] = (await Promise.race([listening, exited])) as [string];
  return {
    url: `http://127.0.0.1:${port}/`,
    answerUrl: answerFile ? `http://127.0.0.1:${port}/answer` : undefined,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
