/**
 * A department's worklist in the browser, against the real server: 'Next study' opens the most
 * urgent study nobody reads and names it in the address; a reload keeps the study and the open
 * report editor; a filter narrows the worklist; Active Studies stays in view.
 *
 * Next study claims a study on the shared server; each test gives its claims back when done, so
 * the specs after it find the worklist as it was.
 */
import { expect, test, type Page } from '@playwright/test'
import { openReportEditor, selectStudy, shot, signUp } from './support'

/** Ends the claim this page's clinician holds on `orderId` (DELETE /orders/{id}/claim). */
async function release(page: Page, orderId: string) {
  const status = await page.evaluate(async (id) => {
    const token = localStorage.getItem('DS') ?? ''
    const answer = await fetch(`/api/v1/orders/${encodeURIComponent(id)}/claim`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    })
    return answer.status
  }, orderId)
  expect(status).toBe(204)
}

const studyInAddress = (page: Page) => new URL(page.url()).searchParams.get('study')

test('NX-3 URL-1 URL-3 ED-1 Next study opens a study named in the address, with the editor; a reload keeps both', async ({
  page,
}) => {
  await signUp(page, 'next')
  await page.getByRole('button', { name: 'Next study' }).click()

  const header = page.getByRole('group', { name: 'Patient' })
  await expect(header).toBeVisible()
  await expect.poll(() => studyInAddress(page)).not.toBeNull()
  const orderId = studyInAddress(page) ?? ''
  const patient = (await header.getByRole('heading', { level: 1 }).textContent()) ?? ''
  const worklist = page.getByRole('listbox', { name: 'Worklist' })
  await expect(worklist.getByRole('option', { selected: true })).toContainText('STAT')
  // The clinician's own claim is not 'Being read by' anyone.
  await expect(header).not.toContainText('Being read by')

  // The editor opens with the study (ED-1); the address names the study only.
  await expect(page.getByRole('region', { name: 'Report editor' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('report')).toBeNull()

  await page.reload()
  await expect(page.getByRole('group', { name: 'Patient' })).toContainText(patient)
  await expect(page.getByRole('region', { name: 'Report editor' })).toBeVisible()
  expect(studyInAddress(page)).toBe(orderId)

  await release(page, orderId)
})

test('WL-7 a filter narrows the worklist; WL-11 Active Studies stays in view', async ({ page }) => {
  await signUp(page, 'filters')
  const worklist = page.getByRole('listbox', { name: 'Worklist' })
  const rows = worklist.getByRole('option')
  await expect(rows.first()).toBeVisible()
  await expect(worklist.getByText(/^CT · /).first()).toBeVisible()
  await expect(page.getByRole('button', { name: /^Active Studies/ })).toBeInViewport()

  await page.getByRole('combobox', { name: 'Modality' }).selectOption('MR')
  await expect(worklist.getByText(/^CT · /)).toHaveCount(0)
  await expect(rows.first()).toContainText('MR · ')
  const shown = await rows.count()
  for (let index = 0; index < shown; index += 1)
    await expect(rows.nth(index)).toContainText('MR · ')
  await expect(rows.first()).toContainText(/Waiting \d/)

  await page.getByRole('combobox', { name: 'Priority' }).selectOption('stat')
  await expect(rows.first()).toContainText('STAT')
  await expect(worklist.getByText('ROUTINE')).toHaveCount(0)
})

test("WL-10 a study another clinician takes with Next study reads 'Being read by NAME' in the worklist and header", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, 'reader', 'Dr Reader Test')
  const other = await browser.newContext({ baseURL })
  try {
    const taker = await other.newPage()
    await signUp(taker, 'taker', 'Dr Taker Test')
    await taker.getByRole('button', { name: 'Next study' }).click()
    await expect.poll(() => studyInAddress(taker)).not.toBeNull()
    const orderId = studyInAddress(taker) ?? ''

    // The reader's worklist hears of the claim (the live worklist), or reads it on a reload.
    const row = page.locator(`[id="worklist-${orderId}"]`)
    await expect(row).toContainText('Being read by Dr Taker Test')
    await row.click()
    // Opening it asks first (CLM-7); reading only keeps the taker's claim.
    const question = page.getByRole('alertdialog')
    await expect(question).toContainText('Dr Taker Test is reading this study. Take over?')
    await question.getByRole('button', { name: 'Cancel' }).click()
    await expect(question).toBeHidden()
    await expect(page.getByRole('group', { name: 'Patient' })).toContainText(
      'Being read by Dr Taker Test',
    )
    await page.screenshot({ path: shot('being-read-by') })
    await release(taker, orderId)
  } finally {
    await other.close()
  }
})

