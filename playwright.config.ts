import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { ensureFakeMicrophoneFile } from './tests/e2e/fixtures/fakeMicrophone'
import {
  SPEECH_HOST,
  SPEECH_SERVER_PORT,
  SPEECH_SERVER_URL,
} from './tests/e2e/fixtures/speechService'
import { HL7_PORT } from './tests/e2e/fixtures/hl7'
import { TEST_BUILD, TEST_SERVER_BUILD } from './tests/e2e/fixtures/testBuild'

// The real server on a throw-away data folder. Workers re-read this file, so the folder is
// created once and handed down through the environment.
process.env.READOUT_E2E_DATA ??= mkdtempSync(path.join(os.tmpdir(), 'readout-e2e-'))
const port = Number(process.env.READOUT_E2E_PORT ?? 8181)
export const baseURL = `http://127.0.0.1:${port}`

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Dictation (tests/e2e/dictation.spec.ts): a fake microphone playing a generated WAV,
  // granted without a prompt, and audio allowed to start without a gesture.
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${ensureFakeMicrophoneFile(path.resolve('tests/e2e/.artifacts'))}`,
  '--autoplay-policy=no-user-gesture-required',
]

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.READOUT_E2E_BUILD
    ? `test-results/e2e-${process.env.READOUT_E2E_BUILD}`
    : 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    colorScheme: 'dark',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The first account (the admin, tests/e2e/fixtures/accounts.ts) is made before anything else.
  // The journey runs next, on the fresh server: the top stat study is its own. The tour runs
  // last: it ends by clearing all studies (tests/e2e/tour.spec.ts).
  projects: [
    { name: 'accounts', testMatch: /accounts\.setup\.ts$/ },
    { name: 'journey', testMatch: /journey\.spec\.ts$/, dependencies: ['accounts'] },
    { name: 'browser', testIgnore: /(journey|tour)\.spec\.ts$/, dependencies: ['journey'] },
    { name: 'tour', testMatch: /tour\.spec\.ts$/, dependencies: ['browser'] },
  ],
  globalTeardown: './tests/e2e/globalTeardown.ts',
  webServer: [
    {
      // The loopback speech service the app's dictation connects to (SPEECH_HOST below).
      command: `npx tsx tests/support/speech/serve.ts ${String(SPEECH_SERVER_PORT)}`,
      url: `${SPEECH_SERVER_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // A test build of the current source: production code plus the action log recorder
      // (VITE_ACTION_LOG), which the journey's replay reads, and the compiled server users run
      // (OPS-1). Built here so a stale build is never what is tested.
      command: `npx vite build --outDir ${TEST_BUILD} --emptyOutDir --logLevel warn && npx tsx scripts/build-server.ts --out ${TEST_SERVER_BUILD} && node ${TEST_SERVER_BUILD}/index.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: process.env.READOUT_E2E_DATA,
        STATIC_DIR: TEST_BUILD,
        VITE_ACTION_LOG: 'true',
        LOG_LEVEL: 'warn',
        SPEECH_HOST,
        // Every browser test signs a new user up from 127.0.0.1, and sign-up-or-in first tries
        // a sign-in that fails: the default per-address limit (20 in 15 minutes) would stop the run.
        SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
        // ... and sign-up's per-address bucket (SEC-13: 10 at once, then 2 a minute) likewise.
        SIGNUP_BURST_PER_ADDRESS: '100000',
        // Every study links to a stand-in viewer (tests/e2e/images.spec.ts intercepts it).
        VIEWER_URL_TEMPLATE: 'https://viewer.readout.test/open?accession={accession}',
        // Orders from the hospital over MLLP, as a RIS sends them (tests/e2e/live.spec.ts).
        HL7_LISTEN_PORT: String(HL7_PORT),
      },
    },
  ],
})
