/**
 * The shutdown's hard deadline (OPS-16): if a step hangs, the process logs it and exits 1 when
 * the deadline comes, rather than waiting for the orchestrator's SIGKILL; a second signal exits
 * at once. The app here is a stand-in whose close never ends.
 */
import { EventEmitter } from 'node:events'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { exitOnSignals } from '../../../server/ops/shutdown'

function hangingApp(logged: string[]) {
  const log = (line: unknown) => {
    logged.push(typeof line === 'string' ? line : JSON.stringify(line))
  }
  return {
    ops: { beginShutdown: () => Promise.resolve() },
    close: () => new Promise(() => undefined),
    server: { closeAllConnections: () => undefined },
    log: { info: log, warn: log, error: log },
  } as unknown as FastifyInstance
}

describe('the shutdown deadline', () => {
  it('OPS-16 a step that hangs: logged, and exit 1 at the deadline', async () => {
    const logged: string[] = []
    const signals = new EventEmitter()
    const exited = new Promise<number>((resolve) => {
      exitOnSignals(
        hangingApp(logged),
        { close: () => Promise.resolve() },
        {
          signals,
          deadlineMs: 200,
          exit: resolve,
        },
      )
    })
    const started = Date.now()
    signals.emit('SIGTERM', 'SIGTERM')
    expect(await exited).toBe(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(logged.join('\n')).toMatch(/did not finish within 0\.2 s/)
  })

  it('OPS-16 a second signal exits at once', () => {
    const signals = new EventEmitter()
    const codes: number[] = []
    exitOnSignals(
      hangingApp([]),
      { close: () => Promise.resolve() },
      {
        signals,
        deadlineMs: 1_000,
        exit: (code) => codes.push(code),
      },
    )
    signals.emit('SIGINT', 'SIGINT')
    signals.emit('SIGINT', 'SIGINT')
    expect(codes).toEqual([1])
  })
})
