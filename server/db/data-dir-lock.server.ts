import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";

/**
 * One server per embedded database: PGlite is a single in-process PostgreSQL, and two
 * processes on one data directory corrupt or hang it. The holder writes a lock file beside
 * the directory, created atomically (O_EXCL); a lock left by a dead process is taken over.
 */
export type LockOwner = { pid: number; startedAt: string; processStart: string | null };

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database is in use by another BeenThere server (process ${owner.pid}, ` +
        `started ${owner.startedAt}; lock ${lockFile}). Stop that server first, or give this ` +
        `one its own DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

/** A take-over of a stale lock takes well under a second; one older than this was abandoned. */
const TAKEOVER_STALE_MS = 10_000;

export function lockDataDir(lockFile: string): { release(): void } {
  const me: LockOwner = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: processStartTicks(process.pid),
  };
  const content = JSON.stringify(me);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(lockFile, content)) {
      const release = () => {
        if (readOwnerRaw(lockFile) === content) unlinkSync(lockFile);
        process.off("exit", release);
      };
      // A crash still leaves a stale lock, which the next start takes over.
      process.on("exit", release);
      return { release };
    }
    const owner = readOwner(lockFile);
    if (owner && isAlive(owner)) throw new DataDirLockedError(lockFile, owner);
    takeOverStale(lockFile);
  }
  throw new Error(`Could not take the database lock ${lockFile}: it keeps changing hands.`);
}

/**
 * Removes a dead holder's lock. Two servers starting at once could both see it stale, and the
 * slower one would delete the faster one's fresh lock: the take-over itself is exclusive.
 */
function takeOverStale(lockFile: string) {
  const guard = `${lockFile}.takeover`;
  if (!createExclusive(guard, String(process.pid))) {
    if (Date.now() - modifiedAt(guard) > TAKEOVER_STALE_MS) removeIfPresent(guard);
    return;
  }
  try {
    const owner = readOwner(lockFile);
    if (!owner || !isAlive(owner)) removeIfPresent(lockFile);
  } finally {
    removeIfPresent(guard);
  }
}

function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwnerRaw(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The holder, or null when the file is gone or unreadable (a crash while writing it). */
function readOwner(file: string): LockOwner | null {
  const raw = readOwnerRaw(file);
  if (raw === null) return null;
  try {
    const owner = JSON.parse(raw) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** Alive, and the same process: a recycled pid has another start time in /proc. */
function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const start = processStartTicks(owner.pid);
  return owner.processStart === null || start === null || start === owner.processStart;
}

/** The process's start time in clock ticks since boot (Linux), to tell a recycled pid. */
function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name; the start time is field 22 of the line.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function removeIfPresent(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
