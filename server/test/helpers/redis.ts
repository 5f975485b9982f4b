// The local Redis the scale-out tests share counters through (127.0.0.1:6379 unless TEST_REDIS_URL says
// otherwise). Tests keep to keys of their own (random emails, addresses) and flush nothing.
import { spawnSync } from 'node:child_process';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Synchronous, so that a file can choose describe or describe.skip as it loads: a PING from a child process.
const PING_SCRIPT = `
const url = new URL(process.argv[1]);
const socket = require('node:net').connect(Number(url.port || 6379), url.hostname);
socket.setTimeout(1000, () => process.exit(1));
socket.on('error', () => process.exit(1));
socket.on('connect', () => socket.write('PING\\r\\n'));
socket.on('data', (data) => process.exit(String(data).startsWith('+PONG') ? 0 : 1));
`;

function isRedisAnswering(): boolean {
  return (
    spawnSync(process.execPath, ['-e', PING_SCRIPT, TEST_REDIS_URL], { timeout: 5_000 }).status ===
    0
  );
}

/** describe when the test Redis answers; otherwise describe.skip, saying why. */
export function describeWithRedis(name: string, body: () => void): void {
  if (isRedisAnswering()) {
    describe(name, body);
    return;
  }
  console.warn(
    `Skipped "${name}": Redis does not answer at ${TEST_REDIS_URL} (start redis-server).`,
  );
  describe.skip(name, body);
}
