/**
 * Clear All beside a colleague, in two browsers against the real server (CL-4, CLM-10, CLM-11):
 * Ada reads a study and asks about it; Ben, in his own browser, clears all studies. The question
 * says signed reports are kept; Ada's study is skipped (the server refuses Ben's clear of it with
 * 409 `claimed`), the dialog counts it and offers no Retry, and Ada's row still says she reads it.
 * Ada's conversation is all there after a reload. She clears and lets it go at the end, so the
 * specs after this one find the study as it was.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { makeAdmin } from './fixtures/accounts'
import { selectStudy, sendAndAwaitReply, signUp } from './support'

/** A routine study no other browser test opens. */
const ACCESSION = 'A26114544'
const ADA = 'Dr Ada Keeper'
const QUESTION = 'Is there any relevant history?'

/** Both clear studies, an admin's once other accounts exist (RL-6): each is made one. */
async function clinician(browser: Browser, prefix: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await makeAdmin(page, await signUp(page, prefix, name))
  return page
}

/** The page's clinician clears the open study's conversation and ends their claim on it. */
async function clearAndLetGo(page: Page) {
  const orderId = new URL(page.url()).searchParams.get('study') ?? ''
  const statuses = await page.evaluate(async (id) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('DS') ?? ''}` }
    const path = `/api/v1/orders/${encodeURIComponent(id)}`
    const cleared = await fetch(`${path}/conversation`, { method: 'DELETE', headers })
    const released = await fetch(`${path}/claim`, { method: 'DELETE', headers })
    return [cleared.status, released.status]
  }, orderId)
  expect(statuses).toEqual([204, 204])
}

test('CL-4 CLM-10 CLM-11 Clear All skips the study a colleague reads: her conversation stays and her row still names her', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const ada = await clinician(browser, 'keeper', ADA)
  await selectStudy(ada, ACCESSION)
  // The summary card brings a 'Rate up' of its own: it must be in before the reply is counted.
  await expect(ada.getByText('Relevant History')).toBeVisible()
  const input = ada.getByRole('textbox', { name: 'Message' })
  await sendAndAwaitReply(ada, async () => {
    await input.fill(QUESTION)
    await input.press('Enter')
  })
  const adaMessages = ada.getByRole('log', { name: 'Messages' })
  await expect(adaMessages.getByRole('article', { name: 'You' })).toContainText(QUESTION)

  const ben = await clinician(browser, 'clearer', 'Dr Ben Clearer')
  await ben.getByRole('searchbox', { name: 'Find patient' }).fill(ACCESSION)
  const row = ben
    .getByRole('listbox', { name: 'Worklist' })
    .getByRole('option')
    .filter({ hasText: ACCESSION })
  await expect(row).toContainText(`Being read by ${ADA}`)

  await ben.getByRole('button', { name: 'Clear All Studies' }).click()
  const dialog = ben.getByRole('alertdialog', { name: 'Clear All Studies' })
  await expect(dialog).toContainText(
    'This will clear ALL conversations (messages, reports, and reset status for all orders). Continue?',
  )
  await expect(dialog).toContainText('Signed reports are kept.')
  await dialog.getByRole('button', { name: 'Continue' }).click()

  // Other specs' readers may still hold studies of their own: Ada's is one of those counted.
  await expect(dialog).toContainText(
    /Cleared \d+ stud(y|ies)\. \d+ stud(y|ies) being read by a colleague (was|were) skipped\./,
    { timeout: 60_000 },
  )
  await expect(dialog.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText(`Being read by ${ADA}`)

  await ada.reload()
  await expect(adaMessages.getByRole('article', { name: 'You' })).toContainText(QUESTION)
  await clearAndLetGo(ada)
})
