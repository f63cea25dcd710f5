/**
 * Faults in the browser: the real server's answers to messages, send, rating,
 * report save, finalize and cleanup are replaced, one endpoint at a time, by an HTTP 500, a
 * request that never gets an answer, or a body that is not JSON. Whatever fails, the page stays
 * usable, says what failed where the spec allows (API-4), and the clinician's text is kept.
 */
import { expect, test, type Page, type Route } from '@playwright/test'
import { speechService } from './fixtures/speechService'
import {
  openReportEditor,
  sendAndAwaitReply,
  signUp,
  worklistRowAt,
  writableRowAt,
} from './support'
import { DICTATION, RAW } from './fixtures/dictation'

async function openWorkspace(page: Page) {
  await signUp(page, 'faults')
}

type Fault = '500' | 'hang' | 'malformed'
const FAULTS: readonly Fault[] = ['500', 'hang', 'malformed']

const LABEL: Record<Fault, string> = {
  '500': 'an HTTP 500',
  hang: 'a request that never answers',
  malformed: 'malformed JSON',
}

/**
 * Answers matching requests with the fault. Hanging routes are kept so the test can let them go
 * at the end: a route left pending would otherwise hold the page open.
 */
async function inject(page: Page, method: string, path: RegExp, fault: Fault) {
  const held: Route[] = []
  const seen: string[] = []
  await page.route(
    (url) => url.pathname.startsWith('/api/v1/') && path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== method) {
        await route.fallback()
        return
      }
      seen.push(route.request().url())
      if (fault === 'hang') {
        held.push(route)
        return
      }
      if (fault === '500') {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'internal', message: 'injected' }),
        })
        return
      }
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{not json' })
    },
  )
  return {
    /** Resolves once the app has made the faulty call at least `count` times. */
    called: (count = 1) => expect.poll(() => seen.length).toBeGreaterThanOrEqual(count),
    /** Held requests fail as a dropped connection would; later calls reach the server again. */
    async release() {
      // A request the app gave up on itself is already settled; nothing is left to drop.
      await Promise.all(held.map((route) => route.abort('connectionreset').catch(() => undefined)))
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    },
  }
}

/**
 * Signs up and opens the study at `row` of the worklist. Every kind of test has rows of its
 * own, away from the top stat study the journey uses: conversations and reports belong to the
 * study, not to the user, so tests sharing a study would see each other's messages and reports.
 */
async function openStudy(page: Page, row: number) {
  await openWorkspace(page)
  const option = await worklistRowAt(page, row)
  await option.click()
  await expect(option).toHaveAttribute('aria-selected', 'true')
  return option
}

/** The rest of the page still works: another study can be opened and its chat typed into. */
async function expectPageUsable(page: Page, row: number) {
  const other = await worklistRowAt(page, row)
  await other.click()
  await expect(other).toHaveAttribute('aria-selected', 'true')
  const message = page.getByRole('textbox', { name: 'Message' })
  await message.fill('Still working')
  await expect(message).toHaveValue('Still working')
}

/**
 * Every test signs up a clinician of its own, and the fault kinds' tests share worklist rows. A
 * study a test opened is claimed by its clinician (CLM-6); the page lets the claim go when it
 * closes, with a request that the closing browser may drop, and the study would then ask the next
 * test's clinician 'Take over?' until the lease ran out. So each test ends by leaving the page and
 * letting go, with its session, whatever its clinician still holds, until the server shows none.
 */
test.afterEach(async ({ page }) => {
  const token = await page.evaluate(() => localStorage.getItem('DS'))
  if (!token) return
  await page.goto('about:blank')
  const headers = { Authorization: `Bearer ${token}` }
  const payload = token.split('.')[1] ?? ''
  const me = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub
  const held = async () => {
    const list = await page.request.get('/api/v1/orders', { headers })
    expect(list.ok()).toBe(true)
    const orders = (await list.json()) as { id: string; claimed_by?: { user_id: string } | null }[]
    return orders.filter((order) => order.claimed_by?.user_id === me).map((order) => order.id)
  }
  await expect
    .poll(async () => {
      const ids = await held()
      await Promise.all(
        ids.map((id) => page.request.delete(`/api/v1/orders/${id}/claim`, { headers })),
      )
      return ids
    })
    .toEqual([])
})

const SEND_FAILED_NOTE = 'Message not sent. Your text is kept; try again.'
/** src/services/api/baseApi.ts: how long the app waits for an answer. */
const REQUEST_TIMEOUT_MS = 60_000

