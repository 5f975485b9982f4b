// Where uploaded and secured documents are kept: the disk under DATA_DIR/files (app.storage).
import path from 'node:path';

import fp from 'fastify-plugin';

import { openDiskStorage } from '../storage/disk-storage';

import type { Storage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export default fp(
  async (app) => {
    app.decorate('storage', await openDiskStorage(path.join(app.config.DATA_DIR, 'files')));
  },
  { name: 'storage', dependencies: ['config'] },
);
