/**
 * One process per PGlite data folder. PGlite does not notice a second process on its folder:
 * both would acknowledge writes, and after a restart one side's writes are gone. So whoever opens
 * a folder first creates `readout.lock` in it, naming itself; anyone else refuses to open it
 * while that holder runs. A lock whose holder died (a crash, kill -9) is taken over.
 *
 * Creating the lock is atomic: the record is written to a file of its own, then hard-linked to
 * the lock's name, which fails when the name exists; so nobody ever reads a half-written lock.
 * Taking over a stale lock is the delicate part: two openers may both judge it stale, and the
 * second must not remove the lock the first has just made. So the stale lock is removed only by
 * whoever holds a takeover guard named after that lock's exact text, and only while the lock
 * still holds that text; then everyone races for the lock name again and one wins. A guard left
 * by an opener that died mid-takeover is broken the same way.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import { holderState, ownRecord, parseRecord, type LockRecord } from './lockHolder'

export const LOCK_FILE_NAME = 'readout.lock'

/** How long an opener waits for someone else's takeover (a few file operations) to finish. */
const TAKEOVER_WAIT_MS = 10_000
/** An empty lock younger than this may be one being written where hard links are missing. */
const YOUNG_EMPTY_LOCK_MS = 5_000
/** Errors of link() on file systems without hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'])

type HeldBy = 'this process' | 'another process' | 'another host'

export class DataFolderLockedError extends Error {
  readonly code = 'DATA_FOLDER_LOCKED'

  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: LockRecord,
    heldBy: HeldBy,
  ) {
    super(lockedMessage(dataDir, lockFile, holder, heldBy))
    this.name = 'DataFolderLockedError'
  }
}

function lockedMessage(dataDir: string, file: string, holder: LockRecord, heldBy: HeldBy) {
  if (heldBy === 'this process') {
    return `The data folder ${dataDir} is already open in this process (pid ${String(holder.pid)}): close it before opening it again.`
  }
  const pid = String(holder.pid)
  const who = `pid ${pid} (${holder.command}), started ${holder.started_at}`
  const there = heldBy === 'another host'
  return [
    there
      ? `The data folder ${dataDir} is in use by Readout on host ${holder.hostname}: ${who}.`
      : `The data folder ${dataDir} is in use by another Readout process: ${who}.`,
    'Only one process may open an embedded (PGlite) data folder at a time.',
    `Stop that process first (${there ? `on ${holder.hostname}` : `kill ${pid}`}), or point DATA_DIR at another folder; several servers can share PostgreSQL (DATABASE_URL).`,
    there
      ? `If it no longer runs there, the lock is stale: delete ${file} and try again.`
      : `If no Readout process uses this folder (pid ${pid} may now be another program), the lock is stale: delete ${file} and try again.`,
  ].join('\n')
}

export interface FolderLock {
  readonly file: string
  /** Removes the lock file if it is still this lock's; safe to call more than once. */
  release(): void
}

/** Locks and takeover guards this process holds, by file, with the text it wrote. */
const held = new Map<string, string>()
let releaseOnExit = false

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined
    throw error
  }
}

function removeFile(file: string) {
  try {
    unlinkSync(file)
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error
  }
}

/** Never removes a file another process wrote: only one that still holds our text. */
function removeIfOurs(file: string, text: string) {
  if (readIfPresent(file) === text) removeFile(file)
}

