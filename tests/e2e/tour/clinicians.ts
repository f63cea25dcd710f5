/**
 * The tour's clinicians and the places they look: signing up through the login page, who the
 * header says is signed in, the worklist's rows and the open study.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test'
import { PASSWORD, shot, signUp } from '../support'

export interface Clinician {
  page: Page
  name: string
  email: string
}

/**
 * A new clinician in a browser of their own, signed up through the login page. `firstTime`: the
 * way a first-time user meets it (LG-5): the address has no account yet, 'Back' keeps it, and
 * 'Create account' asks for the full name; `loginShot` names the login page's screenshot.
 */
export async function newClinician(
  browser: Browser,
  prefix: string,
  name: string,
  { firstTime = false, loginShot }: { firstTime?: boolean; loginShot?: string } = {},
): Promise<Clinician> {
  const context = await browser.newContext()
  const page = await context.newPage()
  if (!firstTime) {
    const email = await signUp(page, prefix, name)
    return { page, name, email }
  }
  const email = `${prefix}-${String(Date.now())}@hospital.test`
  await page.goto('/login')
  const continueButton = page.getByRole('button', { name: 'Continue' })
  await expect(continueButton).toBeEnabled()
  if (loginShot) await page.screenshot({ path: shot(loginShot) })
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await continueButton.click()
  await expect(page.getByText(`No account exists for ${email} yet.`)).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByLabel('Full name')).toBeHidden()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await continueButton.click()
  await page.getByLabel('Full name').fill(name)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  return { page, name, email }
}

/** The header names who is signed in, and shows their login id on hover. */
export async function expectSignedInAs({ page, name, email }: Clinician): Promise<void> {
  const shown = page.getByRole('banner').getByText(name, { exact: true })
  await expect(shown).toBeVisible()
  await shown.hover()
  const tooltip = page.getByRole('tooltip')
  await expect(tooltip).toContainText(email)
  // The pointer moves on to the work, and the login id goes away.
  await page.getByText('Select a patient or study to begin').hover()
  await expect(tooltip).toBeHidden()
}

export function worklist(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Worklist' })
}

/** The worklist row of a study, found by its accession number. */
export function row(page: Page, accession: string): Locator {
  return worklist(page).getByRole('option').filter({ hasText: accession })
}

/** The open study's accession number, as the header shows it. */
export async function openAccession(page: Page): Promise<string> {
  const header = page.getByRole('group', { name: 'Patient' })
  await expect(header).toContainText(/A\d{8}/)
  return /A\d{8}/.exec((await header.textContent()) ?? '')?.[0] ?? ''
}

/** Finds a study by accession number in 'Find patient' and opens its row. */
export async function openStudy(page: Page, accession: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Find patient' }).fill(accession)
  const found = row(page, accession)
  await found.click()
  await expect(found).toHaveAttribute('aria-selected', 'true')
}

/** The report editor's text areas. */
export function editor(page: Page) {
  return {
    report: page.getByRole('textbox', { name: 'Report' }),
    impression: page.getByRole('textbox', { name: 'Impression' }),
  }
}

/** The words between the caret's selection in a text area: a selected [field]. */
export function selectedText(area: Locator): Promise<string> {
  return area.evaluate((element: HTMLTextAreaElement) =>
    element.value.slice(element.selectionStart, element.selectionEnd),
  )
}