for (const fault of FAULTS) {
  test.describe(`with ${LABEL[fault]}`, () => {
    test(`CH-12 API-4 API-6 messages: a study whose messages cannot be loaded (${fault}) leaves the page usable and the typed text in place`, async ({
      page,
    }) => {
      await openWorkspace(page)
      const messages = await inject(page, 'GET', /^\/api\/v1\/orders\/[^/]+\/messages$/, fault)
      const option = await writableRowAt(page, 1)
      await option.click()
      await expect(option).toHaveAttribute('aria-selected', 'true')
      await messages.called()

      const message = page.getByRole('textbox', { name: 'Message' })
      await message.fill('Is there a prior study?')
      await expect(message).toHaveValue('Is there a prior study?')
      // The editor beside the chat (ED-1) works while the messages hang.
      await expect(page.getByRole('textbox', { name: 'Impression' })).toBeEditable()
      await expect(message).toHaveValue('Is there a prior study?')
      await expectPageUsable(page, 2)
      await messages.release()
    })

    test(`CH-12 API-4 API-6 send: a message the server does not take (${fault}) stays in the Message box and can be sent again`, async ({
      page,
    }) => {
      // The app's own request timeout (REQUEST_TIMEOUT_MS in baseApi.ts) is reached by moving
      // the page's clock forward rather than waiting for it.
      if (fault === 'hang') await page.clock.install()
      await openStudy(page, 9)
      const message = page.getByRole('textbox', { name: 'Message' })
      const send = await inject(page, 'POST', /^\/api\/v1\/orders\/[^/]+\/messages$/, fault)
      // Conversations are per study, so the text is unique to this test.
      const question = `What is the indication? (${fault} ${String(Date.now())})`
      await message.fill(question)
      await message.press('Enter')
      await send.called()
      if (fault === 'hang') {
        // While it is out, the text is shown as the message being sent.
        await expect(
          page.getByRole('article', { name: 'You' }).filter({ hasText: question }),
        ).toContainText('Sending…')
      } else {
        await expect(page.getByText(SEND_FAILED_NOTE)).toBeVisible()
        await expect(message).toHaveValue(question)
      }
      // While the message is out (or after it failed) the report can still be worked on.
      const { impression } = await openReportEditor(page)
      await impression.fill('No acute abnormality.')
      await expect(impression).toHaveValue('No acute abnormality.')

      if (fault === 'hang') {
        await page.clock.fastForward(REQUEST_TIMEOUT_MS + 1_000)
        await expect(page.getByText(SEND_FAILED_NOTE)).toBeVisible()
      }
      await send.release()
      await expect(message).toHaveValue(question)
      await page.getByRole('button', { name: 'Send message' }).click()
      await expect(
        page.getByRole('article', { name: 'You' }).filter({ hasText: question }),
      ).toBeVisible()
      await expect(message).toHaveValue('')
      await expect(page.getByText(SEND_FAILED_NOTE)).toBeHidden()
    })

    test(`CH-6 API-4 API-6 rating: a rating the server refuses (${fault}) is reverted and the page stays usable`, async ({
      page,
    }) => {
      await openStudy(page, 10)
      await expect(page.getByText('Relevant History')).toBeVisible()
      const message = page.getByRole('textbox', { name: 'Message' })
      const rateUp = await sendAndAwaitReply(page, async () => {
        await message.fill(`What is the indication? (rating ${fault})`)
        await message.press('Enter')
      })
      await expect(message).toHaveValue('')
      await expect(rateUp).toHaveAttribute('aria-pressed', 'false')

      const rating = await inject(
        page,
        'PATCH',
        /^\/api\/v1\/orders\/[^/]+\/messages\/[^/]+\/rating$/,
        fault,
      )
      await message.fill('Draft question kept')
      await rateUp.click()
      await rating.called()
      // Optimistic: pressed at once.
      if (fault === 'hang') await expect(rateUp).toHaveAttribute('aria-pressed', 'true')
      else await expect(rateUp).toHaveAttribute('aria-pressed', 'false')
      await expect(message).toHaveValue('Draft question kept')
      await rating.release()
      await expect(rateUp).toHaveAttribute('aria-pressed', 'false')

      // With the server back the rating sticks.
      await rateUp.click()
      await expect(rateUp).toHaveAttribute('aria-pressed', 'true')
      await expect(message).toHaveValue('Draft question kept')
    })

    test(`RP-2 API-4 API-6 report save: a save that fails (${fault}) keeps the text, says Not saved and saves on Retry`, async ({
      page,
    }) => {
      const row = { '500': 3, hang: 4, malformed: 5 }[fault]
      await openStudy(page, row)
      const { report, impression } = await openReportEditor(page)
      const save = await inject(page, 'PUT', /^\/api\/v1\/orders\/[^/]+\/report$/, fault)
      const findings = `FINDINGS:\nSave fault ${fault}: lungs clear.`
      await report.fill(findings)
      await impression.fill(`No acute disease (${fault}).`)
      await page.getByRole('button', { name: 'Save' }).click()
      await save.called()
      if (fault !== 'hang') {
        await expect(page.getByText('Not saved', { exact: true })).toBeVisible()
        await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
      }
      await expect(report).toHaveValue(findings)
      await expect(impression).toHaveValue(`No acute disease (${fault}).`)
      const message = page.getByRole('textbox', { name: 'Message' })
      await message.fill('Chat still works')
      await expect(message).toHaveValue('Chat still works')

      await save.release()
      // A dropped PUT is repeated once (API-5), and the repeat reaches the server again.
      if (fault !== 'hang') {
        await expect(page.getByText('Not saved', { exact: true })).toBeVisible()
        await page.getByRole('button', { name: 'Retry' }).click()
      }
      await expect(page.getByText('Saved', { exact: true })).toBeVisible()
      await expect(report).toHaveValue(findings)
      await expect(impression).toHaveValue(`No acute disease (${fault}).`)
    })

    test(`RP-3 API-4 API-6 finalize: a finalize that fails (${fault}) leaves the report editable with its text`, async ({
      page,
    }) => {
      const row = { '500': 6, hang: 7, malformed: 8 }[fault]
      await openStudy(page, row)
      const { report, impression } = await openReportEditor(page)
      const finalize = await inject(
        page,
        'POST',
        /^\/api\/v1\/orders\/[^/]+\/report\/finalize$/,
        fault,
      )
      const findings = `FINDINGS:\nFinalize fault ${fault}: heart normal.`
      await report.fill(findings)
      await impression.fill(`Normal study (${fault}).`)
      await page.getByRole('button', { name: 'Finalize' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByRole('button', { name: 'Finalize' }).click()
      await finalize.called()
      await expect(dialog).toBeHidden()
      if (fault !== 'hang') await expect(page.getByText(/^API Error: /)).toBeVisible()
      await expect(
        page.getByText('This report has been finalized and cannot be edited.'),
      ).toBeHidden()
      await expect(report).toHaveValue(findings)
      await expect(impression).toHaveValue(`Normal study (${fault}).`)
      const message = page.getByRole('textbox', { name: 'Message' })
      await message.fill('Chat still works')
      await expect(message).toHaveValue('Chat still works')

      await finalize.release()
      await expect(report).toHaveValue(findings)
      if (fault !== 'hang') {
        await expect(report).not.toHaveAttribute('readonly', '')
        await impression.fill(`Normal study, edited after the failure (${fault}).`)
        await expect(impression).toHaveValue(`Normal study, edited after the failure (${fault}).`)
      }
    })
  })
}

test.describe('cleanup of a long dictation', () => {
  test.beforeEach(async ({ request }) => {
    await speechService.reset(request)
  })

  for (const fault of FAULTS) {
    test(`DC-3 API-4 API-6 cleanup: a cleanup that fails (${fault}) keeps the raw dictated text`, async ({
      page,
      request,
    }) => {
      await openStudy(page, 11)
      await expect(page.getByRole('button', { name: 'Start dictation' })).toBeEnabled()
      const cleanup = await inject(page, 'POST', /^\/api\/v1\/speech\/cleanup$/, fault)
      const message = page.getByRole('textbox', { name: 'Message' })

      await speechService.script(request, DICTATION, 20)
      await page.getByRole('button', { name: 'Start dictation' }).click()
      await expect(message).toHaveValue(RAW, { timeout: 20_000 })
      await page.getByRole('button', { name: 'Stop dictation' }).click()
      await cleanup.called()
      await expect(message).toHaveValue(RAW)
      await expect(page.getByRole('button', { name: 'Undo cleanup' })).toHaveCount(0)
      if (fault === 'hang') await cleanup.release()
      await expect(page.getByRole('button', { name: 'Start dictation' })).toBeEnabled()
      await expect(message).toHaveValue(RAW)

      // The raw text is sent like any other dictation.
      await page.getByRole('button', { name: 'Send message' }).click()
      // Other tests dictate into the same study, so only the newest message is this one.
      const sent = page.getByRole('article', { name: 'You' }).last()
      await expect(sent).toContainText(RAW)
      await expect(sent.getByText('Voice input')).toBeVisible()
      await expect(message).toHaveValue('')
      await cleanup.release()
    })
  }
})
