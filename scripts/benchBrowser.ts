/**
 * What the browser benchmarks (bench-first-row.ts, bench-keystroke.ts) share: the SPA built once
 * into a throw-away folder, the real server on a throw-away PGlite folder seeded with synthetic
 * orders, Debian's Chromium, a clinician signed up through the login page, and the cleanup of
 * all of it, failure or not. They drive the product only by what a user sees (roles, accessible
 * names, texts), never by the SPA's modules, so they keep working while src/ changes.
 *
 * Code that runs in the page is written as plain JavaScript in strings: tsx may wrap functions
 * with helpers that do not exist in the page, so no function is serialized into it.
 *
 * The run's frame (command line, cleanup, percentiles, JSON) is in benchBrowserRun.ts and
 * re-exported here, so a benchmark imports its browser side from this one module.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { Cleanup } from './benchBrowserRun'

export {
  Cleanup,
  fmt,
  machine,
  median,
  parseBenchArgs,
  percentile,
  runBench,
  writeJson,
  type BenchArgs,
} from './benchBrowserRun'

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

export const VIEWPORT = { width: 1440, height: 900 }
const PASSWORD = 'Bench-Browser-Password-7'

export function tempDir(cleanup: Cleanup, prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  cleanup.add(`remove ${dir}`, () => {
    rmSync(dir, { recursive: true, force: true })
  })
  return dir
}

/** Builds the SPA from the current source into a throw-away folder; answers the folder. */
export function buildSpa(cleanup: Cleanup): string {
  const outDir = tempDir(cleanup, 'readout-bench-spa-')
  const started = performance.now()
  const built = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  )
  if (built.status !== 0) throw new Error('the SPA build failed')
  console.log(`SPA built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return outDir
}

/**
 * Adds `orders` synthetic orders (and the demo worklist, the first time) to the PGlite folder
 * `dataDir`. No server may have the folder open.
 */
export function seedOrders(dataDir: string, orders: number): void {
  if (orders <= 0) return
  const started = performance.now()
  const seeded = spawnSync('npx', ['tsx', 'server/cli/seed.ts', '--orders', String(orders)], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (seeded.status !== 0) throw new Error('seeding failed')
  console.log(
    `seeded ${orders} synthetic orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

export interface RunningServer {
  url: string
  stop: () => Promise<void>
}

/** The real server (its own process, port chosen by the system) on `dataDir`, serving `staticDir`. */
export async function startServer(
  cleanup: Cleanup,
  dataDir: string,
  staticDir: string,
): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let stopped = false
  const stop = async () => {
    if (stopped || child.exitCode !== null) return
    stopped = true
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  cleanup.add('stop the server', stop)
  const url = await waitForLine(child, /http:\/\/127\.0\.0\.1:\d+/)
  return { url, stop }
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const match = pattern.exec(seen)
      if (match) resolve(match[0])
    })
    child.once('exit', (code) => {
      reject(new Error(`the server exited (${String(code)}) before it served:\n${seen}`))
    })
  })
}

/** Debian's Chromium, headless, with the browser tests' arguments. */
export async function launchChromium(cleanup: Cleanup): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  cleanup.add('close the browser', () => browser.close())
  return browser
}

/**
 * Signs a new clinician up through the login page (as tests/e2e/support.ts does) and answers the
 * browser storage that holds the session. The identity SDK keeps its tokens in localStorage, so
 * a context made with this state opens the workspace already signed in. While signing up, the
 * worklist is not fetched (it may take long at large sizes and is not measured here).
 */
export async function signUpClinician(browser: Browser, url: string): Promise<StorageState> {
  const context = await browser.newContext({ viewport: VIEWPORT, baseURL: url })
  try {
    const page = await context.newPage()
    await page.route('**/api/v1/orders*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    )
    await page.goto('/login')
    await page.getByLabel('Email').fill(`bench-${Date.now()}@hospital.test`)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel('Full name').fill('Dr Bench Browser')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.getByRole('button', { name: 'Log out' }).waitFor({ timeout: 60_000 })
    return await context.storageState()
  } finally {
    await context.close()
  }
}

/**
 * A fresh context (no cache, no open page) with the session `state`, at `url`. A page load
 * refreshes the session and the refresh token rotates: a state is used for one product page
 * only, and the next context takes the state that page left (`context.storageState()`).
 */
export async function freshContext(
  browser: Browser,
  url: string,
  state: StorageState,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    baseURL: url,
    storageState: state,
  })
  const page = await context.newPage()
  return { context, page }
}

/**
 * The same browser storage for a server restarted on another port: localStorage belongs to an
 * origin, port included (cookies do not care about the port).
 */
export function movedState(state: StorageState, url: string): StorageState {
  const origin = new URL(url).origin
  return { ...state, origins: state.origins.map((entry) => ({ ...entry, origin })) }
}

/** The session token the SDK stores (localStorage `DS`), for a fetch of the benchmark's own. */
export function sessionToken(state: StorageState, url: string): string {
  const origin = state.origins.find((candidate) => candidate.origin === new URL(url).origin)
  const token = origin?.localStorage.find((item) => item.name === 'DS')?.value
  if (!token) throw new Error('no session token in the browser storage')
  return token
}

/** A worklist entry, as much of it as a benchmark shows. */
export interface ListedOrder {
  accession_number: string
  patient: { first_name: string; last_name: string }
}

/** The worklist at `ordersPath` (the whole list, or a page's items), with the browser's session. */
export async function fetchWorklist(url: string, state: StorageState, ordersPath: string) {
  const response = await fetch(new URL(ordersPath, url), {
    headers: { accept: 'application/json', authorization: `Bearer ${sessionToken(state, url)}` },
  })
  if (!response.ok) throw new Error(`GET ${ordersPath}: ${String(response.status)}`)
  const answer = (await response.json()) as ListedOrder[] | { items: ListedOrder[] }
  return Array.isArray(answer) ? answer : answer.items
}

/** The worklist's rows, as a user (or a screen reader) finds them. */
export const worklistRows = (page: Page) =>
  page.getByRole('listbox', { name: 'Worklist' }).getByRole('option')

/**
 * Writes a page of the benchmark's own into the throw-away SPA build, which the server serves on
 * its origin with its own headers (CSP included: scripts must be files, not inline). The server
 * lists the files when it starts, so a page must exist then; its content may change later.
 * Answers the page's path.
 */
export function writeBenchPage(staticDir: string, name: string, content: string): string {
  mkdirSync(path.join(staticDir, '__bench'), { recursive: true })
  writeFileSync(path.join(staticDir, '__bench', name), content)
  return `/__bench/${name}`
}
