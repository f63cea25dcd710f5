/**
 * The editor a radiologist expects in the first hour (issue 18), in the browser against the real
 * server: it opens beside the chat with a new report's HISTORY and TECHNIQUE from the order; at
 * 1024 px its buttons stay on one line and in view, with the sidebar open or closed; no text of
 * the study view is smaller than 12 px; and the shortcuts work in a real browser. Takes the
 * 1024 px screenshot.
 */
import { expect, test, type Page } from '@playwright/test'
import { selectStudy, shot, signUp } from './support'

/** Each named button of the row: on one line, whole, inside the editor and the viewport. */
async function expectOneLine(page: Page, names: string[]) {
  const editor = page.getByRole('region', { name: 'Report editor' })
  const bounds = await editor.boundingBox()
  if (!bounds) throw new Error('the editor is not on screen')
  const viewport = page.viewportSize()
  const boxes = []
  for (const name of names) {
    const button = editor.getByRole('button', { name, exact: true })
    await expect(button).toBeVisible()
    await expect(button).toBeInViewport({ ratio: 1 })
    const box = await button.boundingBox()
    if (!box) throw new Error(`${name} is not on screen`)
    boxes.push(box)
    // Its label fits in it: nothing cut off.
    const clipped = await button.evaluate((element) => element.scrollWidth > element.clientWidth)
    expect(clipped, `${name} shows its whole label`).toBe(false)
    expect(box.x).toBeGreaterThanOrEqual(bounds.x)
    expect(box.x + box.width).toBeLessThanOrEqual(bounds.x + bounds.width)
    expect(box.y + box.height).toBeLessThanOrEqual(viewport?.height ?? Infinity)
  }
  const tops = boxes.map((box) => Math.round(box.y))
  expect(new Set(tops).size, `${names.join(', ')} on one line`).toBe(1)
}

/** Every text of the page a clinician can see, with its computed font size, under 12 px. */
function smallTexts(page: Page) {
  return page.evaluate(() => {
    const small: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    while (walker.nextNode()) {
      const node = walker.currentNode
      const text = node.textContent?.trim() ?? ''
      const element = node.parentElement
      if (text === '' || !element) continue
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue
      const size = parseFloat(style.fontSize)
      if (size < 12) small.push(`${text.slice(0, 40)} (${String(size)} px)`)
    }
    return small
  })
}

test('ED-1 ED-5 ED-10 ED-11 at 1024 px the editor opens beside the chat, its buttons on one line, no text under 12 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signUp(page, 'editor')
  // A study no other browser test writes in: its report is new.
  await selectStudy(page, 'A26115176')

  // ED-1: no click on 'Toggle report editor'; ED-5: a new report starts from the order.
  const report = page.getByRole('textbox', { name: 'Report' })
  await expect(report).toHaveValue(/^HISTORY:\n\S.*\n\nTECHNIQUE:\n\S/)
  await expect(page.getByRole('button', { name: 'Finalize' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Toggle report editor' })).toContainText('Report')

  for (const sidebar of ['open', 'closed']) {
    if (sidebar === 'closed') {
      await page.getByRole('button', { name: 'Toggle sidebar' }).click()
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden()
    }
    await expectOneLine(page, ['Insert template', 'Macros'])
    // Dictation and the impression draft sit by the text they write.
    await expectOneLine(page, ['Dictate report'])
    await expectOneLine(page, ['Draft impression'])
    await expectOneLine(page, ['Report history', 'Save', 'Finalize'])
    expect(await smallTexts(page), `with the sidebar ${sidebar}`).toEqual([])
  }
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
  await expectOneLine(page, ['Insert template', 'Macros'])
  await page.screenshot({ path: shot('editor-1024') })
})

test('HK-1 HK-7 HK-13 HK-14 the shortcuts in a real browser: ?, Alt+I, Ctrl+S', async ({
  page,
}) => {
  await signUp(page, 'hotkeys')
  await selectStudy(page, 'A26114288')
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await expect(impression).toBeEditable()

  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('Alt+i')
  await expect(impression).toBeFocused()
  await page.keyboard.type('No acute abnormality.')
  await expect(page.getByText('Not saved', { exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: 'Message' }).focus()
  await page.keyboard.press('ControlOrMeta+s')
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()

  // '?' outside text fields: the focus leaves the Message box for the page.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  })
  await page.keyboard.press('Shift+?')
  const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(overlay).toBeVisible()
  await expect(overlay).toContainText('Ctrl+Shift+F')
  expect(await smallTexts(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(overlay).toBeHidden()
})
