import { expect, type Browser, type Locator, type Page } from '@playwright/test'

export const PASSWORD = 'correct horse battery'

/** The name a clinician signs up with when the test gives none: from the e-mail's first part. */
function nameFor(email: string): string {
  const local = email.split('@')[0] ?? 'reader'
  return `Dr ${local.split('-')[0] ?? 'Reader'} Test`
}

/**
 * Fills the login page the page is on with `email` and the shared password and waits for the
 * workspace. A known address signs in; an address with no account is told so (LG-5) and the
 * account is created with `name` ('Full name', what signatures show).
 */
export async function signIn(page: Page, email: string, name = nameFor(email)): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue' }).click()
  const logOut = page.getByRole('button', { name: 'Log out' })
  const fullName = page.getByLabel('Full name')
  await expect(logOut.or(fullName)).toBeVisible()
  if (await fullName.isVisible()) {
    await fullName.fill(name)
    await page.getByRole('button', { name: 'Create account' }).click()
  }
  await expect(logOut).toBeVisible()
}

/** Signs a brand-new user up through the login page and waits for the workspace. */
export async function signUp(page: Page, prefix = 'reader', name?: string): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@hospital.test`
  await page.goto('/login')
  await signIn(page, email, name)
  return email
}

/** A clinician signed up as `name` in a browser context of their own (a second screen). */
export async function clinicianPage(browser: Browser, prefix: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signUp(page, prefix, name)
  return page
}

/** Where screenshots go: docs/screenshots when READOUT_SCREENSHOTS=docs, else test-results. */
export function shot(name: string): string {
  return process.env.READOUT_SCREENSHOTS === 'docs'
    ? `docs/screenshots/${name}.png`
    : `test-results/e2e/screens/${name}.png`
}

/**
 * The session expires mid-work: the server refuses it (401 on every API call) and the identity
 * SDK's stored tokens are gone. Returns how to let the server answer again.
 */
export async function expireSession(page: Page): Promise<() => Promise<void>> {
  await page.route('**/api/v1/**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'unauthorized', message: 'session expired' }),
    }),
  )
  await page.evaluate(() => {
    localStorage.removeItem('DS')
    localStorage.removeItem('DSR')
  })
  return () => page.unrouteAll({ behavior: 'ignoreErrors' })
}

/**
 * Opens the report editor of the open study (unless it is open) and waits until it is editable.
 * The toggle's pressed state says whether the panel is open; the editor inside it may still be
 * waiting for the order, so its absence is no reason to press the toggle (that would close it).
 */
export async function openReportEditor(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle report editor' })
  await expect(toggle).toHaveAttribute('aria-pressed', /^(true|false)$/)
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await expect(impression).toBeEditable()
  return { report: page.getByRole('textbox', { name: 'Report' }), impression }
}

/**
 * The worklist's row at `index`, as a locator that stays on that study: rows are virtualized, so
 * `nth()` follows whichever rows are rendered, and a click that scrolls the list moves it.
 */
export async function worklistRowAt(page: Page, index: number): Promise<Locator> {
  return stayOn(page, page.getByRole('listbox', { name: 'Worklist' }).getByRole('option'), index)
}

/**
 * Like `worklistRowAt`, counting only the rendered rows of studies open for writing: signed
 * reports outlive earlier tests' Clear All (CL-3), and a study another clinician reads asks
 * 'Take over?' (CLM-7). For a row near the top, which the list has rendered.
 */
export async function writableRowAt(page: Page, index: number): Promise<Locator> {
  const rows = page.getByRole('listbox', { name: 'Worklist' }).getByRole('option')
  return stayOn(page, rows.filter({ hasNotText: /Final|Being read by/ }), index)
}

async function stayOn(page: Page, rows: Locator, index: number): Promise<Locator> {
  const id = await rows.nth(index).getAttribute('id')
  if (!id) throw new Error(`the worklist has no row ${String(index)}`)
  return page.locator(`[id="${id}"]`)
}

/**
 * Finds a study by its accession number in the worklist and opens it. A study another clinician
 * reads asks first (CLM-7): `answer` names the button that answers 'NAME is reading this study.
 * Take over?' when the test expects the question.
 */
export async function selectStudy(
  page: Page,
  accession: string,
  { answer }: { answer?: 'Take over' | 'Cancel' } = {},
) {
  await page.getByRole('searchbox', { name: 'Find patient' }).fill(accession)
  const row = page
    .getByRole('listbox', { name: 'Worklist' })
    .getByRole('option')
    .filter({ hasText: accession })
  await row.click()
  if (answer) {
    const question = page.getByRole('alertdialog')
    await expect(question).toContainText('is reading this study. Take over?')
    await question.getByRole('button', { name: answer }).click()
    await expect(question).toBeHidden()
  }
  await expect(row).toHaveAttribute('aria-selected', 'true')
  return row
}

/**
 * Sends a message with `send` and waits for the assistant's reply: the one message that brings a
 * new 'Rate up' (the study's summary card must be in already). Answers the reply's 'Rate up'.
 * Waiting for the question, or for the input to empty, is not enough: until the reply lands, the
 * last 'Rate up' is an earlier message's.
 */
export async function sendAndAwaitReply(page: Page, send: () => Promise<void>): Promise<Locator> {
  const rateUp = page.getByRole('button', { name: 'Rate up' })
  const rateable = await rateUp.count()
  await send()
  await expect(rateUp).toHaveCount(rateable + 1)
  return rateUp.last()
}
