import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Server tests do real work (scrypt at the production cost, PostgreSQL, restarts) whose time
// grows with the load on the machine: 30 s sufficed alone and not beside a build. A limit only
// says how long a test that hangs takes to fail; nothing waits for it.
const SERVER_TEST_TIMEOUT_MS = 120_000

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
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
