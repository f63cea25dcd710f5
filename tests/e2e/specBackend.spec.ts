/**
 * The real built SPA (dist-test) in front of a hospital's OWN backend: tests/support/specBackend,
 * written from the product spec alone, answering in the ways a foreign backend may (lists bare or
 * wrapped, ids strings or integers, sex as HL7 codes or FHIR words, timestamps with or without a
 * zone, only the spec's fields, "none" ratings, {"success": true} to report writes, broken list
 * entries). A clinician does a study's work through the page; the test checks what the page shows
 * and what the backend holds.
 *
 * dist-test is the SPA the config's webServer builds before any test runs (this 'browser' project
 * also runs after 'journey'). Each variant's backend serves it on its own origin, so every page
 * starts at `backend.url`, never at the config's baseURL. Every test starts from the backend's
 * seed (reset()), so one step's failure does not spill into the next.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import {
  BROKEN_ORDERS,
  SEED_ORDERS,
  SEED_PATIENTS,
  ageOn,
  describeVariants,
  orderByAccession,
  startSpecBackend,
  type SpecBackend,
  type SpecBackendVariants,
} from '../support/specBackend'
import { TEST_BUILD } from './fixtures/testBuild'
import { openReportEditor, signIn } from './support'

interface Variant {
  slug: string
  variants: Partial<SpecBackendVariants>
}

const BUILT_IN: readonly Variant[] = [
  // The two variants the product must meet; SPEC_BACKEND_VARIANTS runs others (sex 'text',
  // absent keys, 204 writes) on demand.
  { slug: 'a-bare-string-hl7', variants: { lists: 'bare', ids: 'string', sex: 'hl7' } },
  {
    slug: 'b-wrapped-integer-fhir-local-minimal',
    variants: {
      lists: 'wrapped',
      ids: 'integer',
      sex: 'fhir',
      timestamps: 'local',
      minimal: true,
      rating: 'none',
      metaData: 'null',
      reportWriteAnswer: 'success',
      clearAnswer: 'success',
      brokenEntry: true,
    },
  },
]

/**
 * SPEC_BACKEND_VARIANTS, a JSON array of {slug, variants}, runs those instead, e.g. one switch at
 * a time: SPEC_BACKEND_VARIANTS='[{"slug":"hl7","variants":{"sex":"hl7"}}]'.
 */
const VARIANTS: readonly Variant[] = process.env.SPEC_BACKEND_VARIANTS
  ? (JSON.parse(process.env.SPEC_BACKEND_VARIANTS) as Variant[])
  : BUILT_IN

const RANK: Readonly<Record<string, number>> = { stat: 0, urgent: 1, routine: 2 }
const ACCESSION = /HX\d{7}/

/** The studies each test works on, so that no test sees another's conversation or report. */
const STUDY = {
  summary: 'HX2611002', // stat CT head, Margaret Okafor (female)
  chat: 'HX2611005', // stat CT pulmonary angiogram
  report: 'HX2611011', // stat US abdomen
  assistantEdit: 'HX2611009', // urgent CT abdomen and pelvis
  clear: 'HX2611003', // urgent US pelvis
} as const

const FINDINGS = 'Multiple mobile gallstones. Gallbladder wall 2 mm. Common bile duct 4 mm.'
const IMPRESSION = 'Cholelithiasis without sonographic evidence of cholecystitis.'
const ASSISTANT_IMPRESSION = 'Acute uncomplicated sigmoid diverticulitis.'

/** A time as spec section 2 shows it, like 3:05 pm (the am/pm and the space may vary). */
function clockTime(at: Date): RegExp {
  const hours = at.getHours() % 12 === 0 ? 12 : at.getHours() % 12
  const minutes = String(at.getMinutes()).padStart(2, '0')
  return new RegExp(
    `(?<!\\d)${String(hours)}:${minutes}\\s?${at.getHours() < 12 ? 'am' : 'pm'}`,
    'i',
  )
}

function seedOrder(accession: string) {
  const order = SEED_ORDERS.find((candidate) => candidate.accession_number === accession)
  if (!order) throw new Error(`no seed order ${accession}`)
  return order
}

function seedPatientOf(accession: string) {
  const order = seedOrder(accession)
  const patient = SEED_PATIENTS.find((candidate) => candidate.id === order.patient_id)
  if (!patient) throw new Error(`no seed patient for ${accession}`)
  return patient
}

