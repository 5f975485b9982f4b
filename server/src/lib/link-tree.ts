// A copy of a folder tree made of hard links: for files that are replaced, never rewritten in place (stored
// documents), a link keeps the version it saw at no cost in space.
import { copyFile, link, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Links every file under `source` into `destination` (skipping `skip` names), copying where links fail. */
export async function linkTree(
  source: string,
  destination: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<void> {
  await mkdir(destination, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const from = path.join(source, entry.name);
    const to = path.join(destination, entry.name);
    if (entry.isDirectory()) await linkTree(from, to, skip);
    else if (entry.isFile()) await link(from, to).catch(() => copyFile(from, to));
  }
}
