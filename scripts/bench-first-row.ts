/**
 * First worklist row in a real browser (issue 15): for each size, the real server on a
 * throw-away PGlite folder with the demo worklist plus N synthetic orders, the SPA built from the
 * current source, Debian's Chromium, and a clinician signed up once. Each repetition opens a
 * fresh context (no cache) whose storage already holds the session, as reopening the browser does.
 *
 * - product: `/`, until the first row of the 'Worklist' list box is on screen (found in the DOM
 *   by a MutationObserver, timed at the next animation frame, then checked with Playwright's
 *   getByRole), and the total blocking time until then (long tasks beyond 50 ms);
 * - floor: a ten-line page served by the same server (same origin, same headers) that reads the
 *   same session token, fetches the worklist with the very URL and headers of the SPA's first
 *   call, and renders the first order's patient name into an <li>;
 * - static: the first 50 rows as static HTML from the same server (what no fetch costs).
 *
 * Sizes are seeded in ascending order into one folder (10k, then 40k more, …) to save seeding
 * time. Prints medians; asserts nothing about the numbers. A product page that shows no row
 * within --limit seconds (default 120) is recorded as a timeout.
 *
 * Run: npx tsx scripts/bench-first-row.ts [orders...=10000 50000 100000] [--reps 5] [--limit 120]
 *      [--json FILE]
 */
import type { Browser } from '@playwright/test'
import { tableLines } from './benchSupport'
import {
  APP_ROW,
  COLLECT,
  escapeHtml,
  FLOOR_HTML,
  floorJs,
  initScript,
  isRun,
  PAGE_ROW,
  PRODUCT_ROW,
  type BenchWindow,
  type Outcome,
  type Run,
} from './benchFirstRowPage'
import {
  buildSpa,
  fetchWorklist,
  fmt,
  freshContext,
  launchChromium,
  machine,
  median,
  movedState,
  parseBenchArgs,
  runBench,
  seedOrders,
  signUpClinician,
  startServer,
  tempDir,
  worklistRows,
  writeBenchPage,
  writeJson,
  type RunningServer,
  type StorageState,
} from './benchBrowser'

const args = parseBenchArgs(process.argv.slice(2))
const LIMIT_MS = (args.limit ?? 120) * 1000
const SIZES = [...(args.numbers.length > 0 ? args.numbers : [10_000, 50_000, 100_000])].sort(
  (a, b) => a - b,
)
const REPS = args.reps ?? 5

/** One page load in a fresh context; answers what it measured and the storage it left. */
async function measure(
  browser: Browser,
  server: RunningServer,
  state: StorageState,
  target: { path: string; findRow: string; findAppRow: string },
): Promise<{ outcome: Outcome; state: StorageState; ordersUrl?: string }> {
  const { context, page } = await freshContext(browser, server.url, state)
  try {
    let ordersUrl: string | undefined
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/v1/orders') ordersUrl ??= url.pathname + url.search
    })
    await page.addInitScript({ content: initScript(target.findRow, target.findAppRow) })
    await page.goto(target.path, { waitUntil: 'commit' })
    try {
      // A function, not a string: the product's CSP forbids evaluating strings.
      await page.waitForFunction(
        () => (window as BenchWindow).__bench?.appRowAt !== undefined,
        null,
        {
          timeout: LIMIT_MS,
          polling: 100,
        },
      )
    } catch (error) {
      const seen = await page.evaluate('JSON.stringify(window.__bench)').catch(() => '?')
      console.error(
        `no row on ${page.url()} within ${String(LIMIT_MS)} ms (${String(seen)}):`,
        error,
      )
      return { outcome: { timedOut: true }, state: await context.storageState(), ordersUrl }
    }
    const run = await page.evaluate<Run>(COLLECT)
    if (target.findRow === PRODUCT_ROW) {
      // The row the observer found is the first option of the list box named 'Worklist'.
      const first = worklistRows(page).first()
      await first.waitFor({ state: 'visible', timeout: 10_000 })
      // The same row, painted first or by the app (its waiting clock may have turned a minute).
      const text = (await first.textContent())?.trim() ?? ''
      const digitless = (value: string) => value.replace(/\d+/g, '#')
      if (digitless(text) !== digitless(run.rowText))
        throw new Error(`found "${run.rowText}", not "${text}"`)
    }
    return { outcome: run, state: await context.storageState(), ordersUrl }
  } finally {
    await context.close()
  }
}

/** The first 50 rows as static HTML, from the worklist as the SPA's first call asks for it. */
async function staticHtml(server: RunningServer, state: StorageState, ordersPath: string) {
  const rows = (await fetchWorklist(server.url, state, ordersPath)).slice(0, 50).map((order) => {
    const { first_name, last_name } = order.patient
    return `<li>${escapeHtml(`${last_name}, ${first_name} ${order.accession_number}`)}</li>`
  })
  return `<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>Static</title>\n<ul id="rows">${rows.join('\n')}</ul></html>`
}

