// Builds the SPA with webpack when dist/ is missing or older than its inputs (sources, lockfile, build config).
// Settings are not among them: the server injects them at run time, so a checkout has one build for all.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

import webpack from 'webpack';

import { createWebpackConfig } from '../webpack.config';

const root = path.resolve(__dirname, '..');
const INPUTS = [
  'src',
  'public',
  'common',
  // The FAQ and other content files the SPA bundles.
  'content',
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

function runWebpack(outputDir: string): Promise<void> {
  const compiler = webpack(createWebpackConfig('production', outputDir));
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (stats?.hasErrors()) {
        return reject(new Error(stats.toString({ all: false, errors: true, colors: false })));
      }
      resolve();
    });
  });
}

function ignoreError(...codes: string[]) {
  return (error: NodeJS.ErrnoException) => {
    if (!codes.includes(error.code ?? '')) throw error;
  };
}

/**
 * Puts a finished build where the old one was. Each step is a rename, so a server starting meanwhile finds a
 * whole build or none (and then loads it on its first request), never a half-written one.
 */
async function replaceDir(builtDir: string, outputDir: string): Promise<void> {
  const oldDir = `${builtDir}-old`;
  await rename(outputDir, oldDir).catch(ignoreError('ENOENT'));
  // Another instance may have put its build in place between the two renames: it is built from the same
  // checkout, so it stays and ours is dropped.
  await rename(builtDir, outputDir).catch(ignoreError('ENOTEMPTY', 'EEXIST'));
  await rm(oldDir, { recursive: true, force: true });
}

/**
 * Builds into a folder of its own beside outputDir and then swaps it in, so two instances sharing a checkout
 * never clean or half-write the build the other is serving.
 */
export async function buildSpa(outputDir: string): Promise<void> {
  const fingerprint = inputFingerprint();
  await mkdir(path.dirname(outputDir), { recursive: true });
  const builtDir = await mkdtemp(`${outputDir}.build-`);
  try {
    await runWebpack(builtDir);
    writeFileSync(path.join(builtDir, FINGERPRINT_FILE), fingerprint);
    await replaceDir(builtDir, outputDir);
  } finally {
    await rm(builtDir, { recursive: true, force: true });
  }
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
