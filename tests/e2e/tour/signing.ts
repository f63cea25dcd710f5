/**
 * The tour's signatures: Finalize cancelled, then signed over a blocking pre-sign issue with
 * 'Override' and a reason; an addendum typed and dictated; the study's images; and the 'Final'
 * filter. The critical result and the keyboard signature are in ./colleagues.ts.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { speechService } from '../fixtures/speechService'
import { shot } from '../support'
import { editor, row, worklist } from './clinicians'

export const FINALIZE_QUESTION =
  'Are you sure you want to finalize this report? This action cannot be undone.'
export const FINALIZED_NOTICE = 'This report has been finalized and cannot be edited.'
const REASON = 'Both wrists are on the lateral film; the right is described on purpose.'

/** Finalize asks; Cancel leaves the report as it was. */
export async function finalizeCancelled(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Finalize', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Finalize report' })
  await expect(dialog).toContainText(FINALIZE_QUESTION)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(editor(page).impression).toBeEditable()
}

/**
 * The pre-sign check blocks the right-sided sentence on a left wrist: Finalize stays off until
 * 'Override' with a reason; the signature says who signed, and over what.
 */
export async function signedWithOverride(page: Page, clinician: string): Promise<void> {
  const { impression, report } = editor(page)
  await page.getByRole('button', { name: 'Finalize', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Finalize report' })
  const issues = dialog.getByRole('list', { name: 'Pre-sign check issues' })
  await expect(issues).toContainText('Must fix')
  await expect(issues).toContainText('right wrist')
  const confirm = dialog.getByRole('button', { name: 'Finalize', exact: true })
  await expect(confirm).toBeDisabled()
  // The box is drawn over the input: the clinician clicks its label.
  await dialog.getByText('Override', { exact: true }).click()
  await expect(dialog.getByRole('checkbox', { name: 'Override' })).toBeChecked()
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Override reason').fill(REASON)
  await expect(confirm).toBeEnabled()
  await confirm.click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(FINALIZED_NOTICE)).toBeVisible()
  await expect(
    page.getByText(new RegExp(`^Signed by ${clinician} at \\d{1,2}:\\d{2} [ap]m$`)),
  ).toBeVisible()
  await expect(page.getByText(/^Signed over the pre-sign check \(laterality\)/)).toContainText(
    REASON,
  )
  await expect(impression).toHaveAttribute('readonly', '')
  await expect(report).toHaveAttribute('readonly', '')
  await expect(page.getByRole('button', { name: 'Draft impression' })).toHaveCount(0)
  await page.screenshot({ path: shot('finalized') })
}

/** An addendum: typed, then dictated onto, signed after its own question. */
export async function addendum(
  page: Page,
  request: APIRequestContext,
  clinician: string,
): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Addendum' })
  const typed = 'Correction: the soft tissue swelling is over the left wrist only,'
  const spoken = 'discussed with the orthopaedic registrar'
  await box.fill(typed)
  await speechService.script(request, [spoken])
  const dictate = page.getByRole('button', { name: 'Dictate addendum' })
  await expect(dictate).toBeEnabled()
  await dictate.click()
  await expect(box).toHaveValue(`${typed} ${spoken}`, { timeout: 20_000 })
  await page.getByRole('button', { name: 'Stop dictating addendum' }).click()
  await expect(dictate).toBeEnabled()
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('')

  await page.getByRole('button', { name: 'Sign addendum' }).click()
  const question = page.getByRole('alertdialog', { name: 'Sign addendum' })
  await expect(question).toContainText('cannot be undone')
  await question.getByRole('button', { name: 'Sign' }).click()
  const addenda = page.getByRole('list', { name: 'Addenda' })
  await expect(addenda.getByRole('listitem')).toHaveCount(1)
  await expect(addenda.getByRole('listitem').first()).toContainText(`Addendum 1 · ${clinician} at`)
  await expect(addenda).toContainText(`${typed} ${spoken}`)
  await expect(box).toHaveValue('')
  await page.screenshot({ path: shot('signed-addendum') })
}

/** 'Open images' opens the study in the viewer in a new tab without a handle on Readout. */
export async function openImages(page: Page, accession: string): Promise<void> {
  await page.context().route('https://viewer.readout.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Viewer</title><p id="opener"></p><script>document.getElementById("opener").textContent = window.opener === null ? "no opener" : "opener"</script>',
    }),
  )
  const link = page
    .getByRole('group', { name: 'Patient' })
    .getByRole('link', { name: 'Open images' })
  await expect(link).toHaveAttribute(
    'href',
    `https://viewer.readout.test/open?accession=${accession}`,
  )
  await link.hover()
  await page.screenshot({ path: shot('open-images') })
  const [viewer] = await Promise.all([page.context().waitForEvent('page'), link.click()])
  await expect(viewer).toHaveURL(new RegExp(`accession=${accession}$`))
  await expect(viewer.locator('#opener')).toHaveText('no opener')
  await viewer.close()
  await expect(link).toBeVisible()
}

/** 'Final' lists signed studies only, the one just signed among them. */
export async function finalFilter(page: Page, accession: string): Promise<void> {
  const final = page.getByRole('button', { name: 'Final', exact: true })
  const finder = page.getByRole('searchbox', { name: 'Find patient' })
  await finder.fill('')
  await final.click()
  await expect(final).toHaveAttribute('aria-pressed', 'true')
  await expect(worklist(page).getByRole('option').first()).toBeVisible()
  await expect
    .poll(() =>
      worklist(page)
        .getByRole('option')
        .evaluateAll((rows) => rows.every((r) => r.textContent.includes('Final'))),
    )
    .toBe(true)
  await finder.fill(accession)
  await expect(row(page, accession)).toContainText('Final')
  await final.click()
  await expect(final).toHaveAttribute('aria-pressed', 'false')
  await finder.fill('')
}
