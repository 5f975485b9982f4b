// A verification's stored files as its account downloads them: the secured PDF, or the file it was made from.
import { findOwnVerification } from './find-own-verification';
import { verificationFileKeys } from './verification-files';

import type { VerificationDeps } from './verification-deps';
import type { Readable } from 'node:stream';

export interface VerificationFile {
  stream: Readable;
  contentType: string;
  size: number;
  fileName: string;
}

export async function getVerificationFile(
  deps: Pick<VerificationDeps, 'db' | 'storage'>,
  accountId: string,
  id: string,
  which: 'secured' | 'original',
): Promise<VerificationFile> {
  const row = await findOwnVerification(deps.db, accountId, id);
  const keys = verificationFileKeys(row.id);
  const file =
    which === 'secured'
      ? {
          key: keys.secured,
          contentType: 'application/pdf',
          size: row.secured_size,
          fileName: `${row.title}-secured.pdf`,
        }
      : {
          key: keys.original,
          contentType: row.original_content_type,
          size: row.original_size,
          fileName: row.original_file_name,
        };
  const { key, ...about } = file;
  return { ...about, stream: await deps.storage.getStream(key) };
}
