/**
 * ID-2 on a shared reading-room workstation: a session that expires keeps the clinician's
 * unsaved report draft in the tab for their next sign-in, but another clinician signing in on
 * that tab must never get it. They see the server's report, and the draft is gone from the tab.
 */
import { expect, test, type Page } from '@playwright/test'
import { expireSession, openReportEditor, selectStudy, signIn, signUp } from './support'

/** The newest routine study of the demo worklist: near its end, no other browser test opens it. */
const ACCESSION = 'A26115688'

async function openStudy(page: Page, answer?: 'Take over') {
  await selectStudy(page, ACCESSION, { answer })
  return openReportEditor(page)
}

/** Everything in the tab's session storage, as one text. */
function tabStorage(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(sessionStorage)
      .map((key) => sessionStorage.getItem(key))
      .join('\n'),
  )
}

test('ID-2 after a session expires, the next clinician signing in on the tab sees the server’s report, not the previous clinician’s unsaved draft', async ({
  page,
}) => {
  await signUp(page, 'privacy-first')
  const first = await openStudy(page)
  const saved = `Saved impression ${String(Date.now())}.`
  await first.impression.fill(saved)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved', { exact: true })).toBeVisible()

  const answerAgain = await expireSession(page)
  const unsaved = `Unsaved finding of the first reader ${String(Date.now())}.`
  await first.report.fill(`FINDINGS:\n${unsaved}`)
  await first.impression.fill(`${saved} ${unsaved}`)
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 })
  await answerAgain()
  // Kept for the first reader's next sign-in.
  expect(await tabStorage(page)).toContain(unsaved)

  // Another clinician signs in (up) on the same tab. The first reader's claim outlives their
  // expired session (CLM-4): the second is asked first, and takes the study over (the first
  // reader has left the workstation).
  await signIn(page, `privacy-second-${String(Date.now())}@hospital.test`)
  expect(await tabStorage(page)).not.toContain(unsaved)

  const second = await openStudy(page, 'Take over')
  await expect(second.impression).toHaveValue(saved)
  expect(await second.report.inputValue()).not.toContain(unsaved)
  await expect(page.getByText(unsaved)).toHaveCount(0)
  expect(await tabStorage(page)).not.toContain(unsaved)
})
