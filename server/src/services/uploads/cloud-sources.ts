// Which cloud sources the file picker offers: those whose OAuth key and secret are both configured.
import { CLOUD_SOURCES, type CloudSource } from '@common/uploads';

import type { Config } from '../../config';

const CLOUD_SOURCE_KEYS: Record<CloudSource, [keyof Config, keyof Config]> = {
  drive: ['COMPANION_GOOGLE_KEY', 'COMPANION_GOOGLE_SECRET'],
  dropbox: ['COMPANION_DROPBOX_KEY', 'COMPANION_DROPBOX_SECRET'],
  onedrive: ['COMPANION_ONEDRIVE_KEY', 'COMPANION_ONEDRIVE_SECRET'],
  box: ['COMPANION_BOX_KEY', 'COMPANION_BOX_SECRET'],
};

export interface CloudSourceCredentials {
  source: CloudSource;
  key: string;
  secret: string;
}

export function configuredCloudSources(config: Config): CloudSourceCredentials[] {
  return CLOUD_SOURCES.flatMap((source) => {
    const [key, secret] = CLOUD_SOURCE_KEYS[source].map((name) => config[name]);
    return typeof key === 'string' && typeof secret === 'string' ? [{ source, key, secret }] : [];
  });
}
