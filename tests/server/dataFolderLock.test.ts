import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { DataFolderLockedError, LOCK_FILE_NAME, lockDataFolder } from '../../server/db/folderLock'
import { processStartTime } from '../../server/db/lockHolder'
import { onPostgres } from '../support/testDatabase'

/** A process started with tsx, its output gathered line by line. */
class Spawned {
  readonly child: ChildProcess
  readonly exited: Promise<number | null>
  stderr = ''
  private readonly lines: string[] = []
  private readonly listeners = new Set<() => void>()

  constructor(args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    running.add(this.child)
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code) => {
        running.delete(this.child)
        resolve(code)
        this.notify()
      })
    })
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()))
    if (this.child.stdout) {
      createInterface({ input: this.child.stdout }).on('line', (line) => {
        this.lines.push(line)
        this.notify()
      })
    }
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error('the process did not start')
    return this.child.pid
  }

  private notify() {
    for (const listener of this.listeners) listener()
  }

  /** The next line on stdout (lines are consumed); rejects if the process exits first. */
  nextLine(): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const line = this.lines.shift()
        if (line !== undefined) {
          this.listeners.delete(check)
          resolve(line)
        } else if (this.child.exitCode !== null || this.child.signalCode !== null) {
          this.listeners.delete(check)
          reject(new Error(`exited before answering; stderr: ${this.stderr}`))
        }
      }
      this.listeners.add(check)
      check()
    })
  }

  async lineMatching(pattern: RegExp): Promise<RegExpMatchArray> {
    for (;;) {
      const match = pattern.exec(await this.nextLine())
      if (match) return match
    }
  }

  send(line: string) {
    this.child.stdin?.write(`${line}\n`)
  }
}

const running = new Set<ChildProcess>()

function processEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: '/nonexistent',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  return env
}

