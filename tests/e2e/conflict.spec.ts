/**
 * RP-6 across two tabs: one clinician has the same study open twice and writes the report in
 * both. A save based on a version the server no longer holds never overwrites the other tab's
 * text (the server answers 412 to a stale `If-Match`, or the save's fresh read finds the change
 * first), and a finalize never signs a version the tab did not show (RP-3). The clinician gets
 * the section-by-section choice, and the server keeps exactly what they chose.
 *
 * The two tabs are two pages of one browser context: one sign-in, shared local storage, a session
 * storage of their own each, like two tabs of one browser. Each test has a study of its own.
 */
import {
  expect,
  test,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
} from '@playwright/test'
import type { Report } from '../../contract'
import { openReportEditor, selectStudy, shot, signUp } from './support'

/** Routine studies near the end of the demo worklist that no other browser test opens. */
const STUDY = {
  abortedSave: 'A26115022',
  staleSave: 'A26115048',
  finalizeUnseen: 'A26115092',
  finalizeUnsaved: 'A26115134',
} as const

const CONFLICT_TITLE = 'This report changed while you were editing.'
const FINALIZE_CHANGED =
  'The report changed while you were editing. Choose which version to keep, then finalize again.'
const FINALIZE_CHANGED_SHOWN =
  'The report changed elsewhere and was not finalized. Review the version now shown, then finalize again.'

const REPORT_PATH = /\/api\/v1\/orders\/[^/]+\/report$/
const FINALIZE_PATH = /\/api\/v1\/orders\/[^/]+\/report\/finalize$/

/** The report text of the given sections, as the Report text area writes it (RP-1). */
function reportText(sections: { technique?: string; findings?: string }): string {
  return [
    'HISTORY:\n',
    `TECHNIQUE:\n${sections.technique ?? ''}`,
    'COMPARISON:\n',
    `FINDINGS:\n${sections.findings ?? ''}`,
  ].join('\n\n')
}

interface Tabs {
  a: Page
  b: Page
}

/** Signs a new clinician up in tab A and opens a second tab B of the same browser, signed in. */
async function twoTabs(page: Page, context: BrowserContext, prefix: string): Promise<Tabs> {
  await signUp(page, prefix)
  const b = await context.newPage()
  await b.goto('/')
  await expect(b.getByRole('button', { name: 'Log out' })).toBeVisible()
  return { a: page, b }
}

/** Finds the study by its accession number, opens it and its report editor. */
async function openStudy(page: Page, accession: string) {
  await selectStudy(page, accession)
  return openReportEditor(page)
}

function isReportPut(request: Request): boolean {
  return request.method() === 'PUT' && REPORT_PATH.test(new URL(request.url()).pathname)
}

function isFinalize(request: Request): boolean {
  return request.method() === 'POST' && FINALIZE_PATH.test(new URL(request.url()).pathname)
}

/** The next answer to a report save of this tab with `status`. */
function saveAnswered(page: Page, status: number): Promise<Response> {
  return page.waitForResponse((r) => isReportPut(r.request()) && r.status() === status)
}

/** The tab's report saves fail as a dropped connection would, until the returned call. */
async function dropSaves(page: Page): Promise<() => Promise<void>> {
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    isReportPut(route.request()) ? route.abort('connectionreset') : route.fallback()
  await page.route(REPORT_PATH, handler)
  return () => page.unroute(REPORT_PATH, handler)
}

/** The study's report as the server holds it, read with the tab's session. */
async function serverReport(page: Page, accession: string): Promise<Report | null> {
  const token = await page.evaluate(() => localStorage.getItem('DS'))
  expect(token).toBeTruthy()
  const headers = { Authorization: `Bearer ${token ?? ''}` }
  const list = await page.request.get('/api/v1/orders', { headers })
  expect(list.ok()).toBe(true)
  const orders = (await list.json()) as { id: string; accession_number: string }[]
  const order = orders.find((o) => o.accession_number === accession)
  expect(order).toBeDefined()
  const answer = await page.request.get(`/api/v1/orders/${order?.id ?? ''}`, { headers })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { report: Report | null }).report
}

