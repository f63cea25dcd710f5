/**
 * A small seeded PRNG (mulberry32). Seed data must come out the same on every run, so nothing
 * here touches Math.random.
 */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number
  /** Uniform real in [min, max). */
  between(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** One item, each as likely as its weight. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const at = <T>(items: readonly T[], index: number): T => {
    const item = items[index]
    if (item === undefined) throw new RangeError('Cannot pick from an empty list')
    return item
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => at(items, Math.floor(next() * items.length)),
    weighted: (items, weight) => {
      const total = items.reduce((sum, item) => sum + weight(item), 0)
      let target = next() * total
      for (const item of items) {
        target -= weight(item)
        if (target < 0) return item
      }
      return at(items, items.length - 1)
    },
  }
}
