/**
 * A teaching hospital's reading room, three clinicians each in a browser of their own against a
 * Readout of its own (RV-26..RV-32): the first account, the admin, makes a later one a trainee on
 * the Admin page; the trainee's report goes for review instead of being signed and leaves as a
 * preliminary result (ORU OBR-25 P, FHIR `preliminary`); the attending finds it under 'Awaiting
 * my review', returns it with a comment, the trainee edits and sends it again; the attending's own
 * edit shows as a word diff, and the co-signed report names both (OBR-32 the attending, OBR-33 the
 * trainee; FHIR `final`, attending first). The RIS receives P, P, F; the admin's audit trail for
 * the study lists each step.
 */
import { expect, test, type Page } from '@playwright/test'
import {
  clinicianAt,
  fhirReportOf,
  openStudyId,
  resultsReceived,
  startTeachingRoom,
  type TeachingRoom,
} from './fixtures/teaching'
import { openReportEditor, selectStudy } from './support'

/** A routine chest radiograph; this server is the test's own, so nobody else reads it. */
const ACCESSION = 'A26114744'
const ADMIN = 'Dr Ann Admin'
const TRAINEE = 'Dr Tess Trainee'
const ATTENDING = 'Dr Atticus Attending'
const FINDINGS = 'FINDINGS:\nThe lungs are clear. No pleural effusion.'
const FINDINGS_AGAIN = `${FINDINGS} Heart size is normal.`
const IMPRESSION = 'No acute cardiopulmonary abnormality.'
const IMPRESSION_SIGNED = 'No acute cardiopulmonary process.'
const COMMENT = 'Please comment on the heart size.'

let room: TeachingRoom

test.beforeAll(async () => {
  test.setTimeout(120_000)
  room = await startTeachingRoom()
})
test.afterAll(async () => {
  await room.stop()
})

/** The header's role text beside the clinician's name. */
const roleText = (page: Page, text: string) =>
  page.getByRole('banner').getByText(text, { exact: true })

