/**
 * The API benchmark's server (bench-api.ts): the app started the way server/index.ts does, in
 * this process, on a throw-away PGlite data folder under os.tmpdir(); the folders earlier runs
 * left behind; and the run's frame that closes the server and deletes the folder however the run
 * ends (success, error or Ctrl+C).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { createAssistant } from '../server/assistant'
import { buildApp } from '../server/app'
import { loadConfig, type ServerConfig } from '../server/config'
import { openDatabase, type OpenDatabase } from '../server/db/client'
import { seedDemoData } from '../server/seed/seed'

export interface Server {
  app: FastifyInstance
  database: OpenDatabase
  baseUrl: string
}

export interface StartTimes {
  /** openDatabase: PGlite start, plus initdb and the migrations on a cold folder. */
  open: number
  /** The demo seed check index.ts runs on every start (a no-op once there are patients). */
  seedCheck: number | null
  /** buildApp (loads or creates the signing keys) and listen. */
  app: number
}

/**
 * Starts the server the way server/index.ts does, on 127.0.0.1 and an ephemeral port; the demo
 * seed check only with `seedCheck` (the cold start leaves seeding to the timed seed step).
 */
export async function startServer(
  config: ServerConfig,
  seedCheck: boolean,
): Promise<{ server: Server; times: StartTimes }> {
  let t = performance.now()
  const database = await openDatabase(config.database)
  const open = performance.now() - t
  try {
    let checked: number | null = null
    if (seedCheck) {
      t = performance.now()
      const result = await seedDemoData(database.db, { now: new Date() })
      checked = performance.now() - t
      if (!('skipped' in result)) throw new Error('The warm start found no demo worklist')
    }
    t = performance.now()
    const app = await buildApp({
      config,
      db: database.db,
      assistant: createAssistant(config.assistant),
      logger: false,
    })
    const baseUrl = await app.listen({ host: config.host, port: config.port })
    return {
      server: { app, database, baseUrl },
      times: { open, seedCheck: checked, app: performance.now() - t },
    }
  } catch (error) {
    await database.close()
    throw error
  }
}

export async function stopServer(server: Server): Promise<void> {
  await server.app.close()
  await server.database.close()
}

/** Each run's folder under os.tmpdir(): `owner.pid` and PGlite's `pgdata`. */
const FOLDER_PREFIX = 'readout-bench-api-'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0) // signal 0 only asks whether the process exists
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Deletes the folders of earlier runs whose process is gone. A run cleans up after itself, also
 * on error and on Ctrl+C, except when it is killed outright: `tsx` kills a child that does not
 * acknowledge a signal within a few milliseconds, and PGlite blocks the event loop far longer.
 */
function removeAbandonedFolders() {
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue
    const folder = path.join(os.tmpdir(), name)
    let owner: number
    try {
      owner = Number(readFileSync(path.join(folder, 'owner.pid'), 'utf8'))
    } catch {
      continue // not ours to judge
    }
    if (Number.isSafeInteger(owner) && owner > 0 && !isRunning(owner)) {
      rmSync(folder, { recursive: true, force: true })
    }
  }
}

/** What is left to close and delete, also when the run fails or is interrupted. */
export const open: { server?: Server | undefined; folder?: string | undefined } = {}

/**
 * Removes the folders of earlier runs, makes this run's (deleted by the clean-up) and answers the
 * server's configuration on it.
 */
export function openDataFolder(): ServerConfig {
  removeAbandonedFolders()
  const folder = mkdtempSync(path.join(os.tmpdir(), FOLDER_PREFIX))
  open.folder = folder
  writeFileSync(path.join(folder, 'owner.pid'), String(process.pid))
  console.log(`Data folder: ${folder} (deleted at the end)`)
  // Only these variables: the shell's DATABASE_URL, ASSISTANT_PROVIDER etc. do not apply.
  return loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(folder, 'pgdata'),
    STATIC_DIR: path.join(folder, 'no-spa'),
    LOG_LEVEL: 'silent',
  })
}

async function cleanUp() {
  const server = open.server
  open.server = undefined
  if (server) {
    await stopServer(server).catch((error: unknown) => {
      console.error(error)
    })
  }
  if (open.folder) rmSync(open.folder, { recursive: true, force: true })
  open.folder = undefined
}

/**
 * Runs `main`, then closes and deletes what `open` holds, also on error (exit 1) and on Ctrl+C
 * or SIGTERM (exit 130).
 */
export function runCleanly(main: () => Promise<void>): void {
  let interrupted = false
  // `on`, not `once`: tsx sends the signal again when this process is slow to acknowledge it
  // (PGlite works synchronously), and with no listener left its own handler would exit before
  // clean-up.
  const interrupt = () => {
    if (interrupted) return
    interrupted = true
    void cleanUp().finally(() => process.exit(130))
  }
  process.on('SIGINT', interrupt)
  process.on('SIGTERM', interrupt)

  async function run(): Promise<number> {
    try {
      await main()
      return 0
    } catch (error) {
      console.error(error)
      return 1
    } finally {
      // An interrupt cleans up on its own; the server must not be closed twice.
      if (!interrupted) await cleanUp()
    }
  }

  void run().then((code) => {
    if (!interrupted) process.exit(code)
  })
}
