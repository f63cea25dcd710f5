/**
 * SEC-13: a token bucket per client address for sign-up, in this process's memory. The hourly
 * limit in the database (SEC-7) caps how many accounts an address creates across instances; the
 * bucket caps how fast: a burst of `burst` sign-ups, then `perMinute` more each minute. A flood
 * inside the hourly quota is refused with 429 before anything is looked up or hashed.
 *
 * Memory is bounded: a bucket that has refilled is forgotten (it would behave the same as a new
 * one), and past MAX_ADDRESSES the oldest buckets go first.
 */
export interface SignUpBucketConfig {
  /** Sign-ups an address may make at once. */
  burst: number
  /** Sign-ups an address gets back each minute. */
  perMinute: number
}

export const DEFAULT_SIGN_UP_BUCKET: SignUpBucketConfig = { burst: 10, perMinute: 2 }

const MAX_ADDRESSES = 10_000

interface Bucket {
  tokens: number
  at: number
}

export type BucketAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface SignUpBucket {
  take(address: string, now: Date): BucketAnswer
}

export function createSignUpBucket(config: SignUpBucketConfig): SignUpBucket {
  const buckets = new Map<string, Bucket>()
  const perMs = config.perMinute / 60_000

  const level = (bucket: Bucket, at: number) =>
    Math.min(config.burst, bucket.tokens + (at - bucket.at) * perMs)

  const forgetFull = (at: number) => {
    for (const [address, bucket] of buckets) {
      if (level(bucket, at) >= config.burst) buckets.delete(address)
    }
    // Still too many (a flood from many addresses): the least recently used go.
    for (const address of buckets.keys()) {
      if (buckets.size < MAX_ADDRESSES) break
      buckets.delete(address)
    }
  }

  return {
    take(address, now) {
      const at = now.getTime()
      const known = buckets.get(address)
      const tokens = known ? level(known, at) : config.burst
      if (tokens < 1) {
        return { allowed: false, retryAfterSeconds: Math.ceil((1 - tokens) / perMs / 1000) }
      }
      if (!known && buckets.size >= MAX_ADDRESSES) forgetFull(at)
      // Deleted and set again, so the Map's order is least recently used first.
      buckets.delete(address)
      buckets.set(address, { tokens: tokens - 1, at })
      return { allowed: true }
    },
  }
}
