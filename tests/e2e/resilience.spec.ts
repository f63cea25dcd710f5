/**
 * Issue 6 part 1, the two interruptions a shift can suffer: the session expiring mid-work, and
 * the server restarting. Neither may cost the clinician the report draft they were typing, nor
 * the conversation.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { TEST_BUILD } from './fixtures/testBuild'
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

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('no port'))
      })
    })
  })
}

/** The real server on `dataDir`, in a process group of its own so it can be stopped whole. */
function startServer(port: number, dataDir: string): ChildProcess {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: TEST_BUILD,
      LOG_LEVEL: 'warn',
    },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  server.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  server.once('exit', (code) => {
    if (code) console.error(`server exited with ${String(code)}: ${errors}`)
  })
  return server
}

async function waitForHealth(url: string, server: ChildProcess) {
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error('the server exited while starting')
        try {
          return (await fetch(`${url}/healthz`)).ok
        } catch {
          return false
        }
      },
      { timeout: 90_000, intervals: [250, 500, 1000] },
    )
    .toBe(true)
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.pid === undefined) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  process.kill(-server.pid, 'SIGTERM')
  await exited
}

test.describe('a server restart', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'readout-restart-'))
  let server: ChildProcess | undefined

  test.afterAll(async () => {
    if (server) await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('RP-2 API-5 a server restart during work loses neither the conversation nor the report draft', async ({
    page,
  }) => {
    test.setTimeout(240_000)
    const port = await freePort()
    const url = `http://127.0.0.1:${String(port)}`
    server = startServer(port, dataDir)
    await waitForHealth(url, server)

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
    await stopServer(server)
    const findings = 'FINDINGS:\nNo change from the prior study.'
    await report.fill(findings)
    await impression.fill('Stable examination.')
    await expect(page.getByText('Not saved', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(report).toHaveValue(findings)
    await expect(impression).toHaveValue('Stable examination.')

    // Back on the same data folder: the draft is saved on the clinician's next edit.
    server = startServer(port, dataDir)
    await waitForHealth(url, server)
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