/** The conflict panel of the tab and its Findings choice. */
function conflictPanel(page: Page) {
  const findings = page.getByRole('group', { name: 'Findings', exact: true })
  return {
    title: page.getByText(CONFLICT_TITLE, { exact: true }),
    findings,
    keepMine: findings.getByRole('button', { name: 'Keep mine' }),
    useTheirs: findings.getByRole('button', { name: /^Use / }),
  }
}

async function confirmFinalize(page: Page) {
  await page.getByRole('button', { name: 'Finalize', exact: true }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Finalize', exact: true }).click()
  await expect(dialog).toBeHidden()
}

test('RP-6 a save that could not reach the server meets the other tab’s save: the clinician chooses per section and the server keeps exactly the choice', async ({
  page,
  context,
}) => {
  const { a, b } = await twoTabs(page, context, 'conflict-offline')
  const editorA = await openStudy(a, STUDY.abortedSave)
  const editorB = await openStudy(b, STUDY.abortedSave)

  // Tab A's saves do not get through: its text stays 'Not saved', in the tab only.
  const letSavesThrough = await dropSaves(a)
  const mineFindings = '8 mm nodule in the right upper lobe.'
  const mineImpression = 'Indeterminate nodule, follow-up CT in 3 months.'
  const mineReport = reportText({ findings: mineFindings })
  await editorA.report.fill(mineReport)
  await editorA.impression.fill(mineImpression)
  await expect(a.getByText('Your changes are not saved yet.')).toBeVisible({ timeout: 15_000 })
  await expect(a.getByText('Not saved', { exact: true })).toBeVisible()

  // Tab B writes other findings, and a technique A never touched; its save lands.
  const theirFindings = 'No pulmonary nodule.'
  const theirTechnique = 'Low-dose CT of the chest without contrast.'
  const savedB = saveAnswered(b, 200)
  await editorB.report.fill(reportText({ technique: theirTechnique, findings: theirFindings }))
  await b.getByRole('button', { name: 'Save', exact: true }).click()
  await savedB
  await expect(b.getByText('Saved', { exact: true })).toBeVisible()

  // A's connection is back and A saves: the change from tab B is found, nothing is overwritten.
  await letSavesThrough()
  await a.getByRole('button', { name: 'Save', exact: true }).click()
  const panel = conflictPanel(a)
  await expect(panel.title).toBeVisible()
  await expect(panel.findings).toContainText(mineFindings)
  await expect(panel.findings).toContainText(theirFindings)
  await expect(a.getByText('Not saved', { exact: true })).toBeVisible()
  // Nothing A typed is lost while the choice waits; B's technique is taken (A left it alone).
  await expect(editorA.report).not.toBeEditable()
  await expect(editorA.report).toHaveValue(
    reportText({ technique: theirTechnique, findings: mineFindings }),
  )
  await expect(editorA.impression).toHaveValue(mineImpression)
  // Only Findings is in conflict: the Impression B left alone is no question.
  await expect(a.getByRole('group', { name: 'Impression', exact: true })).toHaveCount(0)
  // The server still holds B's report.
  expect((await serverReport(a, STUDY.abortedSave))?.sections.findings).toBe(theirFindings)

  await panel.keepMine.click()
  await expect(panel.title).toBeHidden()
  await expect(editorA.report).toBeEditable()
  const savedA = saveAnswered(a, 200)
  await a.getByRole('button', { name: 'Save', exact: true }).click()
  await savedA
  await expect(a.getByText('Saved', { exact: true })).toBeVisible()

  const expected = {
    history: '',
    technique: theirTechnique,
    comparison: '',
    findings: mineFindings,
    impression: mineImpression,
  }
  const saved = await serverReport(a, STUDY.abortedSave)
  expect(saved?.sections).toEqual(expected)
  expect(saved?.is_final).toBe(false)

  // Tab B, reloaded, reads the same report.
  await b.reload()
  const reloadedB = await openStudy(b, STUDY.abortedSave)
  await expect(reloadedB.report).toHaveValue(
    reportText({ technique: theirTechnique, findings: mineFindings }),
  )
  await expect(reloadedB.impression).toHaveValue(mineImpression)
})

test('RP-6 a save based on a version the other tab replaced meanwhile is refused (412) and becomes the choice; the other tab’s text is kept when chosen', async ({
  page,
  context,
}) => {
  const { a, b } = await twoTabs(page, context, 'conflict-stale')
  const editorA = await openStudy(a, STUDY.staleSave)
  const editorB = await openStudy(b, STUDY.staleSave)

  // Tab A's first save is held on its way to the server until tab B has saved.
  let releaseSave: () => void = () => undefined
  const release = new Promise<void>((resolve) => {
    releaseSave = resolve
  })
  let held = 0
  await a.route(REPORT_PATH, async (route) => {
    if (!isReportPut(route.request()) || held > 0) {
      await route.fallback()
      return
    }
    held += 1
    await release
    await route.fallback()
  })

  const mineFindings = 'Small left pleural effusion.'
  const mineImpression = 'Small effusion, no consolidation.'
  await editorA.report.fill(reportText({ findings: mineFindings }))
  await editorA.impression.fill(mineImpression)
  await expect.poll(() => held).toBe(1)
  await expect(a.getByText('Saving…', { exact: true })).toBeVisible()

  const theirFindings = 'No pleural effusion; lungs clear.'
  const savedB = saveAnswered(b, 200)
  await editorB.report.fill(reportText({ findings: theirFindings }))
  await b.getByRole('button', { name: 'Save', exact: true }).click()
  await savedB
  await expect(b.getByText('Saved', { exact: true })).toBeVisible()

  // A's save reaches the server based on the version it read before B's save: refused.
  const refused = saveAnswered(a, 412)
  releaseSave()
  const answer = await refused
  expect(await answer.json()).toMatchObject({ error: 'report_changed' })
  expect(answer.request().headers()['if-none-match']).toBe('*')

  const panel = conflictPanel(a)
  await expect(panel.title).toBeVisible()
  await expect(panel.findings).toContainText(mineFindings)
  await expect(panel.findings).toContainText(theirFindings)
  await expect(editorA.report).toHaveValue(reportText({ findings: mineFindings }))
  await expect(editorA.impression).toHaveValue(mineImpression)
  expect((await serverReport(a, STUDY.staleSave))?.sections.findings).toBe(theirFindings)
  // The docs picture: the choice as the clinician meets it, no text area focused, the Report
  // text scrolled to the findings in question.
  await editorA.impression.blur()
  await editorA.report.evaluate((area) => {
    area.scrollTop = area.scrollHeight
  })
  await a.screenshot({ path: shot('conflict') })

  // The clinician takes the other tab's findings and keeps their own impression.
  await panel.useTheirs.click()
  await expect(panel.title).toBeHidden()
  await expect(editorA.report).toHaveValue(reportText({ findings: theirFindings }))
  await expect(editorA.impression).toHaveValue(mineImpression)
  const savedA = saveAnswered(a, 200)
  await a.getByRole('button', { name: 'Save', exact: true }).click()
  const put = await savedA
  expect(put.request().headers()['if-match']).toMatch(/^"\d{4}-\d\d-\d\dT[^"]+Z"$/)
  await expect(a.getByText('Saved', { exact: true })).toBeVisible()

  const saved = await serverReport(a, STUDY.staleSave)
  expect(saved?.sections).toEqual({
    history: '',
    technique: '',
    comparison: '',
    findings: theirFindings,
    impression: mineImpression,
  })
})

test('RP-3 RP-6 finalize does not sign a version the other tab saved after this tab loaded it (412); the tab shows that version and signs it only when asked again', async ({
  page,
  context,
}) => {
  const { a, b } = await twoTabs(page, context, 'conflict-finalize')
  const editorA = await openStudy(a, STUDY.finalizeUnseen)

  const firstFindings = 'Mild degenerative change of the liver capsule.'
  const savedA = saveAnswered(a, 200)
  await editorA.report.fill(reportText({ findings: firstFindings }))
  await editorA.impression.fill('Hepatic cyst, otherwise normal.')
  await a.getByRole('button', { name: 'Save', exact: true }).click()
  await savedA
  await expect(a.getByText('Saved', { exact: true })).toBeVisible()
  await expect(a.getByText('Not saved', { exact: true })).toHaveCount(0)

  // Tab B opens the study after A's save and changes the findings.
  const editorB = await openStudy(b, STUDY.finalizeUnseen)
  await expect(editorB.report).toHaveValue(reportText({ findings: firstFindings }))
  const theirFindings = '2 cm hepatic cyst in segment VI.'
  const savedB = saveAnswered(b, 200)
  await editorB.report.fill(reportText({ findings: theirFindings }))
  await b.getByRole('button', { name: 'Save', exact: true }).click()
  await savedB

  // A still shows its own findings and finalizes: the server refuses to sign B's unseen text.
  await expect(editorA.report).toHaveValue(reportText({ findings: firstFindings }))
  const refused = a.waitForResponse((r) => isFinalize(r.request()))
  await confirmFinalize(a)
  const answer = await refused
  expect(answer.status()).toBe(412)
  expect(await answer.json()).toMatchObject({ error: 'report_changed' })
  await expect(a.getByText(FINALIZE_CHANGED_SHOWN, { exact: true })).toBeVisible()
  // The version that was refused a signature is now on screen.
  await expect(editorA.report).toHaveValue(reportText({ findings: theirFindings }))
  const notSigned = await serverReport(a, STUDY.finalizeUnseen)
  expect(notSigned?.is_final).toBe(false)
  expect(notSigned?.sections.findings).toBe(theirFindings)

  // Asked again, with B's version in front of the clinician, the finalize signs that version.
  const signed = a.waitForResponse((r) => isFinalize(r.request()))
  await confirmFinalize(a)
  expect((await signed).status()).toBe(200)
  await expect(a.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  const final = await serverReport(a, STUDY.finalizeUnseen)
  expect(final?.is_final).toBe(true)
  expect(final?.sections.findings).toBe(theirFindings)
  expect(final?.sections.impression).toBe('Hepatic cyst, otherwise normal.')
})

test('RP-3 RP-6 finalize with unsaved text the other tab’s save contradicts signs nothing: the choice comes first, then the chosen text is signed', async ({
  page,
  context,
}) => {
  const { a, b } = await twoTabs(page, context, 'conflict-finalize-unsaved')
  const editorA = await openStudy(a, STUDY.finalizeUnsaved)
  const editorB = await openStudy(b, STUDY.finalizeUnsaved)

  const letSavesThrough = await dropSaves(a)
  const mineFindings = 'Partial-thickness supraspinatus tear.'
  await editorA.report.fill(reportText({ findings: mineFindings }))
  await editorA.impression.fill('Rotator cuff tear.')
  await expect(a.getByText('Not saved', { exact: true })).toBeVisible()
  await expect(a.getByText('Your changes are not saved yet.')).toBeVisible({ timeout: 15_000 })

  const theirFindings = 'Intact rotator cuff.'
  const savedB = saveAnswered(b, 200)
  await editorB.report.fill(reportText({ findings: theirFindings }))
  await b.getByRole('button', { name: 'Save', exact: true }).click()
  await savedB

  await letSavesThrough()
  const finalizeCalls: string[] = []
  a.on('request', (request) => {
    if (isFinalize(request)) finalizeCalls.push(request.url())
  })
  await confirmFinalize(a)
  const panel = conflictPanel(a)
  await expect(panel.title).toBeVisible()
  await expect(a.getByText(FINALIZE_CHANGED, { exact: true })).toBeVisible()
  await expect(panel.findings).toContainText(mineFindings)
  await expect(panel.findings).toContainText(theirFindings)
  await expect(a.getByRole('button', { name: 'Finalize', exact: true })).toBeDisabled()
  expect(finalizeCalls).toEqual([])
  const notSigned = await serverReport(a, STUDY.finalizeUnsaved)
  expect(notSigned?.is_final).toBe(false)
  expect(notSigned?.sections.findings).toBe(theirFindings)

  await panel.keepMine.click()
  await expect(panel.title).toBeHidden()
  const signed = a.waitForResponse((r) => isFinalize(r.request()))
  await confirmFinalize(a)
  expect((await signed).status()).toBe(200)
  await expect(a.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  const final = await serverReport(a, STUDY.finalizeUnsaved)
  expect(final?.is_final).toBe(true)
  expect(final?.sections).toEqual({
    history: '',
    technique: '',
    comparison: '',
    findings: mineFindings,
    impression: 'Rotator cuff tear.',
  })
})