const SUMMARY = [
  'ms',
  'appMs',
  'appTbt',
  'tbt',
  'refreshEnd',
  'ordersStart',
  'ordersEnd',
  'busyBeforeList',
  'busyAfterList',
  'ordersJsonBytes',
] as const

/** The medians of what the runs measured (timeouts left out, and counted). */
function summarize(outcomes: Outcome[]) {
  const runs = outcomes.filter(isRun)
  const medians = SUMMARY.map((key) => [key, median(runs.map((run) => run[key] ?? NaN))])
  return {
    ...(Object.fromEntries(medians) as Record<(typeof SUMMARY)[number], number>),
    timeouts: outcomes.length - runs.length,
    runs: outcomes,
  }
}

runBench(async (cleanup) => {
  const staticDir = buildSpa(cleanup)
  const dataDir = tempDir(cleanup, 'readout-bench-first-row-')
  const browser = await launchChromium(cleanup)
  const atStart = machine(browser)
  const results = []
  let seeded = 0
  let server: RunningServer | undefined
  let state: StorageState | undefined
  // The benchmark's pages, in the build the server serves (they must exist when it starts).
  const benchPage = (name: string, html: string) => ({
    path: writeBenchPage(staticDir, name, html),
    findRow: PAGE_ROW,
    findAppRow: PAGE_ROW,
  })
  const floor = benchPage('floor.html', FLOOR_HTML)
  writeBenchPage(staticDir, 'floor.js', floorJs('/api/v1/orders'))
  const still = benchPage('static.html', '<!doctype html>')
  for (const size of SIZES) {
    await server?.stop()
    seedOrders(dataDir, size - seeded)
    seeded = size
    server = await startServer(cleanup, dataDir, staticDir)
    state = state ? movedState(state, server.url) : await signUpClinician(browser, server.url)
    // Warm-up (not counted): the server builds the list once per data version.
    const warm = await measure(browser, server, state, {
      path: '/',
      findRow: PRODUCT_ROW,
      findAppRow: APP_ROW,
    })
    state = warm.state
    // The floor asks exactly what the SPA's first call asked.
    const ordersPath = warm.ordersUrl ?? '/api/v1/orders'
    writeBenchPage(staticDir, 'floor.js', floorJs(ordersPath))
    writeBenchPage(staticDir, 'static.html', await staticHtml(server, state, ordersPath))
    const product: Outcome[] = []
    const floors: Outcome[] = []
    const statics: Outcome[] = []
    for (let rep = 0; rep < REPS; rep++) {
      const loaded = await measure(browser, server, state, {
        path: '/',
        findRow: PRODUCT_ROW,
        findAppRow: APP_ROW,
      })
      state = loaded.state
      product.push(loaded.outcome)
      floors.push((await measure(browser, server, state, floor)).outcome)
      statics.push((await measure(browser, server, state, still)).outcome)
    }
    const p = summarize(product)
    const f = summarize(floors)
    const s = summarize(statics)
    results.push({ orders: size, ordersPath, ratio: p.ms / f.ms, product: p, floor: f, static: s })
    console.log(
      `${String(size)} orders (${fmt(p.ordersJsonBytes / 1e6, 1)} MB of JSON): product ${fmt(p.ms)} ms, TBT ${fmt(p.tbt)}` +
        ` (the app's own row ${fmt(p.appMs)} ms, TBT ${fmt(p.appTbt)})` +
        ` (session refreshed at ${fmt(p.refreshEnd)}, list asked at ${fmt(p.ordersStart)}, in at ${fmt(p.ordersEnd)};` +
        ` long tasks ${fmt(p.busyBeforeList)} ms before the list was in, ${fmt(p.busyAfterList)} ms after` +
        `${p.timeouts ? `, ${String(p.timeouts)} timeouts` : ''}); floor ${fmt(f.ms)} ms, TBT ${fmt(f.tbt)}` +
        ` (list asked at ${fmt(f.ordersStart)}, in at ${fmt(f.ordersEnd)}); static ${fmt(s.ms)} ms`,
    )
  }
  console.log(`\nmedians of ${String(REPS)} fresh page loads, ms from navigation start`)
  const table = results.map((r) =>
    [
      r.orders,
      r.product.ms,
      r.floor.ms,
      r.ratio,
      r.product.tbt,
      r.floor.tbt,
      r.static.ms,
      r.product.appMs,
      r.product.appTbt,
    ].map((value, column) => fmt(value, column === 3 ? 1 : 0)),
  )
  const head = [
    'orders',
    'product',
    'floor',
    'ratio',
    'product TBT',
    'floor TBT',
    'static',
    "app's row",
    'its TBT',
  ]
  for (const line of tableLines([head, ...table])) console.log(line)
  writeJson(args.json, {
    benchmark: 'first-row',
    date: new Date().toISOString(),
    machine: { atStart, atEnd: machine(browser) },
    reps: REPS,
    limitMs: LIMIT_MS,
    sizes: results,
  })
})
