/**
 * The clients both sides of the live worklist's benchmark (bench-events.ts) hold open, and the
 * timing of what they hear: a streaming `GET` that parses server-sent events as they come, the
 * arrival times of one event at every client, and the p50 / p99 of a series.
 */
import { request as httpRequest, type Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import { percentile } from './benchHttp'

export interface Spread {
  p50: number
  p99: number
}
/** How long any one wait of the benchmark may last: a lost stream or event fails the run. */
export const WAIT_LIMIT_MS = 30_000

/** Resolves once `done()` holds; fails after WAIT_LIMIT_MS naming `what` it waited for. */
export async function waitUntil(done: () => boolean, what: string): Promise<void> {
  const until = performance.now() + WAIT_LIMIT_MS
  while (!done()) {
    if (performance.now() > until) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export const spread = (values: number[]): Spread => ({
  p50: percentile(values, 50),
  p99: percentile(values, 99),
})

/**
 * One streaming client: reads the body as it comes and calls `onEvent` with each event's type
 * and data. Resolves once the stream has opened.
 */
export function openStream(
  url: string,
  headers: Record<string, string>,
  agent: Agent,
  onEvent: (type: string, data: string) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        reject(new Error(`GET events answered ${String(res.statusCode)}`))
        return
      }
      res.setEncoding('utf8')
      let buffered = ''
      res.on('data', (chunk: string) => {
        buffered += chunk
        for (let end = buffered.indexOf('\n\n'); end !== -1; end = buffered.indexOf('\n\n')) {
          const frame = buffered.slice(0, end)
          buffered = buffered.slice(end + 2)
          let type = 'message'
          let data = ''
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7)
            else if (line.startsWith('data: ')) data = line.slice(6)
          }
          if (data !== '' || type !== 'message') onEvent(type, data)
        }
      })
      resolve(() => {
        req.destroy()
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** Waits for `count` arrivals of the events `matches` marks, answering their arrival times. */
export class Arrivals {
  private waiting: { key: string; count: number; times: number[]; done: () => void }[] = []

  /** Fails after WAIT_LIMIT_MS when fewer than `count` arrived. */
  expect(key: string, count: number): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((other) => other !== entry)
        reject(new Error(`${key}: ${String(entry.times.length)} of ${String(count)} arrived`))
      }, WAIT_LIMIT_MS)
      const entry = {
        key,
        count,
        times: [] as number[],
        done: () => {
          clearTimeout(timer)
          resolve(entry.times)
        },
      }
      this.waiting.push(entry)
    })
  }

  arrived(key: string): void {
    const now = performance.now()
    for (const entry of this.waiting) {
      if (entry.key !== key) continue
      entry.times.push(now)
      if (entry.times.length === entry.count) {
        this.waiting = this.waiting.filter((other) => other !== entry)
        entry.done()
      }
    }
  }
}
