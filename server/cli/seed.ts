/**
 * `npm run seed -- [--orders N]`: seeds the demo worklist into an empty database and optionally
 * adds N synthetic orders, on the database the server is configured with.
 */
import { loadConfig, type ServerConfig } from '../config'
import { openDatabase, type OpenDatabase } from '../db/client'
import { DataFolderLockedError } from '../db/folderLock'
import { addSyntheticOrders, seedDemoData } from '../seed/seed'
import { invokedDirectly } from './invokedDirectly'

export const MAX_ORDERS = 100_000

export const USAGE = `Usage: npm run seed -- [--orders N]

Seeds the demo worklist (patients, their history and their orders) into the database when it
has no patients yet, then adds N synthetic orders for load testing when --orders is given.
Running it again never duplicates the demo worklist; synthetic orders are added each time.

Options:
  --orders N   add N synthetic orders, 1 to ${MAX_ORDERS.toLocaleString('en-US')}
  -h, --help   show this help

The database is the server's: PostgreSQL at DATABASE_URL when set, otherwise the embedded
database in DATA_DIR (default ./data). The embedded database can be opened by one process at
a time: stop the server before seeding it.`

export type SeedArgs =
  | { kind: 'run'; orders: number | undefined }
  | { kind: 'help' }
  | { kind: 'invalid'; message: string }

function parseOrders(value: string | undefined): number | string {
  if (value === undefined || value === '') return '--orders needs a number, e.g. --orders 500'
  if (!/^\d+$/.test(value)) return `--orders must be a whole number, got "${value}"`
  const n = Number(value)
  if (n < 1 || n > MAX_ORDERS) {
    return `--orders must be between 1 and ${MAX_ORDERS.toLocaleString('en-US')}, got ${value}`
  }
  return n
}

export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  let orders: number | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '-h' || arg === '--help') return { kind: 'help' }
    let value: string | undefined
    if (arg === '--orders') value = argv[++i]
    else if (arg.startsWith('--orders=')) value = arg.slice('--orders='.length)
    else return { kind: 'invalid', message: `Unknown argument "${arg}"` }
    if (orders !== undefined) return { kind: 'invalid', message: '--orders given more than once' }
    const parsed = parseOrders(value)
    if (typeof parsed === 'string') return { kind: 'invalid', message: parsed }
    orders = parsed
  }
  return { kind: 'run', orders }
}

function describeDatabase(database: ServerConfig['database']): string {
  if (database.kind === 'pglite') return `embedded database in ${database.dataDir}`
  if (database.kind === 'memory') return 'in-memory database'
  try {
    // Never print the credentials in the connection string.
    const url = new URL(database.url)
    return `PostgreSQL at ${url.host}${url.pathname}`
  } catch {
    return 'PostgreSQL at DATABASE_URL'
  }
}

export async function runSeed(
  argv: readonly string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  const args = parseSeedArgs(argv)
  if (args.kind === 'help') {
    out(USAGE)
    return 0
  }
  if (args.kind === 'invalid') {
    err(`${args.message}\n\n${USAGE}`)
    return 2
  }

  let config: ServerConfig
  try {
    config = loadConfig()
  } catch (error) {
    err(error instanceof Error ? error.message : String(error))
    return 2
  }

  out(`Seeding the ${describeDatabase(config.database)}.`)
  let database: OpenDatabase | undefined
  try {
    database = await openDatabase(config.database)
    const now = new Date()
    const demo = await seedDemoData(database.db, { now })
    out(
      'patients' in demo
        ? `Demo worklist: added ${demo.patients} patients and ${demo.orders} orders.`
        : 'Demo worklist: the database already has patients; left unchanged.',
    )
    if (args.orders !== undefined) {
      const started = performance.now()
      const timeZone = config.outcomes.departmentTimeZone
      const added = await addSyntheticOrders(database.db, args.orders, { now, timeZone })
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      out(
        `Synthetic orders: added ${added.orders} orders` +
          ` (${added.firstAccession ?? ''} to ${added.lastAccession ?? ''})` +
          ` and ${added.patients} new patients in ${seconds} s.`,
      )
    }
    return 0
  } catch (error) {
    // A folder another process holds: its message names the holder and what to do.
    if (error instanceof DataFolderLockedError) err(error.message)
    else err(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    await database?.close()
  }
}

// Imported by tests for its parser; only a direct run seeds.
if (invokedDirectly(import.meta.url)) process.exitCode = await runSeed(process.argv.slice(2))
