/**
 * The tour with a colleague: B reads a study A writes, only reading, and sees A's signature and
 * critical result communication arrive; B takes over a study A reads and A takes it back; A signs
 * from the keyboard; B's session warns before the automatic logoff.
 */
import { expect, type Page } from '@playwright/test'
import { shot } from '../support'
import { editor, openStudy, row, type Clinician } from './clinicians'
import { FINALIZE_QUESTION, FINALIZED_NOTICE } from './signing'

const RECIPIENT = 'Dr Omar Reyes'

/** Opens a study another clinician reads: the question, answered with `answer`. */
async function openAsked(
  page: Page,
  accession: string,
  holder: string,
  answer: 'Take over' | 'Cancel',
  picture?: string,
) {
  await page.getByRole('searchbox', { name: 'Find patient' }).fill(accession)
  await row(page, accession).click()
  const question = page.getByRole('alertdialog', { name: 'Take over this study?' })
  await expect(question).toContainText(`${holder} is reading this study. Take over?`)
  if (picture) await page.screenshot({ path: shot(picture) })
  await question.getByRole('button', { name: answer }).click()
  await expect(question).toBeHidden()
  await expect(row(page, accession)).toHaveAttribute('aria-selected', 'true')
}

/**
 * A writes an acute subdural hematoma; B opens the study, is asked, reads only. A signs with
 * Ctrl+Shift+F: the dialog asks for the communication, which A records. B sees the signature
 * and the communication arrive without reloading.
 */
export async function criticalResult(a: Clinician, b: Clinician, accession: string) {
  await openStudy(a.page, accession)
  const { report, impression } = editor(a.page)
  await expect(impression).toBeEditable()
  await report.focus()
  await a.page.keyboard.press('ControlOrMeta+End')
  await a.page.keyboard.insertText(
    'Acute left subdural hematoma measuring 8 mm, with 4 mm of midline shift.',
  )
  await impression.fill('Acute left subdural hematoma with midline shift.')

  await openAsked(b.page, accession, a.name, 'Cancel')
  await expect(b.page.getByText(`${a.name} is reading this study.`)).toBeVisible()
  await expect(editor(b.page).impression).not.toBeEditable()

  await impression.press('ControlOrMeta+Shift+F')
  const dialog = a.page.getByRole('alertdialog', { name: 'Finalize report' })
  await expect(dialog).toContainText(FINALIZE_QUESTION)
  await expect(dialog.getByRole('list', { name: 'Pre-sign check issues' })).toContainText(
    /subdural hematoma/i,
  )
  const confirm = dialog.getByRole('button', { name: 'Finalize', exact: true })
  await expect(confirm).toBeDisabled()
  const form = dialog.getByRole('group', { name: 'Critical result communication' })
  await expect(form.getByLabel('Communicated at')).not.toHaveValue('')
  await form.getByLabel('Recipient').fill(RECIPIENT)
  await form.getByLabel('Role').fill('Emergency physician')
  await form.getByRole('combobox', { name: 'Method' }).selectOption({ label: 'Phone' })
  await form.getByText('Read back', { exact: true }).click()
  await expect(form.getByRole('checkbox', { name: 'Read back' })).toBeChecked()
  await a.page.screenshot({ path: shot('critical-result') })
  await form.getByRole('button', { name: 'Record communication' }).click()
  await expect(form.getByRole('status')).toContainText(RECIPIENT)
  await expect(confirm).toBeEnabled()
  await confirm.click()
  await expect(a.page.getByText(FINALIZED_NOTICE)).toBeVisible()
  const told = new RegExp(`Critical result communicated to ${RECIPIENT} \\(Emergency physician\\)`)
  await expect(a.page.getByText(told)).toBeVisible()

  // CR-21: the colleague's open report shows both, live.
  await expect(b.page.getByText(FINALIZED_NOTICE)).toBeVisible()
  await expect(b.page.getByText(new RegExp(`^Signed by ${a.name} at `))).toBeVisible()
  await expect(b.page.getByText(told)).toBeVisible()
}

/**
 * A writes in a study; B opens it and takes it over (the question, then 'Take over'); A's editor
 * turns read-only with every word kept, and A takes it back from the notice. A signs it from the
 * keyboard: nothing blocks, so the dialog's focus is on 'Finalize' and Enter signs.
 */
export async function takeOverAndBack(a: Clinician, b: Clinician, accession: string) {
  await openStudy(a.page, accession)
  const { impression } = editor(a.page)
  await expect(impression).toBeEditable()
  const words = 'No acute abnormality.'
  await impression.fill(words)
  await a.page.keyboard.press('ControlOrMeta+s')
  await expect(a.page.getByText('Saved', { exact: true })).toBeVisible()

  await openAsked(b.page, accession, a.name, 'Take over', 'take-over-question')
  await expect(editor(b.page).impression).toBeEditable()
  await expect(editor(b.page).impression).toHaveValue(words)

  await expect(a.page.getByText(`${b.name} took over this study.`)).toBeVisible()
  await expect(impression).not.toBeEditable()
  await expect(impression).toHaveValue(words)
  await expect(row(a.page, accession)).toContainText(`Being read by ${b.name}`)
  await a.page.screenshot({ path: shot('taken-over') })
  await a.page.getByRole('button', { name: 'Take over', exact: true }).click()
  await expect(impression).toBeEditable()
  await expect(b.page.getByText(`${a.name} took over this study.`)).toBeVisible()

  await impression.press('ControlOrMeta+Shift+F')
  const dialog = a.page.getByRole('alertdialog', { name: 'Finalize report' })
  const confirm = dialog.getByRole('button', { name: 'Finalize', exact: true })
  await expect(confirm).toBeEnabled()
  await expect(confirm).toBeFocused()
  await a.page.keyboard.press('Enter')
  await expect(a.page.getByText(FINALIZED_NOTICE)).toBeVisible()
  await expect(b.page.getByText(FINALIZED_NOTICE)).toBeVisible()
}

/**
 * SEC-8: left alone for the deployment's idle minutes (15 by default), the session asks 'Still
 * there?'; 'Stay signed in' keeps it. A tab of B's browser with its clock run ahead.
 */
export async function idleWarning(b: Clinician) {
  const page = await b.page.context().newPage()
  await page.clock.install()
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await page.clock.fastForward('15:00')
  const warning = page.getByRole('alertdialog', { name: 'Still there?' })
  await expect(warning).toContainText(/you will be signed out in \d+ seconds/)
  await page.screenshot({ path: shot('idle-warning') })
  await warning.getByRole('button', { name: 'Stay signed in' }).click()
  // The dialog's way out is timed by this tab's clock, which runs ahead: on, past its animation.
  await page.clock.runFor(2_000)
  await expect(warning).toBeHidden()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await page.close()
}
