/**
 * Signing in the browser, against the real server, the real Speech SDK and the loopback speech
 * service: a radiologist opens a chest CT, inserts the normal CTA pulmonary embolism template,
 * fills its fields by Tab and by voice, dictates a critical finding, and signs with the keyboard.
 * The Finalize dialog runs the pre-sign check, shows the critical finding, asks for the
 * communication (prefilled with the time, the focus in its first field), records it, and signs
 * with Enter; the signed report names its signer and carries the record. Then who is signed in
 * (WS-14), a new report written through the chat and by 'Dictate report' onto its starting text
 * (RP-7), Ctrl+Shift+F then Enter (SG-3), and how a disabled button looks (UI-1).
 */
import { expect, test, type Locator } from '@playwright/test'
import { speechService } from './fixtures/speechService'
import { openReportEditor, selectStudy, sendAndAwaitReply, shot, signUp } from './support'

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
  // SG-3: the focus is where the clinician must act; CR-24: examples, and what is missing.
  await expect(form.getByLabel('Recipient')).toBeFocused()
  await expect(form.getByLabel('Role')).toHaveAttribute('placeholder', 'e.g. ED attending')
  const record = form.getByRole('button', { name: 'Record communication' })
  await expect(record).toBeDisabled()
  await expect(record).toHaveAccessibleDescription(
    'Fill in Recipient and Role to record the communication.',
  )
  await page.screenshot({ path: shot('critical-result-empty') })
  await form.getByLabel('Recipient').fill('Dr Omar Reyes')
  await form.getByLabel('Role').fill('Emergency physician')
  await form.getByLabel('Method').selectOption({ label: 'Phone' })
  await form.getByText('Read back', { exact: true }).click()
  await record.click()
  await expect(form.getByRole('status')).toContainText('Dr Omar Reyes')
  await expect(confirm).toBeEnabled()
  await expect(confirm).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(page.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  await expect(page.getByText(/^Signed by Dr Ada Signer at \d{1,2}:\d{2} [ap]m$/)).toBeVisible()
  await expect(page.getByText(/Critical result communicated to Dr Omar Reyes/)).toBeVisible()
})

/** A study no other browser test writes in: MR enterography, with an indication. */
const KEYBOARD_STUDY = 'A26114444'

/** An `rgb(...)`/`rgba(...)` colour's channels. */
function channels(color: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number)
  return [r, g, b]
}

/** WCAG contrast of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = channels(color).map((c) => {
      const s = c / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** How a button is drawn: what tells a disabled one from an enabled one. */
function buttonLook(button: Locator) {
  return button.evaluate((element) => {
    const style = getComputedStyle(element)
    return {
      opacity: Number(style.opacity),
      cursor: style.cursor,
      background: style.backgroundColor,
      color: style.color,
    }
  })
}

/** How far a colour is from grey: 0 for a grey, up to 255 for a pure hue. */
const chroma = (color: string) => Math.max(...channels(color)) - Math.min(...channels(color))

test('WS-14 RP-7 SG-3 UI-1 who is signed in, a report written through the chat onto the starting text, signed with Ctrl+Shift+F and Enter', async ({
  page,
}) => {
  const email = await signUp(page, 'keys', 'Dr Kim Keys')

  // WS-14: the header names the clinician; hovering the name shows the login id.
  const header = page.getByRole('banner')
  const name = header.getByText('Dr Kim Keys', { exact: true })
  await expect(name).toBeVisible()
  await name.hover()
  await expect(page.getByRole('tooltip')).toContainText(email)
  await expect(page.getByText(email, { exact: true })).toBeVisible()
  await page.screenshot({ path: shot('signed-in-header') })

  // RP-7: report text sent through the chat adds to the new report's starting text.
  await selectStudy(page, KEYBOARD_STUDY)
  const { report, impression } = await openReportEditor(page)
  const start =
    'HISTORY:\nCrohn disease on adalimumab; assess small bowel disease activity\n\n' +
    'TECHNIQUE:\nMR Enterography with and without contrast\n\n'
  await expect(report).toHaveValue(`${start}COMPARISON:\n\n\nFINDINGS:\n`)
  const message = page.getByRole('textbox', { name: 'Message' })
  await sendAndAwaitReply(page, async () => {
    await message.fill(
      'Findings: no active small bowel inflammation. Impression: quiescent Crohn disease.',
    )
    await message.press('Enter')
  })
  await expect(report).toHaveValue(
    `${start}COMPARISON:\n\n\nFINDINGS:\nno active small bowel inflammation.`,
  )
  await expect(impression).toHaveValue('quiescent Crohn disease.')

  // SG-3: nothing blocks, so the dialog's focus is on Finalize and Enter signs.
  await impression.press('ControlOrMeta+Shift+F')
  const dialog = page.getByRole('alertdialog', { name: 'Finalize report' })
  const confirm = dialog.getByRole('button', { name: 'Finalize', exact: true })
  await expect(confirm).toBeFocused()
  await page.screenshot({ path: shot('finalize-focused') })
  await page.keyboard.press('Enter')
  await expect(page.getByText('This report has been finalized and cannot be edited.')).toBeVisible()

  // UI-1: the signed report's Finalize is disabled and looks it: grey, not the accent it has
  // when enabled, its text still readable, and the pointer says not-allowed.
  const finalize = page.getByRole('button', { name: 'Finalize', exact: true })
  await expect(finalize).toBeDisabled()
  await page.screenshot({ path: shot('disabled-buttons') })
  const disabled = await buttonLook(finalize)
  expect(disabled.cursor).toBe('not-allowed')
  expect(disabled.opacity).toBe(1)
  expect(chroma(disabled.background)).toBeLessThan(30)
  expect(contrast(disabled.color, disabled.background)).toBeGreaterThanOrEqual(4.5)
  const save = await buttonLook(page.getByRole('button', { name: 'Save', exact: true }))
  expect(save.cursor).toBe('not-allowed')
})

test('RP-7 VC-1 Dictate report into a new report keeps its starting HISTORY and TECHNIQUE', async ({
  page,
  request,
}) => {
  await signUp(page, 'dictate-new', 'Dr Dee Tate')
  const phrases = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/speech/phrases') && response.ok(),
  )
  // A gastric emptying study no other browser test writes in.
  await selectStudy(page, 'A26114340')
  await phrases
  const { report } = await openReportEditor(page)
  const start =
    'HISTORY:\nType 2 diabetes with early satiety, nausea and bloating; evaluate for gastroparesis\n\n' +
    'TECHNIQUE:\nNM Gastric emptying study\n\nCOMPARISON:\n\n\nFINDINGS:\n'
  await expect(report).toHaveValue(start)

  await speechService.script(request, ['Delayed gastric emptying.', 'Stop dictation.'], 60)
  const dictate = page.getByRole('button', { name: 'Dictate report' })
  await expect(dictate).toBeEnabled()
  await dictate.click()

  await expect(report).toHaveValue(`${start}Delayed gastric emptying.`, { timeout: 20_000 })
  await expect(dictate).toBeEnabled()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Report' })).toHaveValue(
    `${start}Delayed gastric emptying.`,
  )
})
