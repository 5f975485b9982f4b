import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { workerBundle } from '../../src/lib/worker-bundle';

const SECURING_WORKER = path.join(__dirname, '../../src/documents/securing-worker.ts');

test('the securing worker runs in plain Node, from the temp folder, without tsx', async () => {
  const file = await workerBundle(SECURING_WORKER);
  const folder = path.dirname(file);
  expect(folder).toBe(path.join(tmpdir(), `qr-verify-workers-${process.getuid!()}`));
  // Only this user may put code there.
  expect((await stat(folder)).mode & 0o077).toBe(0);
  // A fresh node with no loader: the file must be JavaScript whose packages resolve from where it lies.
  const { stdout } = await promisify(execFile)(process.execPath, [
    '-e',
    `process.stdout.write(typeof require(${JSON.stringify(file)}).default)`,
  ]);
  expect(stdout).toBe('function');
});

test('the same code makes the same file, whoever builds it', async () => {
  const [first, second] = await Promise.all([
    workerBundle(SECURING_WORKER),
    workerBundle(SECURING_WORKER),
  ]);
  expect(second).toBe(first);
  const code = await readFile(first, 'utf8');
  // Packages are left to Node, named by absolute path; our own code is in the file.
  expect(code).toMatch(/require\("\/[^"]*node_modules\/pdf-lib\//);
  expect(code).toContain('runSecuringTask');
});
