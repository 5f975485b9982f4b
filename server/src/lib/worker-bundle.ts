// Worker threads do not share the main thread's loaders, so a TypeScript worker file would need tsx loaded again
// in every thread before its first job (over a second on a busy machine; 0.15 s for the bundle). Instead the
// worker's own code (server/ and common/) is bundled once by esbuild into one CommonJS file that plain Node runs;
// the packages it imports stay in node_modules, required by their absolute paths so the file can live in the
// system's temp folder (the code's folder is read-only in the container).
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { build, type Plugin } from 'esbuild';

import { sha256 } from './sha256';

const BUILTINS = new Set(builtinModules);

// Bare imports of packages (not node:*, not our @common/ alias, which esbuild reads from tsconfig.json) are left
// to Node, named by the file Node would load for the worker's require().
const packagesByAbsolutePath: Plugin = {
  name: 'packages-by-absolute-path',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier, resolveDir }) => {
      if (specifier.startsWith('@common/')) return undefined;
      if (specifier.startsWith('node:') || BUILTINS.has(specifier)) {
        return { path: specifier, external: true };
      }
      const resolved = createRequire(path.join(resolveDir, 'index.js')).resolve(specifier);
      return { path: resolved, external: true };
    });
  },
};

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Stack traces in the server's log name the source files (the pool starts workers with --enable-source-maps).
    sourcemap: 'inline',
    keepNames: true,
    logLevel: 'silent',
    plugins: [packagesByAbsolutePath],
  });
  return result.outputFiles[0]!.text;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

// The temp folder is shared with other users of the machine, and the server runs what it finds there: the bundles
// go in a folder of this user's that only they can write (made so, and checked, in case another user made it
// first), or else in a new private folder of this process's.
async function privateFolder(): Promise<string> {
  const uid = process.getuid?.() ?? 0;
  const folder = path.join(tmpdir(), `qr-verify-workers-${uid}`);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const found = await lstat(folder);
  const isOursAlone = found.isDirectory() && found.uid === uid && (found.mode & 0o022) === 0;
  return isOursAlone ? folder : mkdtemp(path.join(tmpdir(), 'qr-verify-workers-'));
}

// Named by its content, so every process (instances, test workers) that builds the same code shares one file, and
// a file is never changed once written: it is written under another name and renamed into place.
async function writeOnce(code: string, name: string): Promise<string> {
  const folder = await privateFolder();
  const file = path.join(folder, `${name}-${sha256(code).slice(0, 16)}.cjs`);
  if (await exists(file)) return file;
  const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await writeFile(partial, code);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return file;
}

// Once per process and entry: every pool an app (or a test) makes shares the file.
const bundles = new Map<string, Promise<string>>();

/** The path of a plain-JavaScript build of the worker entry file `entry`, for worker_threads or piscina. */
export function workerBundle(entry: string): Promise<string> {
  let file = bundles.get(entry);
  if (!file) {
    file = bundle(entry).then((code) => writeOnce(code, path.basename(entry, path.extname(entry))));
    // A failed build (a full disk, say) is tried again by the next pool rather than remembered.
    file.catch(() => bundles.delete(entry));
    bundles.set(entry, file);
  }
  return file;
}
