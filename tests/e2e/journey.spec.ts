/**
 * A radiologist's whole shift in Debian's Chromium against the real server, in one continuous
 * session: sign up, read the top stat study, talk to the assistant by typing and by dictation
 * (the real Speech SDK against the loopback speech server), write, save and finalize the report,
 * clear the worklist and log out. The store records every action on the way; at the end each
 * page load's log is exported the way a developer would (the DevTools file `download()` saves),
 * replayed into a fresh store in a fresh page, and must give the same state (API-1).
 *
 * It runs first (playwright.config.ts, project 'journey'), so the top stat study is untouched.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { speechService } from './fixtures/speechService'
import { grantRoles } from './fixtures/accounts'
import { signUp } from './support'

const RANK: Record<string, number> = { stat: 0, urgent: 1, routine: 2 }

/**
 * The seeded top stat study is a right upper quadrant ultrasound for suspected cholecystitis; the
 * radiologist dictates what they see, 57 words, spoken punctuation included, so stopping sends it
 * to cleanup (DC-3).
 */
const DICTATION = [
  'findings colon the gallbladder is distended and contains multiple mobile gallstones period',
  'the gallbladder wall is thickened to five millimeters with a small amount of pericholecystic fluid period',
  'the sonographic murphy sign is positive period',
  'the common bile duct measures four millimeters period',
  'the liver is normal in size and echotexture period',
  'no intrahepatic biliary dilatation period',
]
const RAW = DICTATION.join(' ')
/** What the server's local assistant makes of it. */
const CLEANED =
  'Findings: the gallbladder is distended and contains multiple mobile gallstones. The gallbladder wall is thickened to 5 mm with a small amount of pericholecystic fluid. The sonographic Murphy sign is positive. The common bile duct measures 4 mm. The liver is normal in size and echotexture. No intrahepatic biliary dilatation.'

/** The report dictated by its headings, as the speech service displays it. */
const SECTIONS_SPOKEN = [
  'Findings: Distended gallbladder with multiple gallstones, wall thickening to 5 mm and pericholecystic fluid.',
  'Positive sonographic Murphy sign.',
  'Impression: Findings consistent with acute calculous cholecystitis.',
]
const EDITED_IMPRESSION =
  'Acute calculous cholecystitis. Common bile duct not dilated. Surgical consultation recommended.'

/** One screenshot per step, numbered in order, under test-results/e2e/journey/. */
function stepShots(page: Page) {
  let step = 0
  return async (name: string) => {
    step += 1
    await page.screenshot({
      path: `test-results/e2e/journey/${String(step).padStart(2, '0')}-${name}.png`,
    })
  }
}

interface RecordedSegment {
  /** The file `readoutActionLog.download()` saved, as Redux DevTools' Import reads it. */
  file: { payload: string; preloadedState?: string }
  /** The live state at the moment the file was saved. */
  state: unknown
}

/**
 * Exports this page load's action log through the developer handle's download, and the live
 * state at the same instant (one synchronous call in the page, so no action slips in between).
 */
async function exportActionLog(page: Page): Promise<RecordedSegment> {
  const download = page.waitForEvent('download')
  const state = await page.evaluate(() => {
    const handle = window.readoutActionLog
    if (!handle) throw new Error('this build records no action log (VITE_ACTION_LOG)')
    const now = handle.state()
    handle.download()
    return now
  })
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(/^readout-actions-.+\.json$/)
  const file = JSON.parse(await readFile(await saved.path(), 'utf8')) as RecordedSegment['file']
  return { file, state }
}

/** Replays a saved log in a fresh page (a fresh store and module instances, no session). */
async function replayInFreshPage(browser: Browser, baseURL: string, segment: RecordedSegment) {
  const context = await browser.newContext({ baseURL })
  try {
    const page = await context.newPage()
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
    // The workspace's slices come with its flows' code, which the login page loads after its
    // first screen: the replay waits for them, as the workspace itself does.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (window.readoutActionLog?.state() as { flows?: { workspace?: boolean } } | undefined)
              ?.flows?.workspace === true,
        ),
      )
      .toBe(true)
    return await page.evaluate((file) => {
      const log = {
        actions: JSON.parse(file.payload) as never[],
        preloadedState:
          file.preloadedState === undefined
            ? undefined
            : (JSON.parse(file.preloadedState) as unknown),
      }
      return window.readoutActionLog?.replay(log)
    }, segment.file)
  } finally {
    await context.close()
  }
}

/**
 * The state as the log can carry it: JSON drops keys whose value is undefined, and RTK Query's
 * `middlewareRegistered` compares the API instance's id, which is new in every page.
 */
function comparable(state: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(state)) as { api?: { config?: Record<string, unknown> } }
  delete copy.api?.config?.middlewareRegistered
  return copy
}

function actionTypes(segment: RecordedSegment): string[] {
  return (JSON.parse(segment.file.payload) as { type: string }[]).map((action) => action.type)
}

