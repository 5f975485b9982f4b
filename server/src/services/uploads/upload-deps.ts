// What the upload services work with, given once by the services plugin.
import type { Config } from '../../config';
import type { Securing } from '../../documents/securing-pool';
import type { Storage } from '../../storage/storage';

export interface UploadDeps {
  storage: Storage;
  /** The worker pool that checks a staged file as securing would, off the event loop. */
  securing: Pick<Securing, 'checkDocument'>;
  config: Pick<Config, 'UPLOAD_MAX_BYTES'>;
}
