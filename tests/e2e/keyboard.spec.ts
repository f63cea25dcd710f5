import { expect, test, type Locator, type Page } from '@playwright/test'
import { makeAdmin } from './fixtures/accounts'
import { PASSWORD, sendAndAwaitReply } from './support'

/**
 * A radiologist who never touches the mouse: after `page.goto` every step is a key press. Each
 * control is reached by Tab (or Shift+Tab) from where focus already is, with a cap on the number
 * of presses, so a control that cannot be reached fails the test instead of being clicked.
 */
const MAX_TABS = 60

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false)
}

async function tabTo(page: Page, target: Locator, direction: 'forward' | 'back' = 'forward') {
  const key = direction === 'forward' ? 'Tab' : 'Shift+Tab'
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await isFocused(target)) return
    await page.keyboard.press(key)
  }
  await expect(target, `reachable with ${key} in ${String(MAX_TABS)} presses`).toBeFocused()
}

/**
 * The focus outline the browser draws on an element right now ('' when none), read from its
 * computed style. Compared against the same element unfocused, so a ring that is always there,
 * or never, fails.
 */
async function focusRing(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element)
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      ? `${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
      : ''
  })
}

test('CH-9 RP-3 CL-1 LG-5 the whole journey with the keyboard alone', async ({ page }) => {
  // Hundreds of key presses, each a round trip to the browser: on a busy shared machine the
  // journey can take twice its usual 20 s.
  test.setTimeout(120_000)
  const email = `keys-${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}@hospital.test`
  await page.goto('/login')

  // Sign up: Tab to each field, type, Enter submits.
  const emailField = page.getByLabel('Email')
  await tabTo(page, emailField)
  await page.keyboard.type(email)
  await tabTo(page, page.getByLabel('Password'))
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  // LG-5: the address has no account yet; the focus waits in 'Full name', and Enter creates it.
  await expect(page.getByLabel('Full name')).toBeFocused()
  await page.keyboard.type('Dr Keyboard Only')
  await page.keyboard.press('Enter')
  const logout = page.getByRole('button', { name: 'Log out' })
  await expect(logout).toBeVisible()
  // Clear All Studies, at the end, is an admin's once other accounts exist (RL-6): the hospital's
  // admin gives this clinician the role, and the page reads it again.
  await makeAdmin(page, email)

  // The worklist: Tab lands on its first row; ArrowDown/ArrowUp move; Enter opens a stat study.
  const worklist = page.getByRole('listbox', { name: 'Worklist' })
  const rows = worklist.getByRole('option')
  await expect(rows.first()).toBeVisible()
  await tabTo(page, rows.first())
  expect(await focusRing(rows.first())).not.toBe('')
  await page.keyboard.press('ArrowDown')
  await expect(rows.nth(1)).toBeFocused()
  expect(await focusRing(rows.nth(1))).not.toBe('')
  expect(await focusRing(rows.first())).toBe('')
  await page.keyboard.press('ArrowUp')
  await expect(rows.first()).toBeFocused()
  // The first stat study open for writing: signed reports outlive earlier tests' Clear All
  // (CL-3), and a study another clinician reads would ask 'Take over?' (CLM-7).
  const target = await rows.evaluateAll((options) =>
    options.findIndex(
      (option) =>
        option.querySelector('[data-priority="stat"]') !== null &&
        !/Final|Being read by/.test(option.textContent),
    ),
  )
  expect(target).toBeGreaterThanOrEqual(0)
  for (let down = 0; down < target; down += 1) await page.keyboard.press('ArrowDown')
  const study = rows.nth(target)
  await expect(study).toBeFocused()
  await expect(study.locator('[data-priority="stat"]')).toHaveCount(1)
  const accession = /A\d{8}/.exec((await study.textContent()) ?? '')?.[0] ?? ''
  expect(accession).not.toBe('')
  await page.keyboard.press('Enter')
  await expect(worklist.getByRole('option', { selected: true })).toContainText(accession)
  await expect(page.getByText('Relevant History')).toBeVisible()

  // Ask a question: Enter sends (CH-9), Shift+Enter only breaks the line.
  const message = page.getByRole('textbox', { name: 'Message' })
  await tabTo(page, message)
  expect(await focusRing(message)).not.toBe('')
  await page.keyboard.type('What is the indication?')
  await page.keyboard.press('Shift+Enter')
  await expect(message).toHaveValue('What is the indication?\n')
  await page.keyboard.press('Backspace')
  const rateUp = await sendAndAwaitReply(page, () => page.keyboard.press('Enter'))
  await expect(message).toHaveValue('')
  await expect(page.getByText('What is the indication?')).toBeVisible()

  // Rate the answer up with Space, then clear the rating with Enter.
  await tabTo(page, rateUp, 'back')
  expect(await focusRing(rateUp)).not.toBe('')
  expect(await focusRing(page.getByRole('button', { name: 'Rate down' }).last())).toBe('')
  expect(await focusRing(message)).toBe('')
  await page.keyboard.press('Space')
  await expect(rateUp).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Enter')
  await expect(rateUp).toHaveAttribute('aria-pressed', 'false')

  // Report sections typed into the chat fill the report.
  await tabTo(page, message)
  await page.keyboard.type(
    'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.',
  )
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Updated the report/)).toBeVisible()

  // The report editor, open since the study opened (ED-1), closes and opens again from the
  // keyboard; then edit the Impression and save with Ctrl+S.
  const toggleEditor = page.getByRole('button', { name: 'Toggle report editor' })
  await tabTo(page, toggleEditor, 'back')
  expect(await focusRing(toggleEditor)).not.toBe('')
  await page.keyboard.press('Enter')
  await expect(toggleEditor).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('region', { name: 'Report editor' })).toHaveCount(0)
  await page.keyboard.press('Enter')
  await expect(toggleEditor).toHaveAttribute('aria-pressed', 'true')
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await expect(impression).toHaveValue('indeterminate pulmonary nodule.')
  await tabTo(page, impression)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Indeterminate 5 mm right upper lobe nodule. Follow-up CT in 12 months.')
  await expect(page.getByText('Not saved', { exact: true })).toBeVisible()
  await page.keyboard.press('ControlOrMeta+S')
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()

  // Finalize: with nothing in the way the dialog focuses Finalize (SG-3), and keeps the focus
  // inside until answered.
  const finalize = page.getByRole('button', { name: 'Finalize' })
  await tabTo(page, finalize)
  await page.keyboard.press('Enter')
  const finalizeDialog = page.getByRole('alertdialog')
  await expect(finalizeDialog).toContainText(
    'Are you sure you want to finalize this report? This action cannot be undone.',
  )
  await expect(finalizeDialog.getByRole('button', { name: 'Finalize' })).toBeFocused()
  await expectFocusTrapped(page, finalizeDialog)
  await tabTo(page, finalizeDialog.getByRole('button', { name: 'Finalize' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Impression' })).toHaveValue(
    'Indeterminate 5 mm right upper lobe nodule. Follow-up CT in 12 months.',
  )
  await expect(page.getByRole('textbox', { name: 'Report' })).toHaveAttribute('readonly', '')
  const active = page.getByRole('listbox', { name: 'Active Studies' })
  // EV-11: a signed study is read, no longer in progress: it leaves Active Studies.
  await expect(active.getByRole('option').filter({ hasText: accession })).toBeHidden()

  // Clear all studies, confirmed with Continue.
  const clearAll = page.getByRole('button', { name: 'Clear All Studies' })
  await tabTo(page, clearAll, 'back')
  await page.keyboard.press('Enter')
  const clearDialog = page.getByRole('alertdialog')
  await expect(clearDialog).toContainText(
    'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?',
  )
  await expectFocusTrapped(page, clearDialog)
  await tabTo(page, clearDialog.getByRole('button', { name: 'Continue' }))
  await page.keyboard.press('Enter')
  // The signed study left Active Studies when it was signed (EV-11): the run is over when the
  // study's conversation is gone.
  await expect(page.getByText('What is the indication?')).toHaveCount(0, { timeout: 30_000 })
  // A study an earlier test's clinician still reads is skipped (CLM-11): the dialog then stays
  // open with the count until Close, reached and pressed from the keyboard too, and that study
  // stays in progress, so Active Studies is empty only when nothing was skipped.
  const cleared = page.getByText('All conversations were cleared.')
  const close = clearDialog.getByRole('button', { name: 'Close' })
  await expect(cleared.or(close)).toBeVisible({ timeout: 30_000 })
  if (await close.isVisible()) {
    await expect(clearDialog).toContainText('being read by a colleague')
    await tabTo(page, close)
    await page.keyboard.press('Enter')
    await expect(clearDialog).toBeHidden()
  } else {
    await expect(page.getByText('No active studies')).toBeVisible()
  }

  // Log out.
  await tabTo(page, logout)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login$/)
  await expect(emailField).toBeVisible()
})

/** Focus starts inside an open dialog and stays there through a full lap of Tab and Shift+Tab. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () =>
    dialog.evaluate((element) => element.contains(document.activeElement)).catch(() => false)
  await expect.poll(inside).toBe(true)
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await inside(), `focus left the dialog after ${key}`).toBe(true)
  }
}