test('RT-2 WS-6 CH-1 CH-2 CH-5 DC-3 DC-8 RP-3 RP-4 CL-2 API-1 a radiologist works a shift from sign-up to log out, and the session replays to the same state', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // About 40 s on an idle machine; dictation plays real audio time.
  test.setTimeout(240_000)
  const step = stepShots(page)
  await speechService.reset(request)

  // Sign up on the login page.
  const email = await signUp(page, 'journey')
  await step('signed-up')

  // The seeded worklist (its rendered window), sorted stat, urgent, routine.
  const worklist = page.getByRole('listbox', { name: 'Worklist' })
  const rows = worklist.getByRole('option')
  await expect(rows.first()).toBeVisible()
  const priorities = await rows.evaluateAll((options) =>
    options.map((o) => o.querySelector('[data-priority]')?.getAttribute('data-priority') ?? ''),
  )
  const ranks = priorities.map((priority) => RANK[priority] ?? 9)
  expect(ranks[0]).toBe(0)
  expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
  await expect(page.getByText('Select a patient or study to begin')).toBeVisible()
  await step('worklist')

  // Open the top stat study: the patient summary card.
  const top = rows.first()
  await expect(top).not.toContainText('In progress')
  const accession = /A\d{8}/.exec((await top.textContent()) ?? '')?.[0] ?? ''
  expect(accession).not.toBe('')
  const phrases = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/speech/phrases') && response.ok(),
  )
  await top.click()
  await expect(top).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Relevant History')).toBeVisible()
  await expect(page.getByText('Indication', { exact: true })).toBeVisible()
  await phrases
  await step('summary-card')

  // Ask a question, get an answer.
  const input = page.getByRole('textbox', { name: 'Message' })
  const messages = page.getByRole('log', { name: 'Messages' })
  await input.fill('What is the indication?')
  await input.press('Enter')
  await expect(input).toHaveValue('')
  const question = messages.getByRole('article', { name: 'You' }).filter({
    hasText: 'What is the indication?',
  })
  await expect(question).toBeVisible()
  // The reply is there: the summary card and it (the card mentions the indication too, so
  // without this `last()` may still be the card while the assistant is thinking).
  await expect(messages.getByRole('article', { name: 'AI Assistant' })).toHaveCount(2)
  const answer = messages.getByRole('article', { name: 'AI Assistant' }).last()
  await expect(answer.getByRole('button', { name: 'Rate up' })).toBeVisible()
  await expect(answer).toContainText(/indication/i)
  await step('answered')

  // Rate it up, then clear the rating: what the server holds follows each click.
  const rateUp = answer.getByRole('button', { name: 'Rate up' })
  const rated = (rating: string | null) =>
    page.waitForRequest(
      (call) =>
        call.method() === 'PATCH' &&
        call.url().endsWith('/rating') &&
        JSON.stringify(call.postDataJSON()) === JSON.stringify({ rating }),
    )
  const up = rated('up')
  await rateUp.click()
  await expect(rateUp).toHaveAttribute('aria-pressed', 'true')
  await up
  await step('rated-up')
  const cleared = rated(null)
  await rateUp.click()
  await expect(rateUp).toHaveAttribute('aria-pressed', 'false')
  await (await cleared).response()
  await expect(rateUp).toHaveAttribute('aria-pressed', 'false')

  // The study is in progress: it is listed under Active Studies.
  const active = page.getByRole('listbox', { name: 'Active Studies' })
  await expect(active.getByRole('option').filter({ hasText: accession })).toBeVisible()

  // Dictate a long passage with the fake microphone; stopping cleans it up.
  await speechService.script(request, DICTATION, 60)
  await page.getByRole('button', { name: 'Start dictation' }).click()
  const stop = page.getByRole('button', { name: 'Stop dictation' })
  await expect(page.getByText('Listening...')).toBeVisible()
  await expect(input).toHaveValue(RAW, { timeout: 30_000 })
  await expect(stop).toHaveAttribute('data-state', 'threshold')
  await step('dictating')
  await stop.click()
  await expect(input).toHaveValue(CLEANED)
  await expect(page.getByText('Listening...')).toBeHidden()
  await step('cleaned-up')

  // Send it: it is marked as voice input, and its Findings heading fills the report.
  await page.getByRole('button', { name: 'Send message' }).click()
  const voice = messages
    .getByRole('article', { name: 'You' })
    .filter({ hasText: 'The common bile duct measures 4 mm.' })
  await expect(voice).toBeVisible()
  await expect(voice.getByText('Voice input')).toBeVisible()
  await expect(page.getByText('Updated the report: Findings.')).toBeVisible()
  await step('sent-as-voice')

  // Dictate the report by its headings; the assistant routes them into the sections.
  await speechService.script(request, SECTIONS_SPOKEN, 60)
  await page.getByRole('button', { name: 'Start dictation' }).click()
  await expect(input).toHaveValue(SECTIONS_SPOKEN.join(' '), { timeout: 30_000 })
  await page.getByRole('button', { name: 'Stop dictation' }).click()
  await expect(page.getByRole('button', { name: 'Start dictation' })).toBeEnabled()
  await expect(input).toHaveValue(SECTIONS_SPOKEN.join(' '))
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Updated the report: Findings, Impression.')).toBeVisible()

  // The report editor, open beside the chat since the study opened (ED-1), shows the sections.
  const report = page.getByRole('textbox', { name: 'Report' })
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await expect(report).toHaveValue(
    /FINDINGS:\s*\nDistended gallbladder with multiple gallstones, wall thickening to 5 mm and pericholecystic fluid\. Positive sonographic Murphy sign\./,
  )
  await expect(impression).toHaveValue('Findings consistent with acute calculous cholecystitis.')
  await step('report-editor')

  // Edit and save.
  await impression.fill(EDITED_IMPRESSION)
  await expect(page.getByText('Not saved', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  await step('saved')

  // The first page load's action log, before the reload starts a new one.
  const beforeReload = await exportActionLog(page)

  // Other specs' clinicians have accounts too: Clear All Studies, at the end, is an admin's
  // (RL-6). The hospital's admin gives this clinician the role; the reload reads it.
  await grantRoles(request, email, ['admin', 'radiologist'])

  // Reload: nothing is lost.
  await page.reload()
  await page
    .getByRole('listbox', { name: 'Active Studies' })
    .getByRole('option')
    .filter({
      hasText: accession,
    })
    .click()
  await expect(messages.getByRole('article', { name: 'You' })).toHaveCount(3)
  await expect(
    messages.getByRole('article', { name: 'You' }).filter({ hasText: 'What is the indication?' }),
  ).toBeVisible()
  await expect(voice.getByText('Voice input')).toBeVisible()
  await expect(rateUp).toHaveAttribute('aria-pressed', 'false')
  // URL-3, ED-2: the report editor was open before the reload, and is open after it.
  await expect(page.getByRole('button', { name: 'Toggle report editor' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(impression).toHaveValue(EDITED_IMPRESSION)
  await expect(report).toHaveValue(/Positive sonographic Murphy sign\./)
  await step('reloaded')

  // Finalize, confirming in the dialog: the report turns read-only.
  await page.getByRole('button', { name: 'Finalize' }).click()
  const finalizeDialog = page.getByRole('alertdialog')
  await expect(finalizeDialog).toContainText(
    'Are you sure you want to finalize this report? This action cannot be undone.',
  )
  await step('finalize-dialog')
  await finalizeDialog.getByRole('button', { name: 'Finalize' }).click()
  await expect(page.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  await expect(report).toHaveAttribute('readonly', '')
  await expect(impression).toHaveAttribute('readonly', '')
  await expect(impression).toHaveValue(EDITED_IMPRESSION)
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  // EV-11: a signed study is read, no longer in progress: it leaves Active Studies.
  await expect(active.getByRole('option').filter({ hasText: accession })).toBeHidden()
  await step('finalized')

  // Clear All Studies, confirmed: no active studies and an empty chat.
  await page.getByRole('button', { name: 'Clear All Studies' }).click()
  const clearDialog = page.getByRole('alertdialog')
  await expect(clearDialog).toContainText(
    'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?',
  )
  await step('clear-all-dialog')
  await clearDialog.getByRole('button', { name: 'Continue' }).click()
  // The signed study left Active Studies when it was signed (EV-11): the run's end is its note.
  await expect(page.getByText('All conversations were cleared.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('No active studies')).toBeVisible()
  await expect(messages.getByRole('article', { name: 'You' })).toHaveCount(0)
  await expect(page.getByText('What is the indication?')).toHaveCount(0)
  await expect(rows.filter({ hasText: accession })).not.toContainText('In progress')
  await step('cleared')

  // Log out.
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Email')).toBeVisible()
  await step('logged-out')
  const afterReload = await exportActionLog(page)

  // The logs hold the whole journey, event by event.
  const firstTypes = actionTypes(beforeReload)
  expect(firstTypes).toEqual(
    expect.arrayContaining([
      'auth/sessionStarted',
      'orders/studySelected',
      'conversation/dictationComposed',
      'report/textEdited',
      'report/saveSucceeded',
    ]),
  )
  expect(actionTypes(afterReload)).toEqual(
    expect.arrayContaining([
      'report/finalizeSucceeded',
      'orders/clearAllConfirmed',
      'auth/logoutRequested',
    ]),
  )

  // Replayed into a fresh store, each log gives the state the live store had.
  for (const segment of [beforeReload, afterReload]) {
    const replayed = await replayInFreshPage(browser, baseURL ?? '', segment)
    expect(comparable(replayed)).toEqual(comparable(segment.state))
  }

  // And the comparison can tell: the first log without its save's answer is another state.
  const actions = JSON.parse(beforeReload.file.payload) as { type: string }[]
  const shortened = await replayInFreshPage(browser, baseURL ?? '', {
    ...beforeReload,
    file: {
      ...beforeReload.file,
      payload: JSON.stringify(actions.filter((action) => action.type !== 'report/saveSucceeded')),
    },
  })
  expect(comparable(shortened)).not.toEqual(comparable(beforeReload.state))
})
