/**
 * Who holds a data folder lock, and whether that holder still runs: the record a lock file
 * keeps, and the checks that tell a live holder from one that died without removing its lock.
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'

const recordSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  started_at: z.string(),
  command: z.string(),
  /** Unique to this lock, so that no two lock files ever hold the same text. */
  token: z.string().optional(),
  /** Linux: the process's start time since boot (/proc/PID/stat), to tell a reused pid. */
  pid_start: z.string().optional(),
  /** Linux: the boot the process ran in; a lock from an earlier boot is stale. */
  boot_id: z.string().optional(),
})

export type LockRecord = z.infer<typeof recordSchema>

function readProcFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** Field 22 of /proc/PID/stat (start time in clock ticks since boot), where /proc exists. */
export function processStartTime(pid: number): string | undefined {
  const stat = readProcFile(`/proc/${String(pid)}/stat`)
  // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')
  return fields?.[19]
}

function bootId(): string | undefined {
  return readProcFile('/proc/sys/kernel/random/boot_id')?.trim() || undefined
}

/** What started this process, for the message a second opener reads; no more than names. */
function describeCommand(): string {
  const [node = 'node', script, ...args] = process.argv
  const parts = [path.basename(node)]
  if (script !== undefined) parts.push(path.relative(process.cwd(), script) || script)
  return [...parts, ...args].join(' ').slice(0, 200)
}

export function ownRecord(): LockRecord {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    started_at: new Date().toISOString(),
    command: describeCommand(),
    token: randomBytes(16).toString('hex'),
    pid_start: processStartTime(process.pid),
    boot_id: bootId(),
  }
}

export function parseRecord(text: string): LockRecord | undefined {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/**
 * `alive`: the holder may still run, so its lock stands. `self`: the holder is this very process
 * (another worker thread, or another copy of the module). `elsewhere`: it ran on another host,
 * which this one cannot ask. `dead`: it no longer runs (or its pid now belongs to a later
 * process), so its lock may be taken over.
 */
export type HolderState = 'alive' | 'self' | 'elsewhere' | 'dead'

export function holderState(holder: LockRecord): HolderState {
  if (holder.hostname !== os.hostname()) return 'elsewhere'
  const currentBoot = bootId()
  if (holder.boot_id && currentBoot && holder.boot_id !== currentBoot) return 'dead'
  if (holder.pid === process.pid) {
    // The same pid and start time is this process. Otherwise the record was left by an earlier
    // process given the same pid (pid 1 in a container, say); without /proc that is the likelier
    // story, since this process knows the locks it took (the caller checks those first).
    const ownStart = processStartTime(process.pid)
    return holder.pid_start && holder.pid_start === ownStart ? 'self' : 'dead'
  }
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: the pid runs under another user, so it is alive.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'dead'
  }
  // The pid runs; where the start times can be compared, a different one means the pid was
  // reused by a later process. Without /proc (macOS) a reused pid keeps the lock standing, and
  // the message says how to remove it.
  const start = processStartTime(holder.pid)
  if (holder.pid_start && start && holder.pid_start !== start) return 'dead'
  return 'alive'
}
