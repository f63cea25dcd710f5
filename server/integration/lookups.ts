/**
 * The background lookups of an archive (INT-36, INT-97), one per key at a time: a key whose
 * lookup missed (no answer, nothing found) is not asked again for `missMs`, so an archive that is
 * down is asked and logged once in that time. Closing aborts what runs and starts nothing more.
 */

/** Misses remembered at most; the oldest are forgotten first. */
const MAX_MISSES = 10_000

export interface Lookups {
  /** Aborts when the lookups close. */
  readonly signal: AbortSignal
  /** Runs `work` as the key's one lookup, unless one runs or the key missed lately. */
  start(key: string, work: () => Promise<void>, failed: (error: unknown) => void): void
  /** The key missed: not asked again for a while. */
  remember(key: string): void
  /** Resolves when no lookup is under way (tests; closing). */
  idle(): Promise<void>
  close(): Promise<void>
}

export function createLookups(missMs: number, now: () => number): Lookups {
  const running = new Map<string, Promise<void>>()
  /** Key -> when its miss is forgotten. */
  const misses = new Map<string, number>()
  const closing = new AbortController()

  function missedLately(key: string): boolean {
    const until = misses.get(key)
    if (until === undefined) return false
    if (now() < until) return true
    misses.delete(key)
    return false
  }

  function remember(key: string): void {
    if (missMs <= 0) return
    misses.delete(key)
    if (misses.size >= MAX_MISSES) {
      const oldest = misses.keys().next()
      if (!oldest.done) misses.delete(oldest.value)
    }
    misses.set(key, now() + missMs)
  }

  return {
    signal: closing.signal,
    remember,
    start(key, work, failed) {
      if (closing.signal.aborted || running.has(key) || missedLately(key)) return
      const task = work()
        .catch((error: unknown) => {
          remember(key)
          failed(error)
        })
        .finally(() => {
          running.delete(key)
        })
      running.set(key, task)
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running.values()])
    },
    async close() {
      closing.abort()
      await Promise.all([...running.values()])
    },
  }
}
