// An S3-compatible server on loopback (s3rver, in a process of its own: s3-server-process.mjs) for the tests of
// S3 storage: start one per test file, make a bucket per test.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { CreateBucketCommand } from '@aws-sdk/client-s3';

import { createS3Client, type S3Settings } from '../../src/storage/s3-storage';

import { createTempDir } from './test-app';

import type { Environment } from '../../src/config';

export interface TestS3Server {
  /** Makes a new empty bucket and answers its name. */
  createBucket(): Promise<string>;
  /** The app's settings for `bucket` on this server, as environment variables. */
  env(bucket: string): Environment;
  /** The settings for `bucket` on this server, for openS3Storage. */
  settings(bucket: string): S3Settings;
  stop(): Promise<void>;
}

function settingsFor(endpoint: string, bucket: string): S3Settings {
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    // s3rver's one account: it checks request signatures against this key.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  };
}

function spawnServer(directory: string): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const script = path.join(__dirname, 's3-server-process.mjs');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const { endpoint } = JSON.parse(line) as { endpoint: string };
      const stop = () =>
        new Promise<void>((done) => {
          child.removeAllListeners('exit');
          child.once('exit', () => done());
          child.stdin!.end();
        });
      resolve({ endpoint, stop });
    });
  });
}

/** Starts s3rver with its buckets in a temp folder; stop() ends it and removes the folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await createTempDir('qrv-s3rver-');
  const server = await spawnServer(directory);
  const client = createS3Client(settingsFor(server.endpoint, ''));
  return {
    async createBucket() {
      const bucket = `test-${randomUUID().slice(0, 8)}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env: (bucket) => ({ ...settingsFor(server.endpoint, bucket), S3_FORCE_PATH_STYLE: 'true' }),
    settings: (bucket) => settingsFor(server.endpoint, bucket),
    async stop() {
      client.destroy();
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
