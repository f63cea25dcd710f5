/**
 * Templates and macros in the browser against the real server (issue 18): the picker of a CTA
 * Chest PE study offers its own template first; inserting it fills the report and selects the
 * first bracketed field, and Tab moves to the next (TPL-4, TPL-5).
 */
import { expect, test } from '@playwright/test'
import { openReportEditor, signUp } from './support'

test('TPL-4 TPL-5 a CTA Chest PE study inserts its own template and Tab walks its fields', async ({
  page,
}) => {
  await signUp(page, 'templates')
  await page.getByRole('searchbox', { name: 'Find patient' }).fill('CTA Chest PE')
  const row = page.getByRole('listbox', { name: 'Worklist' }).getByRole('option').first()
  await expect(row).toContainText('CTA Chest PE protocol')
  await row.click()
  const { report, impression } = await openReportEditor(page)

  await page.getByRole('button', { name: 'Insert template' }).click()
  const list = page.getByRole('list', { name: 'Templates' })
  const best = list.getByRole('button').first()
  await expect(best).toContainText('CTA Chest PE protocol, negative')
  await expect(best).toContainText('Best match')
  await expect(best).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(list).toBeHidden()
  await expect(report).toHaveValue(/FINDINGS:\nContrast opacification/)
  await expect(impression).toHaveValue('No pulmonary embolism.')
  await expect(report).toBeFocused()
  const selected = () =>
    report.evaluate((area: HTMLTextAreaElement) =>
      area.value.slice(area.selectionStart, area.selectionEnd),
    )
  expect(await selected()).toBe('[volume]')
  await page.keyboard.press('Tab')
  expect(await selected()).toBe('[None available / prior study of date]')
  await page.keyboard.press('Tab')
  expect(await selected()).toBe('[adequate/suboptimal]')
  await page.keyboard.press('Shift+Tab')
  expect(await selected()).toBe('[None available / prior study of date]')
})
