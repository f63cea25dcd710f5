/**
 * FP-9 (issue 15) in Chromium against the real server: a returning clinician's worklist is
 * painted by the page's first script while the app's code is still on its way, there is one
 * 'Worklist' list box at every moment of the hand-over, and a study clicked on the painted rows
 * opens once the app has loaded. The app's code is held back by the test (a route that waits), so
 * the moment before the app is there lasts as long as the test needs.
 */
import { expect, test } from '@playwright/test'
import { signUp } from './support'

/** Counts, at every change of the page, the list boxes named 'Worklist'; keeps the most seen. */
const COUNT_WORKLISTS = `(() => {
  window.__mostWorklists = 0
  const count = () => {
    const lists = document.querySelectorAll('[role="listbox"][aria-label="Worklist"]').length
    window.__mostWorklists = Math.max(window.__mostWorklists, lists)
  }
  new MutationObserver(count).observe(document, { childList: true, subtree: true })
})()`

test('FP-9 the worklist is painted before the app loads, one list box at every moment, and a study clicked on it opens', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })
  try {
    const first = await context.newPage()
    await signUp(first, 'firstpaint')
    await expect(
      first.getByRole('listbox', { name: 'Worklist' }).getByRole('option').first(),
    ).toBeVisible()
    await first.close()

    let letTheAppIn: () => void = () => undefined
    const appHeld = new Promise<void>((resolve) => {
      letTheAppIn = resolve
    })
    await context.route(/\/assets\/start-[^/]+\.js$/, async (route) => {
      await appHeld
      await route.continue()
    })
    const page = await context.newPage()
    await page.addInitScript({ content: COUNT_WORKLISTS })
    await page.goto('/')

    const painted = page.locator('#first-paint').getByRole('listbox', { name: 'Worklist' })
    const row = painted.getByRole('option').nth(1)
    await expect(row).toBeVisible()
    // Before the app: no 'Log out', no app at all; the painted row names its study as the app does.
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0)
    const id = await row.getAttribute('id')
    // The patient and the accession number (the waiting clock may turn a minute meanwhile).
    const patient = (await row.locator('.fp-name').textContent()) ?? ''
    const accession = (await row.locator('.fp-acc').textContent()) ?? ''
    expect(id).toMatch(/^worklist-/)
    await row.click()
    await expect(row).toHaveAttribute('aria-selected', 'true')

    letTheAppIn()
    await expect(page.locator('#first-paint')).toHaveCount(0)
    const appRow = page.locator(`[id="${id ?? ''}"]`)
    await expect(appRow).toHaveAttribute('aria-selected', 'true')
    await expect(appRow).toContainText(patient)
    await expect(appRow).toContainText(accession)
    await expect(page.getByRole('group', { name: 'Patient' })).toBeVisible()
    expect(await page.evaluate('window.__mostWorklists')).toBe(1)

    // Logging out lets go of the study this test opened, for the tests after it.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/login$/)
  } finally {
    await context.close()
  }
})
