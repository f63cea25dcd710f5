/**
 * Peer review in Chromium against a Readout of its own that asks on every opening
 * (PEER_REVIEW_SHARE=1; PEER-9): radiologist A signs a prior; radiologist B opens a later study
 * of that patient and is asked to score it, A's name nowhere on the page; B scores 2b with a
 * comment; A's 'Peer review' view shows the 2b and the comment but not B's name; the admin (the
 * server's first account) sees A's rates.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { freePort } from '../support/orthanc'
import { startOwnServer, type OwnServer } from './fixtures/ownServer'
import { openReportEditor, selectStudy, shot, signUp } from './support'

const ADMIN = 'Dr Adele Admin'
const AUTHOR = 'Dr Ada Author'
const REVIEWER = 'Dr Ben Reviewer'
const COMMENT = 'The 6 mm nodule needed a follow-up recommendation.'
const SECTIONS = {
  history: 'Cough.',
  technique: 'Axial CT of the chest.',
  comparison: 'None.',
  findings: 'A 6 mm nodule in the right upper lobe.',
  impression: 'Right upper lobe nodule, likely benign.',
}

let readout: OwnServer | undefined

test.beforeAll(async () => {
  test.setTimeout(120_000)
  readout = await startOwnServer(await freePort(), {
    PEER_REVIEW_SHARE: '1',
    SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
  })
})
test.afterAll(async () => {
  await readout?.stop()
})

async function clinician(browser: Browser, prefix: string, name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: readout?.url ?? '' })
  const page = await context.newPage()
  await signUp(page, prefix, name)
  return page
}

/** An /api/v1 call with the page's own session, as the SPA makes it. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('DS') ?? ''
      const res = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: res.status, json: (await res.json()) as unknown }
    },
    { method, path, body },
  )
}

interface Listed {
  id: string
  patient_id: string
  ordered_at: string
  accession_number: string
}

test('PEER-9 a colleague scores the prior without seeing its author; the author reads the score, the admin the rates', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const admin = await clinician(browser, 'peer-admin', ADMIN)
  const author = await clinician(browser, 'peer-author', AUTHOR)
  const reviewer = await clinician(browser, 'peer-reviewer', REVIEWER)

  // Two studies of one patient: the older one is the prior.
  const orders = (await api(admin, 'GET', '/orders')).json as Listed[]
  const patient = orders.find((order) =>
    orders.some((other) => other.id !== order.id && other.patient_id === order.patient_id),
  )
  if (!patient) throw new Error('the seed has no patient with two studies')
  const [prior, later] = orders
    .filter((order) => order.patient_id === patient.patient_id)
    .sort((a, b) => a.ordered_at.localeCompare(b.ordered_at))
  if (!prior || !later) throw new Error('two studies expected')

  // A writes and signs the prior.
  expect(
    (await api(author, 'PUT', `/orders/${prior.id}/report`, { sections: SECTIONS })).status,
  ).toBe(200)
  expect((await api(author, 'POST', `/orders/${prior.id}/report/finalize`)).status).toBe(200)

  // B opens the later study and is asked, without A's name.
  await selectStudy(reviewer, later.accession_number)
  await openReportEditor(reviewer)
  const region = reviewer.getByRole('region', { name: 'Peer review' })
  await expect(region).toBeVisible()
  await expect(region).toContainText(/Score the prior report of \d{4}-\d{2}-\d{2} \(/)
  await expect(region).toContainText(SECTIONS.findings)
  await expect(region).toContainText(SECTIONS.impression)
  expect(await reviewer.locator('body').innerText()).not.toContain(AUTHOR)
  await expect(reviewer.getByRole('dialog')).toHaveCount(0)
  await region.screenshot({ path: shot('peer-review-prompt') })

  await region
    .getByRole('radio', {
      name: '2b — Discrepancy, understandable miss, likely clinically significant',
    })
    .check()
  await region.getByRole('textbox', { name: 'Comment' }).fill(COMMENT)
  await region.getByRole('button', { name: 'Submit score' }).click()
  await expect(reviewer.getByText('Score recorded.')).toBeVisible()
  await expect(region).toBeHidden()

  // A reads the score, not who gave it.
  await author.goto('/peer-review')
  await expect(author.getByRole('heading', { level: 1, name: 'Peer review' })).toBeVisible()
  const mine = author.getByRole('table', { name: 'Scores of my reports' })
  await expect(mine).toContainText('2b')
  await expect(mine).toContainText(COMMENT)
  expect(await author.locator('body').innerText()).not.toContain(REVIEWER)
  await author.screenshot({ path: shot('peer-review-view'), fullPage: true })

  // The admin (also a radiologist: the first account) reads A's rates.
  await admin.goto('/peer-review')
  const rates = admin.getByRole('table', { name: 'Rates by radiologist' })
  const row = rates.getByRole('row').filter({ hasText: AUTHOR })
  await expect(row).toContainText('100%')
  await expect(rates).not.toContainText(REVIEWER)
  await admin.screenshot({ path: shot('peer-review-rates'), fullPage: true })
})
