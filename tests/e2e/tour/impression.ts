/**
 * The tour's writing with help: dictation into the report, 'Draft impression' (Accept, its undo,
 * Discard), the assistant's changes undone by the button and by Alt+U, and 'Report history' with
 * Restore.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { speechService } from '../fixtures/speechService'
import { shot } from '../support'
import { ask } from './chat'
import { editor } from './clinicians'

/** The laterality slip the pre-sign check will point out on this left wrist. */
export const SLIP = 'There is also mild soft tissue swelling over the right wrist.'
/** The assistant's second impression, which the clinician restores from the history. */
export const ASSISTANT_IMPRESSION = 'Small dorsal avulsion fracture of the left triquetrum.'

/** 'Dictate report': "go to findings", a sentence, "stop dictation". */
export async function dictateReport(page: Page, request: APIRequestContext): Promise<void> {
  const { report } = editor(page)
  const dictate = page.getByRole('button', { name: 'Dictate report' })
  await expect(dictate).toBeEnabled()
  await speechService.script(request, ['Go to findings.', SLIP, 'Stop dictation.'], 60)
  await dictate.click()
  await expect(report).toHaveValue(new RegExp(`No radiopaque foreign body\\. ${SLIP}$`), {
    timeout: 30_000,
  })
  await expect(dictate).toBeEnabled()
  await expect(report).toBeEditable()
  expect(await report.inputValue()).not.toMatch(/go to|stop dictation/i)
}

/**
 * 'Draft impression' from the Findings: accepted below the Impression's text and taken back with
 * 'Undo impression draft'; drafted again and discarded. The Impression ends as it was.
 */
export async function draftImpression(page: Page): Promise<void> {
  const { impression } = editor(page)
  const before = await impression.inputValue()
  const draft = page.getByRole('button', { name: 'Draft impression' })
  const region = page.getByRole('region', { name: 'Impression draft' })
  const text = region.getByRole('textbox', { name: 'Draft' })

  await draft.click()
  await expect(text).toHaveValue(/dorsal avulsion fracture of the triquetrum/)
  await expect(region).toContainText('Your positive Findings sentences, in your words.')
  const drafted = await text.inputValue()
  await region.getByRole('button', { name: 'Accept' }).click()
  await expect(region).toBeHidden()
  await expect(impression).toHaveValue(`${before}\n\n${drafted}`)
  await page.getByRole('button', { name: 'Undo impression draft' }).click()
  await expect(impression).toHaveValue(before)

  await draft.click()
  await expect(text).toHaveValue(drafted)
  await region.getByRole('button', { name: 'Discard' }).click()
  await expect(region).toBeHidden()
  await expect(impression).toHaveValue(before)
}

/**
 * The clinician saves, then asks the assistant for an impression in the chat: it replaces the
 * Impression, says so, and 'Undo assistant change' brings the clinician's text back. Again, and
 * Alt+U undoes it. Takes the chat-and-report and assistant-change pictures.
 */
export async function assistantChanges(page: Page): Promise<void> {
  const { impression } = editor(page)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()
  const mine = await impression.inputValue()
  const undo = page.getByRole('button', { name: 'Undo assistant change' })
  const notice = page.getByRole('status').filter({ has: undo })

  const first = await ask(page, 'Impression: Dorsal triquetral avulsion fracture.')
  await expect(first.answer).toContainText('This replaced the Impression')
  await expect(impression).toHaveValue('Dorsal triquetral avulsion fracture.')
  await expect(notice).toContainText('The assistant changed the Impression.')
  await page.screenshot({ path: shot('assistant-change') })
  await undo.click()
  await expect(impression).toHaveValue(mine)
  await expect(undo).toBeHidden()
  await page.screenshot({ path: shot('chat-and-report') })

  await ask(page, `Impression: ${ASSISTANT_IMPRESSION}`)
  await expect(impression).toHaveValue(ASSISTANT_IMPRESSION)
  await expect(undo).toBeEnabled()
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('Alt+u')
  await expect(impression).toHaveValue(mine)
  await expect(undo).toBeHidden()
}

/**
 * 'Report history': who wrote each revision and why, newest first; 'Restore' brings the
 * assistant's second impression back as a revision of the clinician's own.
 */
export async function historyAndRestore(page: Page, clinician: string): Promise<void> {
  const { impression } = editor(page)
  await page.getByRole('button', { name: 'Report history' }).click()
  const history = page.getByRole('dialog', { name: 'Report history' })
  const revisions = history.getByRole('listitem')
  await expect(revisions.first()).toContainText(`${clinician} · Undo of an assistant change`)
  await expect(revisions.nth(1)).toContainText('AI Assistant · Assistant update')
  await expect(revisions.nth(1).getByRole('insertion').first()).toContainText('Small dorsal')
  await page.screenshot({ path: shot('report-history') })
  await revisions.nth(1).getByRole('button', { name: 'Restore' }).click()
  await expect(history).toBeHidden()
  await expect(impression).toHaveValue(ASSISTANT_IMPRESSION)
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Report history' }).click()
  await expect(revisions.first()).toContainText(`${clinician} · Restored an earlier version`)
  await history.getByRole('button', { name: 'Close' }).click()
  await expect(history).toBeHidden()
}
