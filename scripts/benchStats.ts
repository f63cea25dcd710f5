/**
 * The one percentile every benchmark prints: nearest rank (the value at rank ⌈p·n/100⌉ of the
 * sorted series), so a p50 or p95 means the same in every table. Imports nothing, so browser
 * benchmarks and server benchmarks share it without loading each other's code.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? NaN
}

export const median = (values: readonly number[]): number => percentile(values, 50)
