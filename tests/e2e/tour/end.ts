/**
 * The end of the tour: the '?' overlay lists exactly the keys the tour has pressed (HK-17: each
 * did what the overlay says, in its step), Clear All Studies asked twice (Cancel, then Continue),
 * and Log out.
 */
import { expect, type Page } from '@playwright/test'
import { editor, openStudy } from './clinicians'
import { FINALIZED_NOTICE } from './signing'

/** The overlay's keys, and the step of the tour that pressed each. */
export const KEYS_PRESSED: Readonly<Record<string, string>> = {
  'Ctrl+S': 'the template, saved; the study taken back, saved',
  'Ctrl+Shift+F': 'the critical result; the keyboard signature',
  F4: 'dictation into the chat, started and stopped',
  'Alt+I': 'the macro, at the end of the Impression',
  'Alt+R': 'the report editor, shown again',
  'Alt+N': 'Next study, the second time',
  'Alt+U': 'the assistant’s second change, undone',
  '?': 'this overlay',
}

export async function shortcutsOverlay(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('Shift+?')
  const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(overlay).toBeVisible()
  const keys = await overlay.getByRole('row').locator('kbd').allTextContents()
  expect(keys.sort()).toEqual(Object.keys(KEYS_PRESSED).sort())
  // HK-11: no shortcut acts inside it: Alt+R there leaves the report editor shown.
  await page.keyboard.press('Alt+r')
  await page.keyboard.press('Escape')
  await expect(overlay).toBeHidden()
  await expect(page.getByRole('button', { name: 'Toggle report editor' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
}

/**
 * Clear All Studies asks (the spec's sentence, and that signed reports are kept); Cancel leaves
 * everything; Continue clears: the signed study's conversation is gone, its signed report stays.
 */
export async function clearAllStudies(page: Page, signed: string): Promise<void> {
  await openStudy(page, signed)
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log.getByRole('article', { name: 'You' }).first()).toBeVisible()
  const clear = page.getByRole('button', { name: 'Clear All Studies' })
  const dialog = page.getByRole('alertdialog', { name: 'Clear All Studies' })
  await clear.click()
  await expect(dialog).toContainText(
    'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?',
  )
  await expect(dialog).toContainText('Signed reports are kept.')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(log.getByRole('article', { name: 'You' }).first()).toBeVisible()

  await clear.click()
  await dialog.getByRole('button', { name: 'Continue' }).click()
  // Studies colleagues still hold are skipped and named; nothing of this clinician's is.
  const cleared = page.getByText('All conversations were cleared.')
  const close = dialog.getByRole('button', { name: 'Close' })
  await expect(cleared.or(close)).toBeVisible({ timeout: 60_000 })
  if (await close.isVisible()) await close.click()
  await expect(dialog).toBeHidden()
  await expect(log.getByRole('article', { name: 'You' })).toHaveCount(0)
  await expect(
    page
      .getByRole('listbox', { name: 'Active Studies' })
      .getByRole('option')
      .filter({ hasText: signed }),
  ).toHaveCount(0)
  await expect(page.getByText(FINALIZED_NOTICE)).toBeVisible()
  await expect(editor(page).impression).not.toHaveValue('')
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByLabel('Email')).toBeVisible()
}
