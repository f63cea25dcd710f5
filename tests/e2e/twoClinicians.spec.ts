/**
 * Two clinicians on one study, each in a browser of their own (AU-1, UA-1, RH-1, SG-1, SG-2,
 * AD-1, CLM-7): B, asked whether to take over the study A reads, reads it only and sees A's
 * message under A's name; A's typed impression, replaced by a dictated
 * instruction to the assistant, comes back with one click; A signs, B adds an addendum; a reload
 * shows all of it, and the history tells who did what.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { speechService } from './fixtures/speechService'
import { openReportEditor, selectStudy, signUp } from './support'

/** A routine study no other browser test opens. */
const ACCESSION = 'A26114971'
const ADA = 'Dr Ada Okafor'
const BEN = 'Dr Ben Marsh'
const TYPED_IMPRESSION = 'Acute calculous cholecystitis.\nNo perforation.'
/** What the clinician says to the assistant, as the speech service hears it. */
const SPOKEN = 'impression recommend surgical consultation'

async function clinician(browser: Browser, prefix: string, name: string): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signUp(page, prefix, name)
  return page
}

async function openStudy(page: Page) {
  await selectStudy(page, ACCESSION)
}

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill(text)
  await input.press('Enter')
  await expect(page.getByText('Assistant is thinking...')).toBeHidden()
}

test.beforeEach(async ({ request }) => {
  await speechService.reset(request)
})

