/**
 * Keystroke to next frame in a real browser (issue 15): the real server on a throw-away PGlite
 * folder with the demo worklist plus N synthetic orders, the SPA built from the current source,
 * Debian's Chromium, a clinician signed up through the login page. Keys are pressed one at a
 * time at a steady pace into:
 *
 * - chat: the 'Message' box of a study opened by clicking a worklist row;
 * - report: the 'Report' box of that study's report editor ('Toggle report editor'), holding a
 *   report of 3,000 characters (Report and Impression), typed at its end;
 * - the floors, a bare <textarea> page served by the same server: empty (for the chat) and
 *   holding the same 3,000 characters (for the report).
 *
 * Latency of one key: from its `keydown` event's timeStamp (when the browser received it) to the
 * first moment after the animation frame that follows its `input` event: a rAF callback, then a
 * message posted from it, so style, layout and paint of that frame are included. Listeners are
 * capture-phase on window, registered before the page's scripts, the same for all targets.
 * The keys go in rounds (4 x 50 by default, 10 uncounted keys first in each), the targets in
 * turn, so that other work on the machine falls on all of them alike; the chat is typed with the
 * report editor closed, the report with it open. Prints p50/p95/max and the ratios of the p95s;
 * asserts nothing about the numbers.
 *
 * Run: npx tsx scripts/bench-keystroke.ts [orders=10000] [--reps KEYS=200] [--json FILE]
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, type Locator, type Page } from '@playwright/test'
import {
  buildSpa,
  fmt,
  freshContext,
  launchChromium,
  machine,
  parseBenchArgs,
  percentile,
  runBench,
  seedOrders,
  signUpClinician,
  startServer,
  tempDir,
  worklistRows,
  writeBenchPage,
  writeJson,
} from './benchBrowser'
import { tableLines } from './benchSupport'

const args = parseBenchArgs(process.argv.slice(2))
const ORDERS = args.numbers[0] ?? 10_000
const KEYS = args.reps ?? 200
/** Not counted, at the start of each round. */
const WARM_UP_KEYS = 10
const ROUNDS = 4
/** Between one key's release and the next key: about 130 words a minute with the round trips. */
const PACE_MS = 60

const INSTRUMENT = `(() => {
  const keys = { on: false, pending: null, samples: [], unmatched: 0 }
  window.__keys = keys
  addEventListener('keydown', (event) => {
    if (!keys.on) return
    if (keys.pending !== null) keys.unmatched += 1
    keys.pending = event.timeStamp
  }, true)
  addEventListener('input', () => {
    if (!keys.on || keys.pending === null) return
    const start = keys.pending
    keys.pending = null
    requestAnimationFrame(() => {
      const frame = performance.now()
      const channel = new MessageChannel()
      channel.port1.onmessage = () => keys.samples.push([performance.now() - start, frame - start])
      channel.port2.postMessage(null)
    })
  }, true)
})()`

interface KeysState {
  on: boolean
  samples: [number, number][]
  unmatched: number
}
type KeysWindow = Window & { __keys: KeysState }

const REPORT_TEXT = (() => {
  const findings =
    'The liver is normal in size and attenuation without focal lesion. The gallbladder is ' +
    'unremarkable. No intrahepatic or extrahepatic biliary dilatation. The pancreas, spleen ' +
    'and adrenal glands are normal. Both kidneys enhance symmetrically without hydronephrosis. '
  let body =
    'History: abdominal pain, rule out appendicitis.\nTechnique: CT abdomen and pelvis with ' +
    'intravenous contrast.\nComparison: none.\nFindings: '
  while (body.length < 2_700) body += findings
  return {
    report: body.slice(0, 2_700),
    impression: 'No acute abdominal or pelvic abnormality. '.repeat(8).slice(0, 300),
  }
})()
const TYPED = 'the appendix is normal in caliber with no periappendiceal fat stranding '

interface Target {
  name: string
  page: Page
  box: Locator
  /** What the target needs before each round (the report editor open or closed). */
  prepare?: () => Promise<void>
  afterPaint: number[]
  toFrame: number[]
  unmatched: number
}

const target = (name: string, page: Page, box: Locator, prepare?: () => Promise<void>): Target => ({
  name,
  page,
  box,
  ...(prepare ? { prepare } : {}),
  afterPaint: [],
  toFrame: [],
  unmatched: 0,
})

/** One round: the target's page in front, the caret at the end of its box, WARM_UP_KEYS then `keys` letters. */
async function typeRound({ page, box, prepare, ...into }: Target, keys: number) {
  await page.bringToFront()
  await prepare?.()
  await box.click()
  await page.keyboard.press('Control+End')
  const press = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await page.keyboard.press(TYPED[(into.afterPaint.length + i) % TYPED.length] ?? 'a')
      await sleep(PACE_MS)
    }
  }
  const record = (on: boolean) =>
    page.evaluate((value) => {
      const state = (window as unknown as KeysWindow).__keys
      const { samples, unmatched } = state
      Object.assign(state, { on: value, samples: [], unmatched: 0 })
      return { samples, unmatched }
    }, on)
  await record(true)
  await press(WARM_UP_KEYS)
  await record(true)
  await press(keys)
  await sleep(300)
  const { samples, unmatched } = await record(false)
  into.afterPaint.push(...samples.map(([total]) => total))
  into.toFrame.push(...samples.map(([, frame]) => frame))
  into.unmatched += unmatched
}

