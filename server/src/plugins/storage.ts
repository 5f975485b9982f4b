// Where uploaded and secured documents are kept (app.storage): the bucket S3_BUCKET names, which several
// instances can share, or else the disk under DATA_DIR/files (docs/storage.md).
import path from 'node:path';

import fp from 'fastify-plugin';

import { openDiskStorage } from '../storage/disk-storage';

import type { Config } from '../config';
import type { Storage } from '../storage/storage';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

async function openConfiguredStorage(app: FastifyInstance, config: Config): Promise<Storage> {
  if (config.S3_BUCKET) {
    // Loaded only here: the AWS SDK is hundreds of modules a disk deployment (and each test's app) never needs.
    const { describeS3Bucket, openS3Storage } = await import('../storage/s3-storage');
    const settings = { ...config, S3_BUCKET: config.S3_BUCKET };
    const storage = await openS3Storage(settings);
    app.addHook('onClose', async () => storage.close());
    app.log.info({ storage: describeS3Bucket(settings) }, 'Storage ready');
    return storage;
  }
  const storage = await openDiskStorage(path.join(config.DATA_DIR, 'files'));
  app.log.info({ storage: storage.root }, 'Storage ready');
  return storage;
}

export default fp(
  async (app) => {
    app.decorate('storage', await openConfiguredStorage(app, app.config));
  },
  { name: 'storage', dependencies: ['config'] },
);
