// PGlite's Node file system with fsync. Emscripten's NODEFS has no fsync of its own, so Postgres's fsync and
// fdatasync calls (at each commit on the WAL, at checkpoints on data files and folders) succeed without reaching
// the disk: a power cut could lose committed transactions whatever the fsync setting. This passes them on.
import { closeSync, fsyncSync, openSync } from 'node:fs';

import { NodeFS } from '@electric-sql/pglite/nodefs';

import type { PGlite } from '@electric-sql/pglite';

/** What of Emscripten's NODEFS this touches (PGlite does not export its types). */
interface EmscriptenNodeFs {
  realPath(node: unknown): string;
  stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => number };
}

interface EmscriptenModule {
  FS: { filesystems: { NODEFS: EmscriptenNodeFs } };
}

type InitOptions = Parameters<NodeFS['init']>[1];

function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function addFsync(nodeFs: EmscriptenNodeFs): void {
  nodeFs.stream_ops.fsync = (stream) => {
    // A file has the descriptor NODEFS opened; a folder (synced after a rename or a new file) has none.
    if (stream.nfd !== undefined) fsyncSync(stream.nfd);
    else syncFolder(nodeFs.realPath(stream.node));
    return 0;
  };
}

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: InitOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [
      ...((emscriptenOpts.preRun ?? []) as Array<(module: EmscriptenModule) => void>),
      (module: EmscriptenModule) => addFsync(module.FS.filesystems.NODEFS),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}
