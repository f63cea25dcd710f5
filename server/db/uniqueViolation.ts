/** Whether a write failed on a unique constraint (23505), however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    if ((current as Error & { code?: unknown }).code === '23505') return true
    current = current.cause
  }
  return false
}