/** The pid of a process that has exited: what a crashed holder leaves in its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  const pid = child.pid
  await new Promise((resolve) => child.once('exit', resolve))
  if (pid === undefined) throw new Error('no pid')
  return pid
}

function writeLock(dataDir: string, fields: Record<string, unknown>) {
  const record = {
    hostname: os.hostname(),
    started_at: '2026-11-25T01:00:00.000Z',
    command: 'node server/index.ts',
    token: randomBytes(16).toString('hex'),
    ...fields,
  }
  writeFileSync(path.join(dataDir, LOCK_FILE_NAME), `${JSON.stringify(record)}\n`)
}

const lockHolderPid = (dataDir: string): unknown =>
  (JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: unknown }).pid

const folders: string[] = []
function newFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'readout-lock-'))
  folders.push(folder)
  return folder
}

afterAll(async () => {
  for (const child of running) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe.skipIf(onPostgres)('one process per embedded data folder', () => {
  describe('a second process on a folder a running server holds', () => {
    let dataDir: string
    let server: Spawned
    let url: string

    beforeAll(async () => {
      dataDir = newFolder()
      server = new Spawned(['server/index.ts'], processEnv(dataDir))
      url = (await server.lineMatching(/Readout is serving (http:\/\/\S+)/))[1] ?? ''
    })

    it('SEC-2 a second server exits 1 at once, naming the holder and what to do; the first keeps serving', async () => {
      const second = new Spawned(['server/index.ts'], processEnv(dataDir))
      expect(await second.exited).toBe(1)
      expect(second.stderr).toContain(
        `in use by another Readout process: pid ${String(server.pid)}`,
      )
      expect(second.stderr).toContain('server/index.ts')
      expect(second.stderr).toContain(`kill ${String(server.pid)}`)
      expect(second.stderr).toContain('DATA_DIR')
      expect(second.stderr).toContain(path.join(dataDir, LOCK_FILE_NAME))
      // A message, not a stack trace.
      expect(second.stderr).not.toMatch(/^\s+at /m)

      expect(lockHolderPid(dataDir)).toBe(server.pid)
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
    })

    it('SEC-2 npm run seed and npm run audit on that folder exit 1 with the same message', async () => {
      for (const cli of ['server/cli/seed.ts', 'server/cli/audit.ts']) {
        const run = new Spawned([cli], processEnv(dataDir))
        expect(await run.exited).toBe(1)
        expect(run.stderr).toContain(`in use by another Readout process: pid ${String(server.pid)}`)
        expect(run.stderr).toContain(`kill ${String(server.pid)}`)
        expect(run.stderr).not.toMatch(/^\s+at /m)
      }
      expect(lockHolderPid(dataDir)).toBe(server.pid)
    })

    it('SEC-2 once the server stops, its lock is gone and seeding the folder succeeds', async () => {
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false)

      const seed = new Spawned(['server/cli/seed.ts'], processEnv(dataDir))
      expect(await seed.exited).toBe(0)
      expect(seed.stderr).toBe('')
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false)
    })
  })

  it('SEC-2 a lock left by a process that died is taken over: the open succeeds, and closing releases it for a reopen', async () => {
    const dataDir = newFolder()
    writeLock(dataDir, { pid: await deadPid() })
    const first = await openDatabase({ kind: 'pglite', dataDir })
    try {
      expect(lockHolderPid(dataDir)).toBe(process.pid)
      // The same process opening the folder twice is refused as well, by any path to it.
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        /already open in this process/,
      )
      const link = path.join(newFolder(), 'link')
      symlinkSync(dataDir, link)
      await expect(openDatabase({ kind: 'pglite', dataDir: link })).rejects.toThrow(
        /already open in this process/,
      )
    } finally {
      await first.close()
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false)

    const again = await openDatabase({ kind: 'pglite', dataDir })
    expect(lockHolderPid(dataDir)).toBe(process.pid)
    await again.close()
    expect(readdirSync(dataDir)).not.toContain(LOCK_FILE_NAME)
  })

  it('SEC-2 eight processes taking over one stale lock at the same instant: exactly one wins, in every round', async () => {
    const dataDir = newFolder()
    const racers = Array.from(
      { length: 8 },
      () => new Spawned(['tests/support/folderLockRacer.ts', dataDir], processEnv(dataDir)),
    )
    const everyone = (line: string) => racers.map(() => line)
    expect(await Promise.all(racers.map((racer) => racer.nextLine()))).toEqual(everyone('ready'))
    const gone = await deadPid()
    for (let round = 0; round < 20; round++) {
      writeLock(dataDir, { pid: gone })
      const at = Date.now() + 100
      for (const racer of racers) racer.send(`go ${String(at)}`)
      const answers = await Promise.all(
        racers.map(
          async (racer) =>
            JSON.parse(await racer.nextLine()) as { won: boolean; holder?: number; error?: string },
        ),
      )
      const winners = racers.filter((_, i) => answers[i]?.won)
      expect(winners).toHaveLength(1)
      const winner = winners[0]?.pid
      expect(lockHolderPid(dataDir)).toBe(winner)
      for (const answer of answers.filter((a) => !a.won)) expect(answer.holder).toBe(winner)

      for (const racer of racers) racer.send('release')
      expect(await Promise.all(racers.map((racer) => racer.nextLine()))).toEqual(
        everyone('released'),
      )
      // No lock, no takeover guard, no half-made file is left behind.
      expect(readdirSync(dataDir)).toEqual([])
    }
    for (const racer of racers) racer.child.stdin?.end()
    expect(await Promise.all(racers.map((racer) => racer.exited))).toEqual(racers.map(() => 0))
  })

  it('SEC-2 a lock file that is not a lock, or a guard left by an opener killed mid-takeover, is taken over; a live process, even one that is not Readout, keeps its lock', async () => {
    const dataDir = newFolder()
    writeFileSync(path.join(dataDir, LOCK_FILE_NAME), 'not a lock\n')
    const taken = await lockDataFolder(dataDir)
    expect(lockHolderPid(dataDir)).toBe(process.pid)
    taken.release()
    expect(readdirSync(dataDir)).toEqual([])

    // An empty lock is waited for while it is young (it may be one being written), then taken.
    const lockFile = path.join(dataDir, LOCK_FILE_NAME)
    writeFileSync(lockFile, '')
    const minuteAgo = new Date(Date.now() - 60_000)
    utimesSync(lockFile, minuteAgo, minuteAgo)
    ;(await lockDataFolder(dataDir)).release()
    expect(readdirSync(dataDir)).toEqual([])

    // An opener killed in the middle of a takeover left its guard: the guard is broken too.
    writeLock(dataDir, { pid: await deadPid() })
    const stale = readFileSync(lockFile, 'utf8')
    const digest = createHash('sha256').update(stale).digest('hex').slice(0, 16)
    writeFileSync(
      `${lockFile}.takeover-${digest}`,
      JSON.stringify({
        pid: await deadPid(),
        hostname: os.hostname(),
        started_at: '',
        command: '',
      }),
    )
    const broken = await lockDataFolder(dataDir)
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE_NAME])
    broken.release()
    expect(readdirSync(dataDir)).toEqual([])

    // A pid that runs, with no start time to compare: the lock stands, and the message says how
    // to remove it if that pid is not Readout.
    const other = new Spawned(['-e', 'setInterval(() => {}, 1000); console.log("up")'], process.env)
    expect(await other.nextLine()).toBe('up')
    writeLock(dataDir, { pid: other.pid })
    const refused = lockDataFolder(dataDir)
    await expect(refused).rejects.toBeInstanceOf(DataFolderLockedError)
    await expect(refused).rejects.toThrow(/the lock is stale: delete .*readout\.lock/)
    other.child.kill('SIGKILL')
    await other.exited
    // Now it is gone, its lock is stale.
    const after = await lockDataFolder(dataDir)
    expect(lockHolderPid(dataDir)).toBe(process.pid)
    after.release()
  })

  it.skipIf(!existsSync('/proc/self/stat'))(
    "SEC-2 a lock whose pid now belongs to a later process (another start time, this process's pid included) is taken over; this process's own and another host's are not",
    async () => {
      const dataDir = newFolder()
      writeLock(dataDir, { pid: process.ppid, pid_start: '1' })
      const taken = await lockDataFolder(dataDir)
      expect(lockHolderPid(dataDir)).toBe(process.pid)
      taken.release()

      // This pid with another start time: an earlier process given the same pid, as a container's
      // pid 1 is after a restart.
      writeLock(dataDir, { pid: process.pid, pid_start: '1' })
      const ours = await lockDataFolder(dataDir)
      expect(
        JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as unknown,
      ).toMatchObject({ pid: process.pid, pid_start: processStartTime(process.pid) })
      ours.release()
      // This pid and its start time: this very process (another worker thread, say).
      writeLock(dataDir, { pid: process.pid, pid_start: processStartTime(process.pid) })
      await expect(lockDataFolder(dataDir)).rejects.toThrow(/already open in this process/)

      writeLock(dataDir, { pid: process.ppid, hostname: 'elsewhere.hospital.test' })
      await expect(lockDataFolder(dataDir)).rejects.toThrow(
        /in use by Readout on host elsewhere\.hospital\.test: pid \d+/,
      )
    },
  )

  it('SEC-2 releasing never removes a lock that is no longer this process’s', async () => {
    const dataDir = newFolder()
    const lock = await lockDataFolder(dataDir)
    // Someone deleted the lock by hand and another process took the folder.
    writeLock(dataDir, { pid: process.ppid })
    lock.release()
    expect(lockHolderPid(dataDir)).toBe(process.ppid)
  })
})
