/**
 * The password limits' settings (SEC-12, SEC-13), read with the rest of the environment by
 * ../config.ts; docs/settings.md lists them.
 */
import { z } from 'zod'
import { DEFAULT_HASH_QUEUE, type HashQueueConfig } from './hashQueue'
import { DEFAULT_SIGN_UP_BUCKET, type SignUpBucketConfig } from './signUpBucket'

export interface PasswordLimits {
  hashQueue: HashQueueConfig
  signUpBucket: SignUpBucketConfig
}

export const passwordEnv = {
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(DEFAULT_HASH_QUEUE.concurrency),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_HASH_QUEUE.queue),
  PASSWORD_HASH_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(DEFAULT_HASH_QUEUE.maxWaitMs),
  SIGNUP_BURST_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(DEFAULT_SIGN_UP_BUCKET.burst),
  SIGNUP_PER_ADDRESS_PER_MINUTE: z.coerce
    .number()
    .min(0.01)
    .max(100_000)
    .default(DEFAULT_SIGN_UP_BUCKET.perMinute),
}

type PasswordEnv = { [K in keyof typeof passwordEnv]: z.infer<(typeof passwordEnv)[K]> }

export function passwordLimits(e: PasswordEnv): PasswordLimits {
  return {
    hashQueue: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY,
      queue: e.PASSWORD_HASH_QUEUE,
      maxWaitMs: e.PASSWORD_HASH_MAX_WAIT_MS,
    },
    signUpBucket: {
      burst: e.SIGNUP_BURST_PER_ADDRESS,
      perMinute: e.SIGNUP_PER_ADDRESS_PER_MINUTE,
    },
  }
}
