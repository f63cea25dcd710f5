/**
 * The API benchmark's measuring (bench-api.ts): a fetch client that sends JSON and keeps the
 * answer's bytes, a row of sequential timings after a warm-up, and the table of the rows (p50,
 * p95, max, the answer's size as sent and gzipped, its Content-Encoding).
 */
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { percentile } from './benchStats'

/** Measured requests per row, unless the row's time budget runs out first. */
export const RUNS = 30
/** Unmeasured requests before each row. */
export const WARM_UP = 3
/** A row stops early once its measured requests took this long (and at least MIN_RUNS ran). */
const ROW_BUDGET_MS = 25_000
const MIN_RUNS = 5

export interface Answer {
  status: number
  body: Buffer
  encoding: string
}

export interface Client {
  send(method: string, route: string, body?: unknown): Promise<Answer>
}

export function client(baseUrl: string, token: string | null): Client {
  return {
    async send(method, route, body) {
      const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' }
      if (token) headers.authorization = `Bearer ${token}`
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(`${baseUrl}${route}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const answer = {
        status: res.status,
        body: Buffer.from(await res.arrayBuffer()),
        encoding: res.headers.get('content-encoding') ?? 'identity',
      }
      if (res.status >= 300) {
        throw new Error(`${method} ${route} answered ${res.status}: ${answer.body.toString()}`)
      }
      return answer
    },
  }
}

export interface Row {
  label: string
  runs: number[]
  bytes: number
  gzip: number
  encoding: string
  note: string
}

export const ms = (value: number) => value.toFixed(1)

function kb(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}

/**
 * Sends `request(i)` WARM_UP times unmeasured, then up to RUNS times measured, one at a time.
 * `i` counts every call of the row (warm-up first), so a row can use a fresh order per call.
 */
export async function measure(
  label: string,
  request: (i: number) => Promise<Answer>,
  note: (last: Answer) => string = () => '',
): Promise<Row> {
  let call = 0
  for (; call < WARM_UP; call++) await request(call)
  const runs: number[] = []
  let last: Answer | undefined
  let spent = 0
  while (runs.length < RUNS && (runs.length < MIN_RUNS || spent < ROW_BUDGET_MS)) {
    const started = performance.now()
    last = await request(call++)
    const took = performance.now() - started
    runs.push(took)
    spent += took
  }
  if (!last) throw new Error(`${label}: nothing measured`)
  return {
    label,
    runs,
    bytes: last.body.length,
    gzip: gzipSync(last.body).length,
    encoding: last.encoding,
    note: note(last),
  }
}

export function printTable(rows: readonly Row[]) {
  const header = ['request', 'n', 'p50 ms', 'p95 ms', 'max ms', 'bytes', 'gzip', 'sent as', '']
  const lines = rows.map((row) => {
    const sorted = [...row.runs].sort((a, b) => a - b)
    return [
      row.label,
      String(row.runs.length),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(sorted.at(-1) ?? Number.NaN),
      kb(row.bytes),
      kb(row.gzip),
      row.encoding,
      row.note,
    ]
  })
  const widths = header.map((h, col) =>
    Math.max(h.length, ...lines.map((l) => l[col]?.length ?? 0)),
  )
  const numeric = new Set([1, 2, 3, 4, 5, 6])
  const format = (cells: readonly string[]) =>
    cells
      .map((cell, col) =>
        numeric.has(col) ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0),
      )
      .join('  ')
      .trimEnd()
  console.log(`  ${format(header)}`)
  for (const line of lines) console.log(`  ${format(line)}`)
}
