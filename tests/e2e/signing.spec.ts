/**
 * Issue 18's browser journey, against the real server, the real Speech SDK and the loopback
 * speech service: a radiologist opens a chest CT, inserts the normal CTA pulmonary embolism
 * template, fills its fields by Tab and by voice, dictates a critical finding, and signs with the
 * keyboard. The Finalize dialog runs the pre-sign check, shows the critical finding, asks for
 * the communication (prefilled with the time), records it, and signs; the signed report names
 * its signer and carries the record.
 */
import { expect, test } from '@playwright/test'
import { speechService } from './fixtures/speechService'
import { openReportEditor, selectStudy, shot, signUp } from './support'

test.beforeEach(async ({ request }) => {
  await speechService.reset(request)
})

test('TPL-5 VC-2 VC-6 HK-2 QA-16 CR-14 a template filled by Tab and by voice, a dictated critical finding, its communication recorded, then signed', async ({
  page,
  request,
}) => {
  await signUp(page, 'signing', 'Dr Ada Signer')
  // A chest CT no other browser test writes in (the CTA Chest PE study is the templates test's).
  const phrases = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/speech/phrases') && response.ok(),
  )
  await selectStudy(page, 'A26114954')
  await phrases
  const { report, impression } = await openReportEditor(page)
  const dictate = page.getByRole('button', { name: 'Dictate report' })
  await expect(dictate).toBeEnabled()

  // The template, its first field selected; Tab to the next.
  await page.getByRole('button', { name: 'Insert template' }).click()
  await page
    .getByRole('list', { name: 'Templates' })
    .getByRole('button', { name: /CTA Chest PE protocol, negative/ })
    .click()
  await expect(report).toHaveValue(/FINDINGS:\nContrast opacification/)
  const selected = () =>
    report.evaluate((area: HTMLTextAreaElement) =>
      area.value.slice(area.selectionStart, area.selectionEnd),
    )
  await expect.poll(selected).toBe('[volume]')
  await page.keyboard.type('80')
  await page.keyboard.press('Tab')
  await expect.poll(selected).toBe('[None available / prior study of date]')
  await page.keyboard.type('None available.')

  // By voice: the next two fields, then a critical finding in the Findings.
  await speechService.script(
    request,
    [
      'Next field.',
      'adequate',
      'Next field.',
      'segmental',
      'Go to findings.',
      'Acute filling defect in the right lower lobe segmental artery consistent with pulmonary embolism.',
      'Stop dictation.',
    ],
    60,
  )
  await dictate.click()
  await expect(report).toHaveValue(/consistent with pulmonary embolism\.$/, { timeout: 20_000 })
  await expect(dictate).toBeEnabled()
  const written = await report.inputValue()
  expect(written).toContain('is adequate to the segmental level')
  expect(written).toContain('after 80 mL IV contrast')
  expect(written).not.toMatch(/\[|next field|go to|stop dictation/i)
  await impression.fill('Acute right lower lobe segmental pulmonary embolism.')

  // Signed from the keyboard: the check, the critical finding, the communication.
  await impression.press('Control+Shift+F')
  const dialog = page.getByRole('alertdialog', { name: 'Finalize report' })
  await expect(dialog).toContainText(
    'Are you sure you want to finalize this report? This action cannot be undone.',
  )
  await expect(dialog.getByRole('list', { name: 'Pre-sign check issues' })).toContainText(
    /pulmonary embolism/i,
  )
  const confirm = dialog.getByRole('button', { name: 'Finalize' })
  await expect(confirm).toBeDisabled()
  const form = dialog.getByRole('group', { name: 'Critical result communication' })
  await expect(form.getByLabel('Communicated at')).not.toHaveValue('')
  await form.getByLabel('Recipient').fill('Dr Omar Reyes')
  await form.getByLabel('Role').fill('Emergency physician')
  await form.getByLabel('Method').selectOption({ label: 'Phone' })
  await form.getByText('Read back', { exact: true }).click()
  await page.screenshot({ path: shot('critical-result') })
  await form.getByRole('button', { name: 'Record communication' }).click()
  await expect(form.getByRole('status')).toContainText('Dr Omar Reyes')
  await expect(confirm).toBeEnabled()
  await confirm.click()

  await expect(page.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  await expect(page.getByText(/^Signed by Dr Ada Signer at \d{1,2}:\d{2} [ap]m$/)).toBeVisible()
  await expect(page.getByText(/Critical result communicated to Dr Omar Reyes/)).toBeVisible()
})
