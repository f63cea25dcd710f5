/**
 * A browser benchmark's run (bench-first-row.ts, bench-keystroke.ts; benchBrowser.ts re-exports
 * all of it): its command line, the cleanup that runs however the run ends, and its numbers out:
 * percentiles and table cells, the machine's line and the JSON file.
 */
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import type { Browser } from '@playwright/test'

/** What to undo at the end, last first; runs on success, failure and Ctrl+C alike. */
export class Cleanup {
  private readonly steps: { name: string; run: () => unknown }[] = []

  add(name: string, run: () => unknown): void {
    this.steps.push({ name, run })
  }

  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step.run()
      } catch (error) {
        console.error(`cleanup (${step.name}) failed:`, error)
      }
    }
  }
}

/**
 * Runs a benchmark's `main` with a cleanup that is run however it ends; exits 1 on failure and
 * 130 on Ctrl+C (after cleaning up).
 */
export function runBench(main: (cleanup: Cleanup) => Promise<void>): void {
  const cleanup = new Cleanup()
  // One cleanup, however many ways the run ends: an interrupt and the failure it causes in `main`
  // wait for the same one, and a second Ctrl+C does not cut it short.
  let cleaning: Promise<void> | undefined
  const cleanUp = () => (cleaning ??= cleanup.run())
  let interrupted = false
  const interrupt = () => {
    if (interrupted) return
    interrupted = true
    console.error('interrupted: cleaning up')
    void cleanUp().finally(() => process.exit(130))
  }
  process.on('SIGINT', interrupt)
  process.on('SIGTERM', interrupt)
  void main(cleanup)
    .then(
      () => 0,
      (error: unknown) => {
        if (!interrupted)
          console.error(error instanceof Error ? (error.stack ?? error.message) : error)
        return 1
      },
    )
    .then(async (code) => {
      await cleanUp()
      process.exit(interrupted ? 130 : code)
    })
}

export interface BenchArgs {
  numbers: number[]
  json: string | undefined
  reps: number | undefined
  /** Seconds. */
  limit: number | undefined
}

/** Positional numbers, `--json FILE`, `--reps N` and `--limit SECONDS`. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = { numbers: [], json: undefined, reps: undefined, limit: undefined }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const [flag, inline] = arg.startsWith('--') ? arg.split('=', 2) : [arg, undefined]
    const value = () => inline ?? argv[++i] ?? ''
    if (flag === '--json') args.json = value()
    else if (flag === '--reps') args.reps = Number(value())
    else if (flag === '--limit') args.limit = Number(value())
    else if (/^\d+$/.test(arg)) args.numbers.push(Number(arg))
    else throw new Error(`Unknown argument "${arg}"`)
  }
  if (args.json === '') throw new Error('--json needs a file name')
  if (![args.reps, args.limit].every((n) => n === undefined || n >= 1))
    throw new Error('--reps and --limit need a number >= 1')
  return args
}

export function writeJson(file: string | undefined, data: unknown): void {
  if (!file) return
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  console.log(`JSON written to ${file}`)
}

/**
 * The machine, for the JSON: the load average matters, since other work on a 2-core machine
 * moves every number (the ratios, measured in the same run, less).
 */
export function machine(browser: Browser) {
  const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100)
  console.log(
    `load average (1, 5, 15 min): ${loadAverage.join(', ')} on ${String(os.cpus().length)} cores`,
  )
  return { cpus: os.cpus().length, loadAverage, node: process.version, chromium: browser.version() }
}

export { median, percentile } from './benchStats'

/** A number for a table: rounded, or '-' when there is none. */
export const fmt = (value: number | undefined, digits = 0) =>
  value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits)