const summary = (t: Target) => ({
  keys: KEYS,
  measured: t.afterPaint.length,
  unmatched: t.unmatched,
  p50: percentile(t.afterPaint, 50),
  p95: percentile(t.afterPaint, 95),
  max: Math.max(...t.afterPaint),
  rafP95: percentile(t.toFrame, 95),
  samples: t.afterPaint.map((value) => Math.round(value * 10) / 10),
})

runBench(async (cleanup) => {
  const staticDir = buildSpa(cleanup)
  const textareaPath = writeBenchPage(
    staticDir,
    'textarea.html',
    `<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>Textarea</title>\n` +
      `<textarea aria-label="Text" rows="12" cols="80"></textarea></html>`,
  )
  const dataDir = tempDir(cleanup, 'readout-bench-keystroke-')
  seedOrders(dataDir, ORDERS)
  const server = await startServer(cleanup, dataDir, staticDir)
  const browser = await launchChromium(cleanup)
  const atStart = machine(browser)
  const state = await signUpClinician(browser, server.url)
  const { context, page } = await freshContext(browser, server.url, state)
  cleanup.add('close the context', () => context.close())
  await context.addInitScript({ content: INSTRUMENT })

  // The floors: a bare textarea, empty and holding the report's 3,000 characters.
  const bareTarget = async (name: string, text: string) => {
    const bare = await context.newPage()
    await bare.goto(textareaPath)
    const box = bare.getByRole('textbox', { name: 'Text' })
    await box.fill(text)
    return target(name, bare, box)
  }
  const empty = await bareTarget('textarea (empty)', '')
  const full = await bareTarget(
    'textarea (3,000 chars)',
    REPORT_TEXT.report + REPORT_TEXT.impression,
  )

  // The product: open a study from the worklist (one that is not signed, so it can be edited).
  await page.bringToFront()
  await page.goto('/')
  const row = worklistRows(page).filter({ hasNotText: 'Final' }).first()
  await row.click({ timeout: 120_000 })
  const message = page.getByRole('textbox', { name: 'Message' })
  await expect(message).toBeEditable({ timeout: 60_000 })
  const reportBox = page.getByRole('textbox', { name: 'Report' })
  const impression = page.getByRole('textbox', { name: 'Impression' })
  const editor = (open: boolean) => async () => {
    const toggle = page.getByRole('button', { name: 'Toggle report editor' })
    if ((await toggle.getAttribute('aria-pressed')) !== String(open)) await toggle.click()
    await expect(toggle).toHaveAttribute('aria-pressed', String(open))
    if (open) await expect(reportBox).toBeEditable({ timeout: 60_000 })
  }
  await editor(true)()
  await reportBox.fill(REPORT_TEXT.report)
  await impression.fill(REPORT_TEXT.impression)
  await page.getByText('Saved', { exact: true }).waitFor({ timeout: 60_000 })
  const reportChars = (await reportBox.inputValue()).length + (await impression.inputValue()).length
  const chat = target('chat Message', page, message, editor(false))
  const report = target(`report (${String(reportChars)} chars)`, page, reportBox, editor(true))

  // Rounds, the targets in turn, so that whatever else the machine does falls on all of them.
  const targets = [empty, full, chat, report]
  for (let round = 0; round < ROUNDS; round++) {
    const keys = Math.round((KEYS * (round + 1)) / ROUNDS) - Math.round((KEYS * round) / ROUNDS)
    for (const t of targets) await typeRound(t, keys)
  }
  const results = {
    textarea: summary(empty),
    textarea3000: summary(full),
    chat: summary(chat),
    report: summary(report),
  }

  const rows = targets.map((t) => [t.name, summary(t)] as const)
  console.log(
    `\n${String(ORDERS)} synthetic orders; ${String(KEYS)} keys each, ${String(PACE_MS)} ms apart; ms from keydown to after the next frame`,
  )
  const head = ['target', 'p50', 'p95', 'max', 'rAF p95', 'measured']
  const table = rows.map(([name, r]) => [
    name,
    ...[r.p50, r.p95, r.max, r.rafP95].map((value) => fmt(value, 1)),
    `${String(r.measured)}/${String(r.keys)}`,
  ])
  for (const line of tableLines([head, ...table])) console.log(line)
  const ratios = {
    chatToTextarea: results.chat.p95 / results.textarea.p95,
    reportToTextarea: results.report.p95 / results.textarea.p95,
    reportToTextarea3000: results.report.p95 / results.textarea3000.p95,
  }
  console.log(
    `p95 ratios: chat/textarea ${fmt(ratios.chatToTextarea, 1)}x, report/textarea ${fmt(ratios.reportToTextarea, 1)}x, report/textarea with 3,000 chars ${fmt(ratios.reportToTextarea3000, 1)}x`,
  )
  writeJson(args.json, {
    benchmark: 'keystroke',
    date: new Date().toISOString(),
    machine: { atStart, atEnd: machine(browser) },
    orders: ORDERS,
    paceMs: PACE_MS,
    reportChars,
    results,
    ratios,
  })
})
