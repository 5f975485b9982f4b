// The key that encrypts every account's seal signing key at rest: SEAL_MASTER_KEY, or else one generated at first
// start into DATA_DIR/seal-master-key (mode 0600) and read from there afterwards. A generated file only works for
// one instance with its own DATA_DIR, and a database backup is useless without it: the caller warns about that.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Config } from '../../config';

export const SEAL_MASTER_KEY_FILE = 'seal-master-key';
const KEY_BYTES = 32;

export interface SealMasterKey {
  key: Buffer;
  /** Where a generated key is kept; null when SEAL_MASTER_KEY set it. */
  file: string | null;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${file} does not hold a 32-byte base64 key; restore it, or set SEAL_MASTER_KEY`,
    );
  }
  return key;
}

export async function loadSealMasterKey(
  config: Pick<Config, 'SEAL_MASTER_KEY' | 'DATA_DIR'>,
): Promise<SealMasterKey> {
  if (config.SEAL_MASTER_KEY) return { key: config.SEAL_MASTER_KEY, file: null };
  const file = path.join(config.DATA_DIR, SEAL_MASTER_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return { key: existing, file };
  await mkdir(config.DATA_DIR, { recursive: true });
  // Written whole to a file of its own, then linked into place: two processes starting at once on one DATA_DIR
  // cannot both make a key, and neither can read a half-written one (link fails when the name exists).
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  const written = await readKeyFile(file);
  if (!written) throw new Error(`Could not write ${file}`);
  return { key: written, file };
}