for (const { slug, variants } of VARIANTS) {
  test.describe(`a hospital's own backend (${slug})`, () => {
    let backend: SpecBackend
    /** What the page logged as errors (the SPA logs why an answer was refused). */
    let pageErrors: string[] = []

    test.beforeAll(async () => {
      backend = await startSpecBackend({ staticDir: TEST_BUILD, variants })
      console.log(`[spec-backend ${slug}] ${describeVariants(backend.state.variants)}`)
    })

    test.afterAll(async () => {
      await backend.close()
    })

    // Every test starts from the seed, so one step's failure does not spill into the next.
    test.beforeEach(({ page }) => {
      backend.reset()
      pageErrors = []
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text())
      })
      page.on('pageerror', (error) => pageErrors.push(error.message))
    })

    test.afterEach(async ({ page }, testInfo) => {
      await reportCalls(backend, testInfo, slug, pageErrors)
      if (testInfo.status !== testInfo.expectedStatus) {
        await snap(page, `failed-${testInfo.title.split(' ').slice(0, 4).join('-')}`)
      }
    })

    /** A screenshot under test-results/spec-backend/<variant>/. */
    async function snap(page: Page, name: string) {
      await page.screenshot({ path: `test-results/spec-backend/${slug}/${name}.png` })
    }

    /** A new clinician per test (the backend was reset): sign-in fails, so the form signs up. */
    function newEmail() {
      return `spec-${slug}-${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}@hospital.test`
    }

    async function enter(page: Page, email = newEmail()) {
      await page.goto(`${backend.url}/login`)
      await signIn(page, email)
      return email
    }

    function worklistRow(page: Page, accession: string) {
      return page
        .getByRole('listbox', { name: 'Worklist' })
        .getByRole('option')
        .filter({ hasText: accession })
    }

    /** Opens the study and waits for the patient summary its initialization brings. */
    async function openStudy(page: Page, accession: string) {
      const row = worklistRow(page, accession)
      await expect(row).toBeVisible()
      await row.click()
      await expect(row).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByText('Relevant History')).toBeVisible()
    }

    async function send(page: Page, text: string) {
      const input = page.getByRole('textbox', { name: 'Message' })
      await input.fill(text)
      await page.getByRole('button', { name: 'Send message' }).click()
      const messages = page.getByRole('log', { name: 'Messages' })
      await expect(
        messages.getByRole('article', { name: 'You' }).filter({ hasText: text }),
      ).toBeVisible()
    }

    test('signs up, then in again, and lists the worklist stat, urgent, routine', async ({
      page,
    }) => {
      const email = await enter(page)
      expect(backend.state.users.has(email.toLowerCase())).toBe(true)
      await snap(page, '1-signed-up')

      const rows = page.getByRole('listbox', { name: 'Worklist' }).getByRole('option')
      await expect(rows.first()).toBeVisible()
      // Every good order is listed; the broken entries (brokenEntry) are not.
      await expect(rows).toHaveCount(SEED_ORDERS.length)
      // innerText: the row's lines apart, so the badge's word stands on its own.
      const texts = await rows.evaluateAll((options) =>
        options.map((option) => (option as HTMLElement).innerText),
      )
      const accessions = texts.map((text) => ACCESSION.exec(text)?.[0] ?? '')
      expect(new Set(accessions)).toEqual(
        new Set(SEED_ORDERS.map((order) => order.accession_number)),
      )
      for (const broken of BROKEN_ORDERS) {
        await expect(worklistRow(page, broken.accession_number)).toHaveCount(0)
      }
      // The badge's word and the backend's priority agree, and the list is in priority order.
      const shown = texts.map((text) => /\b(stat|urgent|routine)\b/i.exec(text)?.[1]?.toLowerCase())
      const backendPriorities = accessions.map(
        (accession) => orderByAccession(backend.state, accession).priority,
      )
      expect(shown).toEqual(backendPriorities)
      const ranks = backendPriorities.map((priority) => RANK[priority] ?? 9)
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
      expect(ranks[0]).toBe(0)
      await expect(page.getByText('Select a patient or study to begin')).toBeVisible()
      await snap(page, '1-worklist')

      // Log out and sign in again: the known login id signs in.
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect(page).toHaveURL(/\/login$/)
      await signIn(page, email)
      await expect(rows.first()).toBeVisible()
      expect(
        backend.state.calls.filter(
          (call) => call.path === '/v1/auth/password/signin' && call.status === 200,
        ),
      ).toHaveLength(1)
    })

    test('opening a study shows the patient header and the patient summary card', async ({
      page,
    }) => {
      await enter(page)
      await openStudy(page, STUDY.summary)
      const order = seedOrder(STUDY.summary)
      const patient = seedPatientOf(STUDY.summary)
      await expect(page.getByText('Indication', { exact: true })).toBeVisible()
      await expect(page.getByText(order.indication).first()).toBeVisible()
      for (const item of order.history) await expect(page.getByText(item).first()).toBeVisible()
      await snap(page, '2-summary-card')

      const header = page.getByRole('group', { name: 'Patient' })
      await expect(header).toContainText(`${patient.first_name} ${patient.last_name}`)
      await expect(header).toContainText(String(ageOn(patient.date_of_birth, new Date())))
      await expect(header).toContainText(/female|\bF\b/i)
      // The backend made one summary, and the page asked for it once per opening.
      const summaries = backend.state.messages
        .get(orderByAccession(backend.state, STUDY.summary).id)
        ?.filter((message) => message.metaData?.type === 'patient_summary')
      expect(summaries).toHaveLength(1)
    })

    test('a question gets the assistant reply, which can be rated and stays rated', async ({
      page,
    }) => {
      await enter(page)
      await openStudy(page, STUDY.chat)
      await send(page, 'What is the indication?')
      const messages = page.getByRole('log', { name: 'Messages' })
      const reply = messages
        .getByRole('article', { name: 'AI Assistant' })
        .filter({ hasText: 'The indication for this' })
      await expect(reply).toContainText(seedOrder(STUDY.chat).indication)
      await snap(page, '3-answered')

      // Spec: sending the first message puts the study under Active Studies.
      await expect(
        page
          .getByRole('listbox', { name: 'Active Studies' })
          .getByRole('option')
          .filter({ hasText: STUDY.chat }),
      ).toBeVisible()

      const rateUp = reply.getByRole('button', { name: 'Rate up' })
      await rateUp.click()
      await expect(rateUp).toHaveAttribute('aria-pressed', 'true')
      const orderId = orderByAccession(backend.state, STUDY.chat).id
      await expect.poll(() => backend.state.ratings.at(-1)).toMatchObject({ orderId, rating: 'up' })
      const stored = backend.state.messages
        .get(orderId)
        ?.find((message) => message.role === 'assistant' && message.rating === 'up')
      expect(stored?.content).toContain('The indication for this')
      await snap(page, '3-rated')

      // The reply carries its time, like 3:05 pm, as the backend stamped it (same clock here).
      if (stored) await expect(reply).toContainText(clockTime(stored.createdAt))

      // After a reload the conversation comes back from the backend, rating included.
      await page.reload()
      await openStudy(page, STUDY.chat)
      await expect(messages.getByText('What is the indication?')).toBeVisible()
      await expect(reply.getByRole('button', { name: 'Rate up' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
      await expect(reply.getByRole('button', { name: 'Rate down' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )

      // Clicking the rating already set removes it: the backend is sent null.
      await reply.getByRole('button', { name: 'Rate up' }).click()
      await expect(reply.getByRole('button', { name: 'Rate up' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      await expect.poll(() => backend.state.ratings.at(-1)).toMatchObject({ orderId, rating: null })
    })

    test('the report: the clinician writes, saves and finalizes it', async ({ page }) => {
      await enter(page)
      await openStudy(page, STUDY.report)
      const orderId = orderByAccession(backend.state, STUDY.report).id
      const { report, impression } = await openReportEditor(page)

      // Type, save: the backend holds the sections.
      await report.fill(`FINDINGS:\n${FINDINGS}`)
      await impression.fill(IMPRESSION)
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect
        .poll(() => backend.state.reports.get(orderId)?.sections)
        .toMatchObject({ findings: FINDINGS, impression: IMPRESSION })
      await expect(page.getByText('Saved', { exact: true })).toBeVisible()
      await snap(page, '4-saved')

      // Finalize, confirming in the dialog.
      await page.getByRole('button', { name: 'Finalize', exact: true }).click()
      const dialog = page.getByRole('alertdialog')
      await expect(dialog).toContainText(
        'Are you sure you want to finalize this report? This action cannot be undone.',
      )
      await dialog.getByRole('button', { name: 'Finalize' }).click()
      await expect.poll(() => backend.state.reports.get(orderId)?.isFinal).toBe(true)
      const notice = page.getByText('This report has been finalized and cannot be edited.')
      await expect(notice).toBeVisible()
      await expect(report).toHaveAttribute('readonly', '')
      await expect(impression).toHaveAttribute('readonly', '')
      await snap(page, '4-finalized')

      // After a reload the backend's final report is shown as final.
      await page.reload()
      await openStudy(page, STUDY.report)
      const toggle = page.getByRole('button', { name: 'Toggle report editor' })
      await expect(toggle).toHaveAttribute('aria-pressed', /^(true|false)$/)
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
      await expect(notice).toBeVisible()
      await expect(impression).toHaveValue(IMPRESSION)
      await expect(report).toHaveValue(new RegExp(FINDINGS.replace(/\./g, '\\.')))
    })

    test('the assistant updates the report when asked in the chat', async ({ page }) => {
      await enter(page)
      await openStudy(page, STUDY.assistantEdit)
      const orderId = orderByAccession(backend.state, STUDY.assistantEdit).id

      // Asked in the chat, the assistant sets the impression (report_updated: true).
      await send(page, `Update the impression to: ${ASSISTANT_IMPRESSION}`)
      await expect(page.getByText('the Impression section of the report now reads')).toBeVisible()
      expect(backend.state.reports.get(orderId)?.sections.impression).toBe(ASSISTANT_IMPRESSION)
      const { impression } = await openReportEditor(page)
      await expect(impression).toHaveValue(ASSISTANT_IMPRESSION)
      await snap(page, '4-assistant-updated')
    })

    test('Clear All Studies, confirmed, clears every conversation and report', async ({ page }) => {
      await enter(page)
      await openStudy(page, STUDY.clear)
      await send(page, 'Is there any relevant history?')
      await expect(page.getByText('Relevant history:')).toBeVisible()
      const active = page.getByRole('listbox', { name: 'Active Studies' })
      await expect(active.getByRole('option').filter({ hasText: STUDY.clear })).toBeVisible()
      expect(orderByAccession(backend.state, STUDY.clear).status).toBe('in_progress')

      await page.getByRole('button', { name: 'Clear All Studies' }).click()
      const dialog = page.getByRole('alertdialog')
      await expect(dialog).toContainText(
        'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?',
      )
      await snap(page, '5-clear-dialog')
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByText('No active studies')).toBeVisible({ timeout: 30_000 })
      const messages = page.getByRole('log', { name: 'Messages' })
      await expect(messages.getByRole('article', { name: 'You' })).toHaveCount(0)
      await expect
        .poll(() =>
          backend.state.orders
            .filter((order) => !order.idless)
            .filter((order) => (backend.state.messages.get(order.id)?.length ?? 0) > 0)
            .map((order) => order.accession_number),
        )
        .toEqual([])
      expect([...backend.state.reports.keys()]).toEqual([])
      expect(backend.state.orders.filter((order) => order.status === 'in_progress')).toEqual([])
      await snap(page, '5-cleared')

      await page.getByRole('button', { name: 'Log out' }).click()
      await expect(page).toHaveURL(/\/login$/)
    })
  })
}

/**
 * Attaches the backend's answers and the page's logged errors to the test, and prints the
 * unexpected answers (any 4xx/5xx but a new address's first sign-in and the speech token, for
 * which this backend has no service) and the page's errors, so a run's output says what broke.
 */
async function reportCalls(
  backend: SpecBackend,
  testInfo: TestInfo,
  slug: string,
  pageErrors: readonly string[],
) {
  const calls = backend.state.calls.filter((call) => !call.path.startsWith('/assets/'))
  await testInfo.attach('spec-backend-calls.json', {
    body: JSON.stringify(calls, null, 2),
    contentType: 'application/json',
  })
  await testInfo.attach('page-errors.txt', {
    body: pageErrors.join('\n'),
    contentType: 'text/plain',
  })
  const odd = calls.filter(
    (call) =>
      call.status >= 400 &&
      !(call.path === '/v1/auth/password/signin' && call.status === 401) &&
      !(call.path === '/api/v1/speech/token' && call.status === 503),
  )
  // The browser's own "Failed to load resource" lines repeat what `odd` says.
  const errors = [...new Set(pageErrors)].filter((error) => !error.startsWith('Failed to load'))
  const lines = [
    ...odd.map((call) => `answered ${call.method} ${call.path} ${String(call.status)}`),
    ...errors.map((error) => `page error: ${error.slice(0, 300)}`),
  ]
  if (lines.length > 0) {
    console.log(`[spec-backend ${slug}] ${testInfo.title}:\n  ${lines.join('\n  ')}`)
  }
}