/** A routine study no other browser test opens. */
const SHARED_STUDY = 'A26115039'

test('CLM-7 CLM-8 NX-1 two clinicians: B sees A reading at once, takes over, A keeps the unsaved text read-only; Next study gives each a study of their own', async ({
  page: a,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await signUp(a, 'ada-claims', 'Dr Ada Claims')
  const other = await browser.newContext({ baseURL })
  try {
    const b = await other.newPage()
    await signUp(b, 'ben-claims', 'Dr Ben Claims')
    const rowOf = (page: Page) =>
      page
        .getByRole('listbox', { name: 'Worklist' })
        .getByRole('option')
        .filter({ hasText: SHARED_STUDY })
    // B's worklist shows the study unclaimed, and keeps the finder's narrowing for the rest.
    await b.getByRole('searchbox', { name: 'Find patient' }).fill(SHARED_STUDY)
    await expect(rowOf(b)).toBeVisible()
    await expect(rowOf(b)).not.toContainText('Being read by')

    // A opens the study and types into the report without pausing long enough to save.
    await selectStudy(a, SHARED_STUDY)
    const started = Date.now()
    // B's worklist hears of it through the live worklist, without a reload, within 2 s.
    await expect(rowOf(b)).toContainText('Being read by Dr Ada Claims', { timeout: 2_000 })
    const heardAfterMs = Date.now() - started
    test
      .info()
      .annotations.push({ type: 'claim seen by B after (ms)', description: `${heardAfterMs}` })
    const editorA = await openReportEditor(a)
    await editorA.impression.fill('Unsaved words of Dr Ada Claims.')

    // B opens it, is asked, and takes it over.
    await rowOf(b).click()
    const question = b.getByRole('alertdialog')
    await expect(question).toContainText('Dr Ada Claims is reading this study. Take over?')
    await question.getByRole('button', { name: 'Take over' }).click()
    await expect(question).toBeHidden()
    await expect(b.getByRole('group', { name: 'Patient' })).not.toContainText('Being read by')

    // A is told at once: the editor turns read-only and keeps every word typed.
    await expect(a.getByText('Dr Ben Claims took over this study.')).toBeVisible()
    await expect(editorA.impression).not.toBeEditable()
    await expect(editorA.impression).toHaveValue('Unsaved words of Dr Ada Claims.')
    await expect(a.getByRole('group', { name: 'Patient' })).toContainText(
      'Being read by Dr Ben Claims',
    )

    // Next study, pressed by both at once, opens a different study for each.
    const shared = studyInAddress(a)
    await Promise.all([
      a.getByRole('button', { name: 'Next study' }).click(),
      b.getByRole('button', { name: 'Next study' }).click(),
    ])
    await expect.poll(() => studyInAddress(a)).not.toBe(shared)
    await expect.poll(() => studyInAddress(b)).not.toBe(shared)
    const studyOfA = studyInAddress(a) ?? ''
    const studyOfB = studyInAddress(b) ?? ''
    expect(studyOfA).not.toBe('')
    expect(studyOfB).not.toBe('')
    expect(studyOfA).not.toBe(studyOfB)
    await release(a, studyOfA)
    await release(b, studyOfB)
  } finally {
    await other.close()
  }
})
