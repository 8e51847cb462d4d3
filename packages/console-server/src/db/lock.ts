import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another console-server process (pid ${holderPid}). ` +
        `Two processes on one embedded database lose writes, so this one stops. ` +
        `Stop the other process, or set CONSOLE_DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  release: () => void;
}

const heldInThisProcess = new Set<string>();

/** Whether a process with this pid exists (another user's counts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to someone else; it still holds the folder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown };
    return typeof parsed.pid === 'number' ? parsed.pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the folder's exclusive lock (`console.lock`, created with O_EXCL). A lock left by a dead process is taken
 * over; a live holder makes this throw DataDirLockedError at once.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'console.lock');
  if (heldInThisProcess.has(file)) throw new DataDirLockedError(dir, process.pid);
  const content = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    started_at: new Date().toISOString(),
  });

  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      heldInThisProcess.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldInThisProcess.delete(file);
        process.off('exit', release);
        if (readHolder(file) === process.pid) fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder !== null && holder !== process.pid && isAlive(holder))
      throw new DataDirLockedError(dir, holder);
    if (holder === null) {
      // Being written right now by another starter, or garbage: give a writer a moment before taking over.
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat) continue;
      if (Date.now() - stat.mtimeMs < 2000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
    }
    // Stale: rename first so that of two processes taking over only one wins.
    const stale = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, stale);
      fs.rmSync(stale, { force: true });
    } catch {
      // Someone else took it over first; the next attempt sees their lock.
    }
  }
  const holder = readHolder(file);
  throw new DataDirLockedError(dir, holder ?? -1);
}
