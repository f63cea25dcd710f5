/**
 * Follow-up recommendations in the browser, against the real server and its HL7 feed: a new
 * patient's chest CT arrives from the RIS; a radiologist signs a report recommending a chest CT
 * in 3 months and a thyroid ultrasound in 6 months, confirming both in the Finalize dialog (the
 * first with its window corrected to start today); the Follow-ups view lists both with the report
 * one click away; a second clinician declines the ultrasound with a reason; and a chest CT for
 * the patient sent by the RIS inside the window completes the first by itself.
 * The patient and orders are this spec's own (a new MRN and accession numbers), so no other spec
 * sees or changes them.
 */
import { expect, test, type Page } from '@playwright/test'
import { ackOf, sendFrame } from '../support/mllpPeer'
import { HL7_PORT, hl7Time } from './fixtures/hl7'
import { clinicianPage, openReportEditor, selectStudy, shot } from './support'

const FAY = 'Dr Fay Followup'
const GUS = 'Dr Gus Colleague'

/** A routine chest CT order for the patient, as a RIS sends it (ORM^O01, v2.3). */
function chestCtOrder(patient: { mrn: string; last: string }, accession: string): string {
  const control = `FU${String(Date.now())}${String(Math.floor(Math.random() * 1e4))}`
  return [
    `MSH|^~\\&|RIS|HOSP|READOUT|RAD|${hl7Time(new Date())}||ORM^O01|${control}|P|2.3`,
    `PID|1||${patient.mrn}^^^HOSP^MR||${patient.last}^Grace||19610302|F`,
    `ORC|NW|P${accession}|F${accession}||SC||||${hl7Time(new Date())}`,
    [
      'OBR',
      '1',
      `P${accession}`,
      `F${accession}`,
      '71250^CT CHEST WITHOUT CONTRAST^C4',
      ...Array<string>(13).fill(''),
      accession,
      ...Array<string>(5).fill(''),
      'CT',
      '',
      '',
      '^^^^^R',
      '',
      '',
      '',
      '^Pulmonary nodule follow-up',
    ].join('|'),
  ].join('\r')
}

async function sendOrder(patient: { mrn: string; last: string }, accession: string) {
  const ack = await sendFrame(HL7_PORT, chestCtOrder(patient, accession))
  expect(ackOf(ack).code).toBe('AA')
}

const table = (page: Page) => page.getByRole('table', { name: 'Follow-ups' })
/** The row of the patient's follow-up for `exam`, by its Exam cell ('CT chest'). */
const rowOf = (page: Page, patient: string, exam: string) =>
  table(page)
    .getByRole('row')
    .filter({ hasText: patient })
    .filter({ has: page.getByRole('cell', { name: exam, exact: true }) })

async function openFollowUps(page: Page) {
  await page.getByRole('link', { name: 'Follow-ups' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Follow-ups' })).toBeVisible()
  await expect(table(page)).toBeVisible()
}

test('FU-38 FU-39 FU-40 a signed recommendation is tracked, listed with its report, declined by a colleague, and completed by an order from the RIS', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const stamp = String(Date.now()).slice(-8)
  const patient = { mrn: `MRNFU${stamp}`, last: `Followup${stamp}` }
  const listed = `${patient.last}, Grace`
  const first = `FUA${stamp}`
  const second = `FUB${stamp}`
  const today = new Date().toISOString().slice(0, 10)

  const fay = await clinicianPage(browser, 'fay-followup', FAY)
  await sendOrder(patient, first)
  await selectStudy(fay, first)
  const { impression } = await openReportEditor(fay)
  await impression.fill(
    '1. 6 mm right upper lobe pulmonary nodule. Recommend CT chest in 3 months.\n' +
      '2. Left thyroid nodule. Recommend thyroid ultrasound in 6 months.',
  )

  // FU-38: the Finalize dialog lists both, checked; the chest CT's window is corrected to start
  // today, so an order sent now falls inside it.
  await fay.getByRole('button', { name: 'Finalize', exact: true }).click()
  const dialog = fay.getByRole('alertdialog', { name: 'Finalize report' })
  const group = dialog.getByRole('group', { name: 'Follow-up recommendations' })
  const ct = group.getByRole('checkbox', { name: /^CT chest, due \d{4}-\d{2}-\d{2} to / })
  const us = group.getByRole('checkbox', { name: /^US thyroid, due / })
  await expect(ct).toBeChecked()
  await expect(us).toBeChecked()
  await expect(group).toContainText('Recommend CT chest in 3 months.')
  await group
    .getByRole('listitem')
    .filter({ hasText: 'CT chest' })
    .getByRole('button', { name: 'Edit' })
    .click()
  await expect(group.getByRole('textbox', { name: 'Modality' })).toBeFocused()
  await fay.keyboard.press('Tab')
  await expect(group.getByRole('textbox', { name: 'Body part' })).toBeFocused()
  await group.getByLabel('Due from').fill(today)
  await group.getByRole('button', { name: 'Done' }).click()
  await expect(
    group.getByRole('checkbox', { name: new RegExp(`^CT chest, due ${today} to `) }),
  ).toBeChecked()
  await fay.screenshot({ path: shot('follow-ups-finalize') })
  await dialog.getByRole('button', { name: 'Finalize' }).click()
  await expect(dialog).toBeHidden()
  await expect(fay.getByText('This report has been finalized and cannot be edited.')).toBeVisible()

  // The Follow-ups view lists both, with the report one click away.
  await openFollowUps(fay)
  await expect(rowOf(fay, listed, 'CT chest')).toContainText(`${today} to `)
  await expect(rowOf(fay, listed, 'CT chest')).toContainText('Open')
  await expect(rowOf(fay, listed, 'US thyroid')).toContainText('thyroid nodule')
  await fay.screenshot({ path: shot('follow-ups-view') })
  await rowOf(fay, listed, 'CT chest')
    .getByRole('link', { name: `Open report ${first}` })
    .click()
  await expect(fay).toHaveURL(/\/\?study=/)
  await expect(fay.getByRole('textbox', { name: 'Impression' })).toHaveValue(
    /Recommend CT chest in 3 months/,
  )

  // FU-39: a second clinician declines the ultrasound, with a reason, from their own screen.
  const gus = await clinicianPage(browser, 'gus-followup', GUS)
  await openFollowUps(gus)
  await rowOf(gus, listed, 'US thyroid').getByRole('button', { name: 'Decline' }).click()
  const decline = gus.getByRole('dialog')
  await expect(decline.getByRole('button', { name: 'Decline follow-up' })).toBeDisabled()
  await decline
    .getByRole('textbox', { name: 'Reason' })
    .fill('Thyroid already followed by endocrinology')
  await decline.getByRole('button', { name: 'Decline follow-up' }).click()
  await expect(rowOf(gus, listed, 'US thyroid')).toContainText(
    `Declined by ${GUS}: Thyroid already followed by endocrinology`,
  )

  // FU-40: a chest CT for the patient arrives from the RIS inside the window: it completes the
  // first follow-up by itself.
  await sendOrder(patient, second)
  await openFollowUps(fay)
  await fay.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All' })
  await expect(rowOf(fay, listed, 'CT chest')).toContainText(
    `Completed by a matching order ${second}`,
  )
  await expect(rowOf(fay, listed, 'US thyroid')).toContainText(`Declined by ${GUS}`)
  await fay.screenshot({ path: shot('follow-ups-closed') })
})
