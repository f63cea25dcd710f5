/**
 * The tour's report tools: the editor shown and hidden (button and Alt+R), 'Insert template' with
 * Tab through its fields and each way it meets text already there, Macros, and Priors.
 */
import { expect, type Page } from '@playwright/test'
import { shot } from '../support'
import { editor, selectedText } from './clinicians'

const TEMPLATE = 'XR Wrist 3 views, normal'
const TEMPLATE_FINDINGS = 'No fracture or dislocation. Joint spaces are preserved.'
const MACRO = 'splint'
const MACRO_TEXT = 'Recommend splint immobilisation and orthopaedic follow-up.'

export async function editorShownAndHidden(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Toggle report editor' })
  const panel = page.getByRole('region', { name: 'Report editor' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(panel).toHaveCount(0)
  await page.keyboard.press('Alt+r')
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await expect(editor(page).impression).toBeEditable()
}

/**
 * The study's template, best match first, inserted with Enter; Tab walks its fields from the
 * Report into the Impression, and Ctrl+S saves. Inserted again over that text: 'Back', then
 * 'Add below' and 'Replace their text', each taken back with 'Undo template'.
 */
export async function insertTemplate(page: Page): Promise<void> {
  const { report, impression } = editor(page)
  await page.getByRole('button', { name: 'Insert template' }).click()
  const list = page.getByRole('list', { name: 'Templates' })
  const best = list.getByRole('button').first()
  await expect(best).toContainText(TEMPLATE)
  await expect(best).toContainText('Best match')
  await expect(best).toBeFocused()
  await page.screenshot({ path: shot('template-picker') })
  await page.keyboard.press('Enter')
  await expect(list).toBeHidden()
  await expect(report).toHaveValue(/FINDINGS:\nNo fracture or dislocation\./)
  await expect(report).toBeFocused()

  for (const [field, value, area] of [
    ['[left/right]', 'left', report],
    ['[None available / prior study of date]', 'None available.', report],
    ['[left/right]', 'left', impression],
    [
      '[If scaphoid tenderness persists, repeat views or MRI in 10-14 days.]',
      'If scaphoid tenderness persists, repeat views or MRI in 10 to 14 days.',
      impression,
    ],
  ] as const) {
    await expect(area).toBeFocused()
    await expect.poll(() => selectedText(area)).toBe(field)
    await page.keyboard.type(value)
    await page.keyboard.press('Tab')
  }
  await expect(report).toHaveValue(/PA, oblique and lateral views of the left wrist\./)
  await expect(impression).toHaveValue(/^No fracture of the left wrist\. If scaphoid/)
  await impression.focus()
  await page.keyboard.press('ControlOrMeta+s')
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  const filled = { report: await report.inputValue(), impression: await impression.inputValue() }

  const again = async () => {
    await page.getByRole('button', { name: 'Insert template' }).click()
    await page.getByRole('button', { name: new RegExp(TEMPLATE) }).click()
    await expect(page.getByText(`Insert ‘${TEMPLATE}’ how?`)).toBeVisible()
  }
  const undo = page.getByRole('button', { name: 'Undo template' })
  await again()
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(list.getByRole('button').first()).toContainText(TEMPLATE)
  await list.getByRole('button').first().click()
  await page.getByRole('button', { name: 'Add below' }).click()
  await expect(page.getByText(`Inserted ‘${TEMPLATE}’.`)).toBeVisible()
  expect((await report.inputValue()).split(TEMPLATE_FINDINGS)).toHaveLength(3)
  await undo.click()
  await expect(report).toHaveValue(filled.report)
  await expect(impression).toHaveValue(filled.impression)

  await again()
  await page.getByRole('button', { name: 'Replace their text' }).click()
  await expect(impression).toHaveValue(/^No fracture of the \[left\/right\] wrist\./)
  await undo.click()
  await expect(undo).toBeHidden()
  await expect(report).toHaveValue(filled.report)
  await expect(impression).toHaveValue(filled.impression)
}

/**
 * 'Macros': one made and one made and removed in 'Add or remove macros…'; chosen from the menu,
 * its text goes where the caret was (Alt+I: the end of the Impression).
 */
export async function macros(page: Page): Promise<void> {
  const { impression } = editor(page)
  const macrosButton = page.getByRole('button', { name: 'Macros', exact: true })
  await macrosButton.click()
  await page.getByRole('menuitem', { name: 'Add or remove macros…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Macros' })
  const yours = dialog.getByRole('list', { name: 'Your macros' })
  for (const [name, text] of [
    [MACRO, MACRO_TEXT],
    ['spare', 'A macro made by mistake.'],
  ] as const) {
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('Text').fill(text)
    await dialog.getByRole('button', { name: 'Add macro' }).click()
    await expect(yours.getByRole('listitem').filter({ hasText: text })).toBeVisible()
  }
  await dialog.getByRole('button', { name: 'Remove macro spare' }).click()
  await expect(yours.getByRole('listitem')).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('Alt+i')
  await expect(impression).toBeFocused()
  await page.keyboard.press('Enter')
  await macrosButton.click()
  await page.getByRole('menuitem', { name: new RegExp(`^${MACRO}`) }).click()
  await expect(impression).toHaveValue(new RegExp(`\\.\\n${MACRO_TEXT}$`))
}

/**
 * Priors: the list closes and opens; 'Use as comparison' writes the prior into COMPARISON in
 * place of 'None available.', 'Undo comparison' takes it back, and it is used again.
 */
export async function priors(page: Page, prior: string): Promise<void> {
  const { report } = editor(page)
  const section = page.getByRole('region', { name: 'Priors' })
  const toggle = section.getByRole('button', { name: /Priors \(1\)/ })
  const use = section.getByRole('button', { name: 'Use as comparison' })
  await expect(section).toContainText(prior)
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(use).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')

  const written = new RegExp(`COMPARISON:\\n${prior}, \\d{4}-\\d\\d-\\d\\d\\.\\n`)
  await use.click()
  await expect(report).toHaveValue(written)
  await expect(section).toContainText(`Comparison written from the prior ${prior}.`)
  await section.getByRole('button', { name: 'Undo comparison' }).click()
  await expect(report).toHaveValue(/COMPARISON:\nNone available\.\n/)
  await use.click()
  await expect(report).toHaveValue(written)
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
}