function writeDurably(file: string, text: string) {
  const fd = openSync(file, 'wx', 0o644)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Creates `file` holding `text` unless it exists; true when this call created it. */
function createExclusive(file: string, text: string): boolean {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  writeDurably(temp, text)
  try {
    linkSync(temp, file)
    return true
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    if (!NO_HARD_LINKS.has(errorCode(error) ?? '')) throw error
  } finally {
    removeFile(temp)
  }
  // No hard links here: create the name itself (O_EXCL). For an instant it is empty, which
  // `judge` waits out rather than calling it stale.
  try {
    writeDurably(file, text)
    return true
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false
    throw error
  }
}

type Verdict =
  { kind: 'held'; holder: LockRecord; heldBy: HeldBy } | { kind: 'stale' } | { kind: 'wait' }

function judge(file: string, text: string): Verdict {
  const holder = parseRecord(text)
  if (held.get(file) === text && holder) return { kind: 'held', holder, heldBy: 'this process' }
  if (!holder) {
    if (text !== '') return { kind: 'stale' }
    try {
      return Date.now() - statSync(file).mtimeMs < YOUNG_EMPTY_LOCK_MS
        ? { kind: 'wait' }
        : { kind: 'stale' }
    } catch {
      return { kind: 'wait' }
    }
  }
  const state = holderState(holder)
  if (state === 'dead') return { kind: 'stale' }
  const heldBy: Record<typeof state, HeldBy> = {
    self: 'this process',
    alive: 'another process',
    elsewhere: 'another host',
  }
  return { kind: 'held', holder, heldBy: heldBy[state] }
}

/**
 * Removes `target` if it still holds `staleText`, under a guard only one process can hold.
 * True when the stale file is gone (by us or anyone); false when someone else is at it.
 */
function removeStale(target: string, staleText: string, depth: number): boolean {
  // Each level needs an opener killed mid-takeover; more than a few means something else is wrong.
  if (depth > 3) return false
  const digest = createHash('sha256').update(staleText).digest('hex').slice(0, 16)
  const guard = `${target}.takeover-${digest}`
  const guardText = `${JSON.stringify(ownRecord())}\n`
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(guard, guardText)) {
      held.set(guard, guardText)
      try {
        // While we hold the guard nobody else removes `target`, and its holder is dead: if it
        // still holds the stale text now, it does until we remove it.
        if (readIfPresent(target) === staleText) removeFile(target)
        return true
      } finally {
        held.delete(guard)
        removeIfOurs(guard, guardText)
      }
    }
    const other = readIfPresent(guard)
    if (other === undefined) continue
    if (judge(guard, other).kind !== 'stale') return false
    // The guard's holder died during its takeover: break its guard first, the same way.
    if (!removeStale(guard, other, depth + 1)) return false
  }
  return false
}

function hold(file: string, text: string): FolderLock {
  held.set(file, text)
  if (!releaseOnExit) {
    releaseOnExit = true
    // Best effort for a process that exits without closing its database; a kill -9 leaves the
    // lock behind, and the next opener takes it over.
    process.on('exit', () => {
      for (const [heldFile, heldText] of held) removeIfOurs(heldFile, heldText)
    })
  }
  return {
    file,
    release() {
      if (held.get(file) !== text) return
      held.delete(file)
      removeIfOurs(file, text)
    },
  }
}

const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

/**
 * Takes the data folder's lock, taking over a stale one; refuses with DataFolderLockedError
 * while another live process (or this one) holds it.
 */
export async function lockDataFolder(dataDir: string): Promise<FolderLock> {
  // One name for the folder however it is reached (relative path, symbolic link), so that this
  // process knows its own lock.
  const file = path.join(realpathSync(dataDir), LOCK_FILE_NAME)
  const text = `${JSON.stringify(ownRecord())}\n`
  const deadline = Date.now() + TAKEOVER_WAIT_MS
  for (;;) {
    if (createExclusive(file, text)) return hold(file, text)
    const existing = readIfPresent(file)
    if (existing === undefined) continue
    const verdict = judge(file, existing)
    if (verdict.kind === 'held') {
      throw new DataFolderLockedError(dataDir, file, verdict.holder, verdict.heldBy)
    }
    if (verdict.kind === 'stale' && removeStale(file, existing, 0)) continue
    if (Date.now() > deadline) {
      throw new Error(
        `Could not lock the data folder ${dataDir}: another process kept taking over ${file} for ${String(TAKEOVER_WAIT_MS / 1000)} s; try again.`,
      )
    }
    await sleep(20)
  }
}