/** 'Send for review', confirmed in its dialog; the server's answer. */
async function sendForReview(page: Page) {
  const sent = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/report/preliminary'),
  )
  await page.getByRole('button', { name: 'Send for review' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Send this report for review?' })
  await dialog.getByRole('button', { name: 'Send for review' }).click()
  expect((await sent).status()).toBe(200)
  await expect(dialog).toBeHidden()
}

/** The trainee's side after sending: the preliminary mark, a report they can no longer edit. */
async function expectAwaitingReview(page: Page) {
  await expect(
    page.getByRole('status').filter({ hasText: 'Preliminary, awaiting review' }),
  ).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Impression' })).not.toBeEditable()
  await expect(page.getByRole('textbox', { name: 'Report' })).not.toBeEditable()
  await expect(page.getByRole('button', { name: 'Send for review' })).toBeHidden()
}

test('RV-26 RV-27 RV-28 RV-29 RV-30 RV-31 RV-32 a trainee drafts, an attending returns then co-signs, the admin reads the audit trail: ORU P, P, F and FHIR preliminary then final', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const { server, ris } = room
  const results = () => resultsReceived(ris)

  // RV-26: the first account is the admin; later ones are radiologists until the admin says.
  const admin = await clinicianAt(browser, server.url, 'admin', ADMIN)
  await expect(roleText(admin, 'Admin · Radiologist')).toBeVisible()
  const trainee = await clinicianAt(browser, server.url, 'trainee', TRAINEE)
  const attending = await clinicianAt(browser, server.url, 'attending', ATTENDING)
  await expect(roleText(attending, 'Radiologist')).toBeVisible()

  await admin
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Admin', exact: true })
    .click()
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
  await admin.getByRole('tab', { name: 'Users' }).click()
  const users = admin.getByRole('table', { name: 'Users' })
  const asTrainee = users.getByRole('checkbox', { name: `Trainee for ${TRAINEE}` })
  const asRadiologist = users.getByRole('checkbox', { name: `Radiologist for ${TRAINEE}` })
  await expect(asRadiologist).toBeChecked()
  for (const [box, check] of [
    [asTrainee, true],
    [asRadiologist, false],
  ] as const) {
    const changed = admin.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && response.url().includes('/admin/users/'),
    )
    // Chakra draws its box over the hidden input, inside the label: the clinician clicks that.
    await box.locator('xpath=ancestor::label[1]').click()
    expect((await changed).status()).toBe(200)
    await expect(box).toBeChecked({ checked: check })
  }
  await trainee.reload()
  await expect(roleText(trainee, 'Trainee')).toBeVisible()

  // The attending watches the studies awaiting their review.
  const awaiting = attending.getByRole('button', { name: 'Awaiting my review' })
  await awaiting.click()
  await expect(awaiting).toHaveAttribute('aria-pressed', 'true')
  const worklistRow = attending
    .getByRole('listbox', { name: 'Worklist' })
    .getByRole('option')
    .filter({ hasText: ACCESSION })
  await expect(worklistRow).toHaveCount(0)

  // RV-27: the trainee writes the report and sends it for review; no 'Finalize' for a trainee.
  await selectStudy(trainee, ACCESSION)
  const orderId = openStudyId(trainee)
  const traineeEditor = await openReportEditor(trainee)
  await traineeEditor.report.fill(FINDINGS)
  await traineeEditor.impression.fill(IMPRESSION)
  await expect(trainee.getByRole('button', { name: 'Finalize' })).toHaveCount(0)
  await sendForReview(trainee)
  await expectAwaitingReview(trainee)
  await expect.poll(() => results().length).toBe(1)
  expect(results()[0]).toMatchObject({
    type: 'ORU^R01',
    accession: ACCESSION,
    status: 'P',
    assistant: TRAINEE,
  })
  expect(await fhirReportOf(attending, server.url, orderId)).toMatchObject({
    httpStatus: 200,
    status: 'preliminary',
  })

  // RV-28: it appears in the attending's filtered worklist, marked; they open it and return it.
  await expect(worklistRow).toContainText('Awaiting review')
  await selectStudy(attending, ACCESSION)
  await expect(attending.getByText(`Preliminary by ${TRAINEE}, awaiting review`)).toBeVisible()
  await attending.getByRole('button', { name: 'Return to trainee' }).click()
  const returnDialog = attending.getByRole('dialog', { name: 'Return to trainee' })
  const confirmReturn = returnDialog.getByRole('button', { name: 'Return to trainee' })
  await expect(confirmReturn).toBeDisabled()
  await returnDialog.getByRole('textbox', { name: 'Comment for the trainee' }).fill(COMMENT)
  const returned = attending.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/report/return'),
  )
  await confirmReturn.click()
  expect((await returned).status()).toBe(200)
  await expect(returnDialog).toBeHidden()

  // The trainee, on the same screen, sees why and may edit again; the second send is a second P.
  await expect(
    trainee.getByRole('status').filter({ hasText: `Returned by ${ATTENDING}: ${COMMENT}` }),
  ).toBeVisible()
  await expect(traineeEditor.impression).toBeEditable()
  await traineeEditor.report.fill(FINDINGS_AGAIN)
  await sendForReview(trainee)
  await expectAwaitingReview(trainee)
  await expect.poll(() => results().length).toBe(2)
  expect(results()[1]).toMatchObject({ accession: ACCESSION, status: 'P', assistant: TRAINEE })

  // RV-29: the attending's own edit, word by word, against the preliminary report.
  await expect(attending.getByText(`Preliminary by ${TRAINEE}, awaiting review`)).toBeVisible()
  const attendingEditor = await openReportEditor(attending)
  await expect(attendingEditor.report).toHaveValue(/Heart size is normal\./)
  const changes = attending.getByRole('region', { name: 'Changes from the preliminary report' })
  await expect(changes).toContainText('No changes from the preliminary report.')
  await attendingEditor.impression.fill(IMPRESSION_SIGNED)
  await expect(changes.getByRole('insertion')).toContainText('process')
  await expect(changes.getByRole('deletion')).toContainText('abnormality')

  // RV-30: the attending signs; the report names both, and the RIS's third result is final.
  await attending.getByRole('button', { name: 'Finalize' }).click()
  const finalize = attending.getByRole('alertdialog', { name: 'Finalize report' })
  await finalize.getByRole('button', { name: 'Finalize' }).click()
  await expect(
    attending.getByText('This report has been finalized and cannot be edited.'),
  ).toBeVisible()
  await expect(
    attending.getByText(new RegExp(`^Preliminary by ${TRAINEE}; signed by ${ATTENDING}`)),
  ).toBeVisible()
  await expect.poll(() => results().length).toBe(3)
  expect(results()[2]).toMatchObject({
    accession: ACCESSION,
    status: 'F',
    principal: ATTENDING,
    assistant: TRAINEE,
  })
  expect(results().map((result) => result.status)).toEqual(['P', 'P', 'F'])
  expect(ris.unreadable).toBe(0)

  // RV-31: FHIR reads the final report, the attending first among its interpreters.
  expect(await fhirReportOf(attending, server.url, orderId)).toEqual({
    httpStatus: 200,
    status: 'final',
    interpreters: [ATTENDING, TRAINEE],
  })
  // The trainee's screen shows the co-signed report too.
  await expect(
    trainee.getByText(new RegExp(`^Preliminary by ${TRAINEE}; signed by ${ATTENDING}`)),
  ).toBeVisible()

  // RV-32: the admin's audit trail for the study lists each step of the review.
  await admin.getByRole('tab', { name: 'Audit trail' }).click()
  await admin.getByRole('textbox', { name: 'Study' }).fill(ACCESSION)
  const trail = admin.getByRole('table', { name: 'Audit trail' })
  for (const kind of ['report_sent_for_review', 'report_returned', 'report_cosigned']) {
    await expect(trail).toContainText(kind)
  }
})
