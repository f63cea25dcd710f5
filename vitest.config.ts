import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Vitest runs cores - 1 test files at a time: one on a 2-core machine, although most of the suite
// waits on PostgreSQL, child processes and timers rather than on the CPU. Two at a time took the
// PostgreSQL project from 279 s to 126 s on 2 cores (three: 120 s). Each file has its own database,
// data folder and ports, so files share nothing.
const TEST_FILES_AT_ONCE = Math.max(2, availableParallelism() - 1)

// Server tests do real work (scrypt at the production cost, PostgreSQL, restarts) whose time
// grows with the load on the machine: 30 s sufficed alone and not beside a build. A limit only
// says how long a test that hangs takes to fail; nothing waits for it.
const SERVER_TEST_TIMEOUT_MS = 120_000

export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: TEST_FILES_AT_ONCE,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/pgliteGlobalSetup.ts'],
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          hookTimeout: SERVER_TEST_TIMEOUT_MS,
        },
      },
      {
        // The same server suite on a real PostgreSQL started from the machine's binaries.
        extends: true,
        test: {
          name: 'server-pg',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Pure engines (the assistant, the pre-sign checks) touch no database: once is enough.
          exclude: ['tests/server/assistant/**', 'tests/server/qa/**'],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/support/postgresGlobalSetup.ts'],
          testTimeout: SERVER_TEST_TIMEOUT_MS,
          hookTimeout: SERVER_TEST_TIMEOUT_MS,
        },
      },
      {
        // The repository's own rules (lint boundaries), checked like the code they guard.
        extends: true,
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tests/tooling/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setupDom.ts'],
          // A whole-app test (sign-in through the real SDK, typing, a page load) took 12 s beside
          // a CPU load; the limit is three times that. It never waits: it only bounds a hang.
          testTimeout: 60_000,
        },
      },
    ],
  },
})
