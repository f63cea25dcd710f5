import { expect, test } from '@playwright/test'
import { shot, signUp } from './support'

const RANK: Record<string, number> = { stat: 0, urgent: 1, routine: 2 }

test('WS-6 CH-1 RP-3 RP-4 CL-2 a radiologist reads a stat study from worklist to finalized report', async ({
  page,
}) => {
  await signUp(page)

  // The seeded worklist, sorted stat, urgent, routine.
  const worklist = page.getByRole('listbox', { name: 'Worklist' })
  const rows = worklist.getByRole('option')
  await expect(rows.first()).toBeVisible()
  const badges = await rows.evaluateAll((options) =>
    options.map((o) => o.querySelector('[data-priority]')?.getAttribute('data-priority') ?? ''),
  )
  const ranks = badges.map((b) => RANK[b] ?? 9)
  expect(ranks[0]).toBe(0)
  expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
  await expect(page.getByText('Select a patient or study to begin')).toBeVisible()
  await page.screenshot({ path: shot('worklist') })

  // Open the top stat study nobody has worked on yet (other browser tests share this server).
  const first = rows
    .filter({ has: page.locator('[data-priority="stat"]') })
    .filter({ hasNotText: 'In progress' })
    .first()
  const accession = /A\d{8}/.exec((await first.textContent()) ?? '')?.[0] ?? ''
  await first.click()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Relevant History')).toBeVisible()
  await expect(page.getByText('Indication', { exact: true })).toBeVisible()

  // Ask a question and get an answer.
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill('What is the indication?')
  await input.press('Enter')
  await expect(page.getByText('What is the indication?')).toBeVisible()
  await expect(page.getByText('You', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Rate up' }).last()).toBeVisible()
  await expect(input).toHaveValue('')

  // Rate it up, then clear the rating.
  const rateUp = page.getByRole('button', { name: 'Rate up' }).last()
  await rateUp.click()
  await expect(rateUp).toHaveAttribute('aria-pressed', 'true')
  await rateUp.click()
  await expect(rateUp).toHaveAttribute('aria-pressed', 'false')

  // The study moved to Active Studies with the first message.
  const active = page.getByRole('listbox', { name: 'Active Studies' })
  await expect(active.getByRole('option').filter({ hasText: accession })).toBeVisible()

  // Dictate-by-typing report sections: the editor fills.
  await input.fill(
    'Findings: 5 mm nodule in the right upper lobe. Impression: indeterminate pulmonary nodule.',
  )
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Updated the report: Findings, Impression.')).toBeVisible()
  await page.getByRole('button', { name: 'Toggle report editor' }).click()
  const report = page.getByRole('textbox', { name: 'Report' })
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await expect(report).toHaveValue(/FINDINGS:\s*\n5 mm nodule in the right upper lobe\./)
  await expect(impression).toHaveValue('indeterminate pulmonary nodule.')
  await page.screenshot({ path: shot('chat-and-report') })

  // Edit and save; a reload loses nothing.
  await impression.fill('Indeterminate 5 mm right upper lobe nodule. Follow-up CT in 12 months.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved', { exact: false }).first()).toBeVisible()
  await page.reload()
  await page
    .getByRole('listbox', { name: 'Active Studies' })
    .getByRole('option')
    .filter({ hasText: accession })
    .click()
  if (!(await page.getByRole('textbox', { name: 'Impression' }).isVisible())) {
    await page.getByRole('button', { name: 'Toggle report editor' }).click()
  }
  await expect(page.getByRole('textbox', { name: 'Impression' })).toHaveValue(
    'Indeterminate 5 mm right upper lobe nodule. Follow-up CT in 12 months.',
  )

  // Finalize, confirming in the in-app dialog.
  await page.getByRole('button', { name: 'Finalize' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(
    'Are you sure you want to finalize this report? This action cannot be undone.',
  )
  await dialog.getByRole('button', { name: 'Finalize' }).click()
  await expect(page.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Report' })).toHaveAttribute('readonly', '')
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled()
  await page.screenshot({ path: shot('finalized') })

  // Clear all studies.
  await page.getByRole('button', { name: 'Clear All Studies' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText(
    'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?',
  )
  await confirm.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('No active studies')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('What is the indication?')).toHaveCount(0)
})
