// Writes a template's logo to storage under a key naming its hash, and answers the columns that describe it.
import { sha256 } from '../../lib/sha256';

import { logoFileKey } from './template-files';

import type { Storage } from '../../storage/storage';
import type { TemplateLogoUpload } from './template-changes';

export interface TemplateLogoColumns {
  logo_key: string | null;
  logo_content_type: TemplateLogoUpload['content_type'] | null;
  logo_size: number | null;
  logo_sha256: string | null;
}

export const NO_LOGO: TemplateLogoColumns = {
  logo_key: null,
  logo_content_type: null,
  logo_size: null,
  logo_sha256: null,
};

export async function storeTemplateLogo(
  storage: Storage,
  templateId: string,
  logo: TemplateLogoUpload,
): Promise<TemplateLogoColumns> {
  const hash = sha256(logo.data);
  const key = logoFileKey(templateId, hash, logo.content_type);
  await storage.put(key, logo.data);
  return {
    logo_key: key,
    logo_content_type: logo.content_type,
    logo_size: logo.data.length,
    logo_sha256: hash,
  };
}
