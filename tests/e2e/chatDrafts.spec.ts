/**
 * API-3 ID-2 CH-12 in Chromium: a message the clinician pressed Send on as the session expired
 * meets a 401, and the browser goes to /login with a full page load. Nothing typed is lost: the
 * tab's session storage holds it for the same clinician, whose Message box has it back when they
 * open the study again after signing in; it is not sent on its own.
 */
import { expect, test, type Page } from '@playwright/test'
import { expireSession, signUp, signIn } from './support'

/** A routine CT head near the end of the demo worklist that no other browser test opens. */
const ACCESSION = 'A26115365'

/** Finds the study by its accession number, opens it, and gives its Message box. */
async function openStudy(page: Page) {
  await page.getByRole('searchbox', { name: 'Find patient' }).fill(ACCESSION)
  const worklist = page.getByRole('listbox', { name: 'Worklist' })
  const study = worklist.getByRole('option', { name: new RegExp(ACCESSION) })
  await study.click()
  await expect(study).toHaveAttribute('aria-selected', 'true')
  const message = page.getByRole('textbox', { name: 'Message' })
  await expect(message).toBeEditable()
  // Opened: the summary its first opening wrote has been read back with the conversation (a
  // session expiring before that read would end it before anything was sent).
  await expect(page.getByText('Relevant History')).toBeVisible()
  return message
}

/** The chat drafts the tab's session storage holds, as one text. */
function storedChatDrafts(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((key) => key.startsWith('readout:chatDraft:'))
      .map((key) => sessionStorage.getItem(key))
      .join('\n'),
  )
}

test('API-3 ID-2 CH-12 a message sent as the session expired is in the Message box again after signing in', async ({
  page,
}) => {
  const email = await signUp(page, 'chat-draft')
  const message = await openStudy(page)
  const text = `Is the hypodensity new since the prior study? (${String(Date.now())})`
  await message.fill(text)

  const answerAgain = await expireSession(page)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/messages')) sent.push(request.url())
  })
  await page.getByRole('button', { name: 'Send message' }).click()

  // The send meets the 401 and the browser loads /login: the page and its store are gone.
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  await expect(page.getByLabel('Email')).toBeVisible()
  expect(sent).toHaveLength(1)
  expect(await storedChatDrafts(page)).toContain(text)
  await answerAgain()

  await signIn(page, email)

  const again = await openStudy(page)
  await expect(again).toHaveValue(text)
  // Given back, not sent again on its own.
  const mine = page.getByRole('article', { name: 'You' }).filter({ hasText: text })
  await expect(mine).toHaveCount(0)
  expect(sent).toHaveLength(1)

  // The clinician sends it now; it is theirs in the conversation and leaves the tab's storage.
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(mine).toBeVisible()
  await expect(again).toHaveValue('')
  expect(await storedChatDrafts(page)).not.toContain(text)
})
