/**
 * `npm run audit -- [--order ID] [--user ID] [--since ISO]`: prints the audit trail of the
 * server's database as JSON lines, oldest first.
 */
import { loadConfig } from '../config'
import { openDatabase, type OpenDatabase } from '../db/client'
import { DataFolderLockedError } from '../db/folderLock'
import { listAuditEvents, type AuditFilter } from '../repo/audit'
import { invokedDirectly } from './invokedDirectly'

export const USAGE = `Usage: npm run audit -- [--order ID] [--user ID] [--since ISO]

Prints the audit trail (sign-ins, studies opened, messages sent, report writes, addenda, ratings,
conversations cleared) as one JSON object a line, oldest first. Events hold who, when, which
study and from which address; never clinical text and never a token.

Options:
  --order ID    only the events of this order
  --user ID     only the events of this user
  --since ISO   only the events at or after this instant, e.g. 2026-11-24T00:00:00Z
  -h, --help    show this help

The database is the server's: PostgreSQL at DATABASE_URL when set, otherwise the embedded
database in DATA_DIR (default ./data), which one process can open at a time.`

export type AuditArgs =
  { kind: 'run'; filter: AuditFilter } | { kind: 'help' } | { kind: 'invalid'; message: string }

const OPTIONS = { '--order': 'orderId', '--user': 'userId', '--since': 'since' } as const
type OptionName = keyof typeof OPTIONS
const isOption = (name: string): name is OptionName => Object.hasOwn(OPTIONS, name)

export function parseAuditArgs(argv: readonly string[]): AuditArgs {
  const filter: AuditFilter = {}
  const seen = new Set<string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '-h' || arg === '--help') return { kind: 'help' }
    const eq = arg.indexOf('=')
    const name = eq < 0 ? arg : arg.slice(0, eq)
    if (!isOption(name)) return { kind: 'invalid', message: `Unknown argument "${arg}"` }
    const value = eq < 0 ? argv[++i] : arg.slice(eq + 1)
    if (value === undefined || value.trim() === '') {
      return { kind: 'invalid', message: `${name} needs a value` }
    }
    if (seen.has(name)) return { kind: 'invalid', message: `${name} given more than once` }
    seen.add(name)
    if (name === '--since') {
      const since = new Date(value)
      if (Number.isNaN(since.getTime())) {
        return { kind: 'invalid', message: `--since must be an ISO 8601 instant, got "${value}"` }
      }
      filter.since = since
    } else {
      filter[OPTIONS[name]] = value
    }
  }
  return { kind: 'run', filter }
}

export async function runAudit(
  argv: readonly string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  open: () => Promise<OpenDatabase> = async () => openDatabase(loadConfig().database),
): Promise<number> {
  const args = parseAuditArgs(argv)
  if (args.kind === 'help') {
    out(USAGE)
    return 0
  }
  if (args.kind === 'invalid') {
    err(`${args.message}\n\n${USAGE}`)
    return 2
  }
  let database: OpenDatabase | undefined
  try {
    database = await open()
    for (const event of await listAuditEvents(database.db, args.filter)) {
      out(JSON.stringify(event))
    }
    return 0
  } catch (error) {
    if (error instanceof DataFolderLockedError) err(error.message)
    else {
      err(
        `Reading the audit trail failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    return 1
  } finally {
    await database?.close()
  }
}

// Imported by tests; only a direct run reads the database.
if (invokedDirectly(import.meta.url)) process.exitCode = await runAudit(process.argv.slice(2))
