/**
 * The Department view in the browser, against the real server (DEPT-19..DEPT-30): a radiologist
 * signs a report of a study of their own (a new accession number sent by the RIS over HL7), opens
 * 'Department' from the header, and finds the signature counted in the turnaround table with its
 * percentiles and in the hour's volume; axe finds no serious or critical violation on the page.
 * Other specs share the server, so counts are checked as at least this spec's own.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator } from '@playwright/test'
import { ackOf, sendFrame } from '../support/mllpPeer'
import { HL7_PORT } from './fixtures/hl7'
import { openReportEditor, selectStudy, shot, signUp } from './support'

/** An HL7 time of now, in UTC. */
const hl7Now = () => `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}+0000`

/** A routine chest X-ray for a new patient, as a RIS sends it (ORM^O01, v2.3). */
function chestXrayOrder(stamp: string, accession: string): string {
  const obr = ['OBR', '1', `P${accession}`, `F${accession}`, '71046^XR CHEST 2 VIEWS^C4']
  return [
    `MSH|^~\\&|RIS|HOSP|READOUT|RAD|${hl7Now()}||ORM^O01|DEPT${stamp}|P|2.3`,
    `PID|1||MRNDEPT${stamp}^^^HOSP^MR||Dept${stamp}^Dora||19700101|F`,
    `ORC|NW|P${accession}|F${accession}||SC||||${hl7Now()}`,
    [...obr, ...Array<string>(13).fill(''), accession, ...Array<string>(5).fill(''), 'CR']
      .concat(['', '', '^^^^^R', '', '', '', '^Cough'])
      .join('|'),
  ].join('\r')
}

const cellsOf = (row: Locator) => row.getByRole('cell').allTextContents()

test('DEPT-19 DEPT-25 DEPT-26 a signed report is counted on the Department view, which axe passes', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const stamp = String(Date.now()).slice(-8)
  const accession = `DEPT${stamp}`
  await signUp(page, 'dora-department', 'Dr Dora Department')
  expect(ackOf(await sendFrame(HL7_PORT, chestXrayOrder(stamp, accession))).code).toBe('AA')

  await selectStudy(page, accession)
  const { impression } = await openReportEditor(page)
  await impression.fill('No acute cardiopulmonary abnormality.')
  await page.getByRole('button', { name: 'Finalize', exact: true }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Finalize report' })
  await dialog.getByRole('button', { name: 'Finalize', exact: true }).click()
  await expect(page.getByText('This report has been finalized and cannot be edited.')).toBeVisible()

  await page.getByRole('link', { name: 'Department' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Department' })).toBeVisible()
  await expect(page.getByLabel('From')).not.toHaveValue('')
  await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveValue('priority')

  // DEPT-25: the turnaround table, in the accessibility tree, counts the signature and gives its
  // percentiles: ordered to signed in minutes (a number, not a dash), opened to signed too.
  const turnaround = page.getByRole('figure', { name: 'Turnaround' })
  const table = turnaround.getByRole('table', { name: /Turnaround in minutes by priority/ })
  const routine = table
    .getByRole('row')
    .filter({ hasText: 'All days' })
    .filter({ hasText: 'routine' })
  const cells = await cellsOf(routine)
  expect(cells[0]).toBe('All days')
  expect(Number(cells[2])).toBeGreaterThanOrEqual(1)
  // Minutes are grouped as the reader's locale writes them: a shared server's older orders
  // waited days ('1,623.4').
  expect(cells[7]).toMatch(/^\d{1,3}(,\d{3})*(\.\d)?$/)
  expect(cells[5]).toMatch(/^\d{1,3}(,\d{3})*(\.\d)?$/)

  // DEPT-26: the hour it was signed in has a signature.
  const hours = page.getByRole('figure', { name: 'Studies per hour' }).getByRole('table')
  const signed = (await hours.getByRole('row').all()).slice(1)
  const counts = await Promise.all(signed.map(async (row) => Number((await cellsOf(row))[2])))
  expect(counts.some((count) => count >= 1)).toBe(true)
  for (const name of ['Critical result communication', 'Follow-up completion'])
    await expect(page.getByRole('figure', { name })).toBeVisible()

  await turnaround.getByRole('button', { name: 'Show table' }).click()
  await expect(table).toBeVisible()
  await page.screenshot({ path: shot('department-view'), fullPage: true })

  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
})