test('AU-1 UA-1 RH-1 SG-1 SG-2 AD-1 AD-2 two clinicians on one study: names, an assistant change undone, a signature and an addendum', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const a = await clinician(browser, 'ada', ADA)
  const b = await clinician(browser, 'ben', BEN)

  // A writes a two-line impression and saves it, then asks the assistant something.
  await openStudy(a)
  const editorA = await openReportEditor(a)
  await editorA.impression.fill(TYPED_IMPRESSION)
  const saved = a.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().endsWith('/report') &&
      response.status() === 200,
  )
  await a.getByRole('button', { name: 'Save' }).click()
  await saved
  await send(a, 'What is the indication?')

  // B opens the same study, which A reads: B is asked before taking it over (CLM-7) and reads
  // it only. A's message carries A's name; B's own, a consult, is 'You' and changes no report.
  await selectStudy(b, ACCESSION, { answer: 'Cancel' })
  const log = b.getByRole('log', { name: 'Messages' })
  await expect(log.getByRole('article', { name: ADA })).toContainText('What is the indication?')
  await send(b, 'Any prior imaging?')
  await expect(log.getByRole('article', { name: 'You' })).toContainText('Any prior imaging?')
  await expect(log.getByRole('article', { name: ADA })).toHaveCount(1)

  // A dictates an instruction that makes the assistant replace the typed impression.
  await speechService.script(request, [SPOKEN])
  await a.getByRole('button', { name: 'Start dictation' }).click()
  const message = a.getByRole('textbox', { name: 'Message' })
  await expect(message).toHaveValue(SPOKEN)
  await a.getByRole('button', { name: 'Stop dictation' }).click()
  await expect(a.getByRole('button', { name: 'Start dictation' })).toBeVisible()
  await message.press('Enter')
  const reply = a
    .getByRole('log', { name: 'Messages' })
    .getByRole('article', { name: 'AI Assistant' })
    .last()
  await expect(reply).toContainText('This replaced the Impression section you had written')
  await expect(editorA.impression).toHaveValue(/recommend surgical consultation/)
  const undo = a.getByRole('button', { name: 'Undo assistant change' })
  await expect(a.getByRole('status').filter({ has: undo })).toContainText(
    'The assistant changed the Impression.',
  )

  // One click brings the typed text back, as a revision of its own.
  await undo.click()
  await expect(editorA.impression).toHaveValue(TYPED_IMPRESSION)
  await expect(undo).toBeHidden()
  await a.getByRole('button', { name: 'Report history' }).click()
  const history = a.getByRole('dialog', { name: 'Report history' })
  const revisions = history.getByRole('listitem')
  await expect(revisions).toHaveCount(3)
  await expect(revisions.nth(0)).toContainText(`${ADA} · Undo of an assistant change`)
  await expect(revisions.nth(1)).toContainText('AI Assistant · Assistant update')
  await expect(revisions.nth(1).getByRole('deletion')).toContainText('Acute calculous')
  await expect(revisions.nth(2)).toContainText(`${ADA} · Saved`)
  await history.getByRole('button', { name: 'Close' }).click()

  // A signs. The report holds an impression only: the pre-sign check points out the empty
  // Findings (QA-4) as a warning, which does not stand in the way of the signature.
  await a.getByRole('button', { name: 'Finalize' }).click()
  const finalizeDialog = a.getByRole('alertdialog')
  await expect(finalizeDialog).toContainText('Findings is empty.')
  await finalizeDialog.getByRole('button', { name: 'Finalize' }).click()
  await expect(a.getByText('This report has been finalized and cannot be edited.')).toBeVisible()
  await expect(a.getByText(new RegExp(`^Signed by ${ADA} at \\d{1,2}:\\d{2} [ap]m$`))).toBeVisible()

  // B, reloading, sees the signed report and appends an addendum.
  await b.reload()
  await openStudy(b)
  const editorB = await openSignedEditor(b)
  await expect(editorB.impression).toHaveValue(TYPED_IMPRESSION)
  await expect(b.getByText(new RegExp(`^Signed by ${ADA} at `))).toBeVisible()
  // AD-2: B dictates the addendum into its box.
  const addendum = b.getByRole('textbox', { name: 'Addendum' })
  await addendum.fill('Surgical team informed at 14:10.')
  await speechService.script(request, ['gallbladder wall hyperemia confirmed'])
  await expect(b.getByRole('button', { name: 'Dictate addendum' })).toBeEnabled()
  await b.getByRole('button', { name: 'Dictate addendum' }).click()
  await expect(addendum).toHaveValue(
    'Surgical team informed at 14:10. gallbladder wall hyperemia confirmed',
  )
  await b.getByRole('button', { name: 'Stop dictating addendum' }).click()
  await expect(b.getByRole('button', { name: 'Dictate addendum' })).toBeEnabled()
  await expect(b.getByRole('textbox', { name: 'Message' })).toHaveValue('')
  await b.getByRole('button', { name: 'Sign addendum' }).click()
  await b.getByRole('alertdialog').getByRole('button', { name: 'Sign' }).click()
  const addenda = b.getByRole('list', { name: 'Addenda' })
  await expect(addenda.getByRole('listitem')).toHaveCount(1)
  await expect(addenda.getByRole('listitem').first()).toContainText(`Addendum 1 · ${BEN} at`)

  // A reload on A's side shows all of it: the signed text, signer, addendum, and the Final mark.
  await a.reload()
  await openStudy(a)
  const editorA2 = await openSignedEditor(a)
  await expect(editorA2.impression).toHaveValue(TYPED_IMPRESSION)
  await expect(a.getByText(new RegExp(`^Signed by ${ADA} at `))).toBeVisible()
  await expect(a.getByRole('list', { name: 'Addenda' })).toContainText(
    'Surgical team informed at 14:10. gallbladder wall hyperemia confirmed',
  )
  const row = a
    .getByRole('listbox', { name: 'Worklist' })
    .getByRole('option')
    .filter({ hasText: ACCESSION })
  await expect(row).toContainText('Final')
})

/** Opens the report editor of a signed report (read-only, so not waiting for it to be editable). */
async function openSignedEditor(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle report editor' })
  await expect(toggle).toHaveAttribute('aria-pressed', /^(true|false)$/)
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click()
  const impression = page.getByRole('textbox', { name: 'Impression' })
  await expect(impression).toBeVisible()
  return { impression }
}
