/**
 * Runs first, on the fresh server: its first account is the admin the other specs ask for roles
 * (fixtures/accounts.ts, RL-1, RL-6).
 */
import { test } from '@playwright/test'
import { ensureAdmin } from './fixtures/accounts'

test('RL-1 the first account of the browser tests is their admin', async ({ request }) => {
  await ensureAdmin(request)
})
