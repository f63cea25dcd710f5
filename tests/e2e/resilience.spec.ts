/**
 * Issue 6 part 1, the two interruptions a shift can suffer: the session expiring mid-work, and
 * the server restarting. Neither may cost the clinician the report draft they were typing, nor
 * the conversation.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startOwnServer, type OwnServer } from './fixtures/ownServer'
import { freePort } from '../support/orthanc'
import { expireSession, openReportEditor, selectStudy, signUp, signIn } from './support'

/** The local identity's session lifetime (SESSION_TTL_SECONDS, 600 by default). */
const SESSION_TTL_MS = 600_000

/** Opens the study `accession` again and finds the unsaved draft in the report editor. */
async function expectDraftRestored(
  page: Page,
  accession: string,
  draft: { report: string; impression: string },
) {
  await selectStudy(page, accession)
  const restored = await openReportEditor(page)
  await expect(restored.report).toHaveValue(draft.report)
  await expect(restored.impression).toHaveValue(draft.impression)
}

/** The server refuses every save of a report: the draft stays unsaved, kept by the tab only. */
async function refuseReportSaves(page: Page) {
  await page.route(/\/api\/v1\/orders\/[^/]+\/report$/, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'internal', message: 'injected' }),
        })
      : route.fallback(),
  )
}

test('API-3 ID-2 a session expiring mid-work lands on /login and the unsaved report draft is there after signing in again', async ({
  page,
}) => {
  const email = await signUp(page, 'expiry')
  // A study of its own: reports belong to the study, and other tests use the top ones.
  const row = await selectStudy(page, 'A26115024')
  const accession = /A\d{8}/.exec((await row.textContent()) ?? '')?.[0] ?? ''
  expect(accession).not.toBe('')
  const { report, impression } = await openReportEditor(page)
  // The study has finished opening: the summary its first opening wrote is read back with the
  // conversation. The session expiring before that read would end it before anything was typed.
  await expect(page.getByText('Relevant History')).toBeVisible()

  const answerAgain = await expireSession(page)
  const findings = `FINDINGS:\nExpiry check ${String(Date.now())}: no pneumothorax.`
  await report.fill(findings)
  await impression.fill('Unsaved impression typed as the session expired.')

  // The autosave meets the 401 and the browser goes to the login page.
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  await expect(page.getByLabel('Email')).toBeVisible()
  await answerAgain()

  await signIn(page, email)
  await expectDraftRestored(page, accession, {
    report: findings,
    impression: 'Unsaved impression typed as the session expired.',
  })

  // Only an explicit log out discards drafts.
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
})

test('API-3 ID-2 a session the identity provider ends on its own (refused refresh) keeps the unsaved report draft for the next sign-in', async ({
  page,
}) => {
  // The SDK refreshes its session shortly before the session token expires; the page's clock is
  // moved past that moment rather than waiting for it.
  await page.clock.install()
  const email = await signUp(page, 'refused')
  const row = await selectStudy(page, 'A26115060')
  const accession = /A\d{8}/.exec((await row.textContent()) ?? '')?.[0] ?? ''
  expect(accession).not.toBe('')
  const { report, impression } = await openReportEditor(page)

  await refuseReportSaves(page)
  const findings = `FINDINGS:\nRefused refresh check ${String(Date.now())}: small effusion.`
  await report.fill(findings)
  await impression.fill('Unsaved impression typed before the refresh was refused.')
  await expect(page.getByText('Not saved', { exact: true })).toBeVisible()

  // The identity provider refuses the refresh: the SDK ends the session in the page.
  await page.route(/\/v1\/auth\/(try-)?refresh(\?|$)/, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ errorCode: 'E061301', errorDescription: 'Refresh token expired' }),
    }),
  )
  await page.clock.fastForward(SESSION_TTL_MS)
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  await page.unrouteAll({ behavior: 'ignoreErrors' })

  await signIn(page, email)
  await expectDraftRestored(page, accession, {
    report: findings,
    impression: 'Unsaved impression typed before the refresh was refused.',
  })
})

test('RP-2 a reload right after the last keystroke keeps every character typed', async ({
  page,
}) => {
  await signUp(page, 'reload')
  const accession = 'A26115082'
  await selectStudy(page, accession)
  const { report, impression } = await openReportEditor(page)
  await refuseReportSaves(page)
  const reportText = await report.inputValue()
  const impressionText = await impression.inputValue()
  const typed = `Reload check ${String(Date.now())}: typed up to the last key.`
  await impression.click()
  await page.keyboard.press('Control+End')
  await impression.pressSequentially(typed)

  // At once, with no pause for a save or for the draft's next write to the tab.
  await page.reload()

  await expectDraftRestored(page, accession, {
    report: reportText,
    impression: impressionText + typed,
  })
  await expect(page.getByText('Not saved', { exact: true })).toBeVisible()
})

test.describe('a server restart', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-restart-'))
  let server: OwnServer | undefined

  test.afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('RP-2 API-5 a server restart during work loses neither the conversation nor the report draft', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const port = await freePort()
    server = await startOwnServer(port, {}, { dataDir })
    const { url } = server

    const email = `restart-${String(Date.now())}@hospital.test`
    await page.goto(`${url}/login`)
    await signIn(page, email)
    const row = page.getByRole('listbox', { name: 'Worklist' }).getByRole('option').first()
    await row.click()
    const accession = /A\d{8}/.exec((await row.textContent()) ?? '')?.[0] ?? ''

    const message = page.getByRole('textbox', { name: 'Message' })
    const question = 'Is there a prior chest CT to compare with?'
    await message.fill(question)
    await message.press('Enter')
    await expect(
      page.getByRole('article', { name: 'You' }).filter({ hasText: question }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Rate up' }).last()).toBeVisible()
    await expect(message).toHaveValue('')

    // The server goes down while the editor is open; the clinician keeps typing the report.
    const { report, impression } = await openReportEditor(page)
    await server.stop()
    const findings = 'FINDINGS:\nNo change from the prior study.'
    await report.fill(findings)
    await impression.fill('Stable examination.')
    await expect(page.getByText('Not saved', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(report).toHaveValue(findings)
    await expect(impression).toHaveValue('Stable examination.')

    // Back on the same data folder: the draft is saved on the clinician's next edit.
    server = await startOwnServer(port, {}, { dataDir })
    await impression.fill('Stable examination. No acute findings.')
    await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 20_000 })

    await page.reload()
    const reopened = page
      .getByRole('listbox', { name: 'Active Studies' })
      .getByRole('option')
      .filter({ hasText: accession })
    await reopened.click()
    await expect(
      page.getByRole('article', { name: 'You' }).filter({ hasText: question }),
    ).toBeVisible()
    const afterReload = await openReportEditor(page)
    // The saved report comes back with every section heading, the empty ones included.
    await expect(afterReload.report).toHaveValue(/FINDINGS:\s*\nNo change from the prior study\.$/)
    await expect(afterReload.impression).toHaveValue('Stable examination. No acute findings.')
    await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  })
})
