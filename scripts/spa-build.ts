// Builds the SPA with webpack when dist/ is missing or older than its inputs (sources, lockfile, public settings).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import webpack from 'webpack';

import { createWebpackConfig, publicSettingsFromEnv } from '../webpack.config';

const root = path.resolve(__dirname, '..');
const INPUTS = [
  'src',
  'public',
  'common',
  'webpack.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
const FINGERPRINT_FILE = '.build-fingerprint';

function listFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .filter((dirent) => dirent.name !== '__tests__')
    .flatMap((dirent) => listFiles(path.join(entry, dirent.name)));
}

/** A content hash of everything the build reads, so a fresh clone (new mtimes) is not rebuilt needlessly. */
export function inputFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(listFiles).sort()) {
    hash.update(file).update(readFileSync(path.join(root, file)));
  }
  hash.update(JSON.stringify(publicSettingsFromEnv()));
  return hash.digest('hex');
}

export function isBuildCurrent(outputDir: string): boolean {
  const stamp = path.join(outputDir, FINGERPRINT_FILE);
  return (
    existsSync(path.join(outputDir, 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === inputFingerprint()
  );
}

export function buildSpa(outputDir: string): Promise<void> {
  const fingerprint = inputFingerprint();
  const compiler = webpack(createWebpackConfig('production', outputDir));
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) {
        return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      }
      writeFileSync(path.join(outputDir, FINGERPRINT_FILE), fingerprint);
      resolve();
    });
  });
}

/** Builds only when needed; returns whether a build ran. */
export async function ensureSpaBuilt(outputDir = path.join(root, 'dist')): Promise<boolean> {
  if (isBuildCurrent(outputDir)) return false;
  const startedAt = Date.now();
  console.log('Building the web app (first start or sources changed)…');
  await buildSpa(outputDir);
  console.log(`Web app built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return true;
}
