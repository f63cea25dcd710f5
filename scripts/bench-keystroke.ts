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
 * Prints p50/p95/max and the ratios; asserts nothing about the numbers.
 *
 * Run: npx tsx scripts/bench-keystroke.ts [orders=10000] [--reps KEYS=200] [--json FILE]
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Locator, Page } from '@playwright/test'
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
const WARM_UP_KEYS = 20
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

/** Presses WARM_UP_KEYS then KEYS letters into `box` (focused, caret at its end); answers ms. */
async function typeInto(page: Page, box: Locator) {
  await box.click()
  await page.keyboard.press('Control+End')
  const setOn = (on: boolean) =>
    page.evaluate((value) => {
      const keys = (window as unknown as KeysWindow).__keys
      keys.on = value
      keys.samples = []
      keys.unmatched = 0
    }, on)
  const press = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await page.keyboard.press(TYPED[i % TYPED.length] ?? 'a')
      await sleep(PACE_MS)
    }
  }
  await setOn(true)
  await press(WARM_UP_KEYS)
  await setOn(true)
  await press(KEYS)
  await sleep(500)
  const keys = await page.evaluate(() => {
    const state = (window as unknown as KeysWindow).__keys
    state.on = false
    return { samples: state.samples, unmatched: state.unmatched }
  })
  const afterPaint = keys.samples.map(([total]) => total)
  const toFrame = keys.samples.map(([, frame]) => frame)
  return {
    keys: KEYS,
    measured: afterPaint.length,
    unmatched: keys.unmatched,
    p50: percentile(afterPaint, 50),
    p95: percentile(afterPaint, 95),
    max: Math.max(...afterPaint),
    rafP95: percentile(toFrame, 95),
    samples: afterPaint.map((value) => Math.round(value * 10) / 10),
  }
}

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
  const bare = await context.newPage()
  await bare.goto(textareaPath)
  const text = bare.getByRole('textbox', { name: 'Text' })
  const textarea = await typeInto(bare, text)
  await text.fill(REPORT_TEXT.report + REPORT_TEXT.impression)
  const textarea3000 = await typeInto(bare, text)
  await bare.close()

  // The product: open a study from the worklist (one that is not signed, so it can be edited).
  await page.goto('/')
  const row = worklistRows(page).filter({ hasNotText: 'Final' }).first()
  await row.click({ timeout: 120_000 })
  await row.waitFor()
  const message = page.getByRole('textbox', { name: 'Message' })
  await message.waitFor({ timeout: 60_000 })
  await page.waitForFunction(() => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')
    return box !== null && !box.disabled && !box.readOnly
  })
  const chat = await typeInto(page, message)
  await message.fill('')

  const toggle = page.getByRole('button', { name: 'Toggle report editor' })
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  const reportBox = page.getByRole('textbox', { name: 'Report' })
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await reportBox.waitFor({ timeout: 60_000 })
  await reportBox.fill(REPORT_TEXT.report)
  await impression.fill(REPORT_TEXT.impression)
  await page.getByText('Saved', { exact: true }).waitFor({ timeout: 60_000 })
  const reportChars = (await reportBox.inputValue()).length + (await impression.inputValue()).length
  const report = await typeInto(page, reportBox)
  const results = { textarea, textarea3000, chat, report }

  const rows = [
    ['textarea (empty)', textarea],
    ['textarea (3,000 chars)', textarea3000],
    ['chat Message', chat],
    [`report (${String(reportChars)} chars)`, report],
  ] as const
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
    chatToTextarea: chat.p95 / textarea.p95,
    reportToTextarea: report.p95 / textarea.p95,
    reportToTextarea3000: report.p95 / textarea3000.p95,
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
