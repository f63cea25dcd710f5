import { expect, type Page } from '@playwright/test'

export const PASSWORD = 'correct horse battery'

/** Signs a brand-new user up through the login page and waits for the workspace. */
export async function signUp(page: Page, prefix = 'reader'): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@hospital.test`
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  return email
}

/** Where screenshots go: docs/screenshots when READOUT_SCREENSHOTS=docs, else test-results. */
export function shot(name: string): string {
  return process.env.READOUT_SCREENSHOTS === 'docs'
    ? `docs/screenshots/${name}.png`
    : `test-results/e2e/screens/${name}.png`
}
