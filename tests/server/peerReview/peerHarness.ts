/**
 * What the peer review tests share (PEER-*): a server that asks on every opening
 * (PEER_REVIEW_SHARE=1), a reading room's accounts, the seed's patients with several studies
 * handed out one family at a time (oldest study first), and a signed prior.
 */
import { expect } from 'vitest'
import { orderListSchema, type RecordPeerReviewRequest } from '../../../contract'
import type { TestApp } from '../../support/testApp'
import { SECTIONS, type Clinician } from '../reviewSupport'

export const ASKING = { PEER_REVIEW_SHARE: '1' }

/** The prior's words, each findable in an answer. */
export const PRIOR_SECTIONS = {
  ...SECTIONS,
  findings: 'A 6 mm nodule in the right upper lobe.',
  impression: 'Right upper lobe nodule, likely benign.',
}

/** Hands out the seed's patients with at least `size` studies, each family oldest first. */
export async function familyTaker(t: TestApp, token: string): Promise<(size?: number) => string[]> {
  const all = orderListSchema.parse((await t.api('GET', '/orders', { token })).json())
  const byPatient = new Map<string, typeof all>()
  for (const order of all)
    byPatient.set(order.patient_id, [...(byPatient.get(order.patient_id) ?? []), order])
  const families = [...byPatient.values()]
    .filter((orders) => orders.length >= 2 && orders.every((order) => order.report === null))
    .map((orders) =>
      [...orders].sort((a, b) => a.ordered_at.localeCompare(b.ordered_at)).map((order) => order.id),
    )
  return (size = 2) => {
    const at = families.findIndex((family) => family.length >= size)
    if (at < 0) throw new Error(`the seed has no more patients with ${String(size)} studies`)
    return families.splice(at, 1)[0]!
  }
}

/** `signer` writes and signs the study (a prior for the later ones). */
export async function sign(signer: Clinician, orderId: string, sections = PRIOR_SECTIONS) {
  await signer.save(orderId, sections)
  const res = await signer.call('POST', `/orders/${orderId}/report/finalize`)
  expect(res.status, JSON.stringify(res.json())).toBe(200)
}

export async function ask(reader: Clinician, orderId: string) {
  return reader.call('GET', `/orders/${orderId}/peer-review`)
}

export async function score(reviewer: Clinician, body: RecordPeerReviewRequest) {
  return reviewer.call('POST', '/peer-reviews', body)
}
