import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite on a data directory, with acknowledged writes made durable.
 *
 * As shipped, PGlite starts PostgreSQL with `-F` (fsync off), and its Node file system (Emscripten's
 * NODEFS) has no fsync at all: a commit reached the operating system's cache, never the disk, so a power
 * cut or OS crash could lose acknowledged writes (0 fsync calls for 200 writes, seen with strace).
 * Here PostgreSQL runs with fsync on and `wal_sync_method=fsync` (Emscripten's fdatasync is a no-op,
 * its fsync calls the file system's), and the file system's fsync is the real one. So every commit
 * flushes the write-ahead log before it is acknowledged, and checkpoints flush the data files, exactly
 * as PostgreSQL does on a server. See docs/decisions/0010-durable-embedded-database.md for the cost.
 */
export class DurableNodeFS extends NodeFS {
  /** How many times PostgreSQL asked for a file to be flushed (tests read it). */
  syncs = 0;

  override async init(pg: Parameters<NodeFS['init']>[0], options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (module: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
        module.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => {
          this.syncs++;
          fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on and the WAL flushed by fsync. */
export const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];

/** Options that open `dataDir` durably (see DurableNodeFS). */
export function durablePgliteOptions(dataDir: string, fs = new DurableNodeFS(dataDir)): PGliteOptions {
  return { fs, startParams: DURABLE_START_PARAMS };
}
