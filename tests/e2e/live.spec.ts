/**
 * Live for everyone (EV-9, EV-10), through the front door: two clinicians in browsers of their
 * own, and the hospital's RIS sending an order over MLLP. The order lands in A's open worklist in
 * the place a reload gives it; B's message about it, and the assistant's reply, show in A's open
 * chat without a reload.
 */
import { expect, test, type Page } from '@playwright/test'
import { ackOf, sendFrame } from '../support/mllpPeer'
import { HL7_PORT, hl7Time } from './fixtures/hl7'
import { clinicianPage, selectStudy } from './support'

const ADA = 'Dr Ada Live'
const BEN = 'Dr Ben Live'

/** A new stat CT order, as a RIS sends it (ORM^O01, v2.3), for a patient new to the hospital. */
function statOrder(accession: string, orderedAt: Date): string {
  const stamp = `${String(Date.now())}${String(Math.floor(Math.random() * 1e4))}`
  return [
    `MSH|^~\\&|RIS|HOSP|READOUT|RAD|${hl7Time(new Date())}||ORM^O01|CTRL${stamp}|P|2.3`,
    `PID|1||MRN${stamp}^^^HOSP^MR||Liveorder^Grace||19700214|F`,
    `ORC|NW|P${accession}|F${accession}||SC||||${hl7Time(orderedAt)}`,
    [
      'OBR',
      '1',
      `P${accession}`,
      `F${accession}`,
      '71260^CT CHEST WITH CONTRAST^C4',
      ...Array<string>(13).fill(''),
      accession,
      ...Array<string>(5).fill(''),
      'CT',
      '',
      '',
      '^^^^^S',
      '',
      '',
      '',
      '^Shortness of breath',
    ].join('|'),
  ].join('\r')
}

const worklistRow = (page: Page, accession: string) =>
  page.getByRole('listbox', { name: 'Worklist' }).getByRole('option').filter({ hasText: accession })

test('EV-9 EV-10 an order from the RIS and a colleague’s message reach an open worklist and chat, with no reload', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const a = await clinicianPage(browser, 'ada-live', ADA)
  const b = await clinicianPage(browser, 'ben-live', BEN)
  await expect(
    a.getByRole('listbox', { name: 'Worklist' }).getByRole('option').first(),
  ).toBeVisible()

  // The RIS sends a stat order, ordered three hours ago: it lands among the stat studies, by how
  // long it has waited, in the place a fresh read gives it.
  const accession = `LIVE${String(Date.now()).slice(-8)}`
  const ack = await sendFrame(HL7_PORT, statOrder(accession, new Date(Date.now() - 3 * 3_600_000)))
  expect(ackOf(ack).code).toBe('AA')
  const arrived = worklistRow(a, accession)
  await expect(arrived).toBeVisible()
  await expect(arrived).toContainText('Liveorder, Grace')
  const placed = await arrived.getAttribute('aria-posinset')
  await a.reload()
  await expect(worklistRow(a, accession)).toHaveAttribute('aria-posinset', placed ?? '')

  // A opens it; B reads it too (without taking it over) and asks the assistant something.
  const claimed = a.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/claim'),
  )
  await selectStudy(a, accession)
  expect((await claimed).ok()).toBe(true)
  const chatA = a.getByRole('log', { name: 'Messages' })
  await selectStudy(b, accession, { answer: 'Cancel' })
  const input = b.getByRole('textbox', { name: 'Message' })
  await input.fill('Any prior chest imaging?')
  // When B's message first shows in A's chat, timed in A's page at each frame.
  const shown = a.waitForFunction(
    (text) => document.querySelector('[role="log"]')?.textContent.includes(text) === true,
    'Any prior chest imaging?',
    { polling: 'raf', timeout: 10_000 },
  )
  const answered = b.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/messages') &&
      response.status() === 200,
  )
  await input.press('Enter')
  await answered
  const sentAt = Date.now()
  await shown
  const shownAfterMs = Date.now() - sentAt

  // A sees B's message under B's name, and the assistant's reply, without reloading.
  await expect(chatA.getByRole('article', { name: BEN })).toContainText('Any prior chest imaging?')
  const replyB = b
    .getByRole('log', { name: 'Messages' })
    .getByRole('article', { name: 'AI Assistant' })
  const reply = (await replyB.last().innerText()).split('\n').find((line) => line.length > 20)
  expect(reply).toBeDefined()
  await expect(chatA.getByRole('article', { name: 'AI Assistant' }).last()).toContainText(
    reply ?? '',
  )
  test.info().annotations.push({
    type: 'EV-9 latency',
    description: `${String(shownAfterMs)} ms from B's answer to the message in A's chat`,
  })
  expect(shownAfterMs).toBeLessThan(5_000)
})
