// The bench's floor: a bare Fastify hello-world, run in its own process as the app is. Prints its port.
// With BENCH_FLOOR_ANSWER (a recorded answer: status, headers, body as base64), /answer sends those very bytes and
// headers too, so the page can be compared with a server that only sends what it sends.
import { readFileSync } from 'node:fs';

import Fastify from 'fastify';

import type { RecordedAnswer } from './floor';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const answerFile = process.env.BENCH_FLOOR_ANSWER;
if (answerFile) {
  const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as RecordedAnswer;
  const body = Buffer.from(answer.bodyBase64, 'base64');
  app.get('/answer', async (_request, reply) =>
    reply.code(answer.status).headers(answer.headers).send(body),
  );
}
app.listen({ host: '127.0.0.1', port: 0 }).then(() => {
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
