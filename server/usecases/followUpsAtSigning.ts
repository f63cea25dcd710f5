/**
 * The follow-ups a signature makes (FU-10..FU-12): exactly the list the signer confirmed (`[]`:
 * none), or, when the call sends none (the spec's bodiless signature, any other client), every
 * recommendation the server finds in the signed findings and impression, so a recommendation is
 * never dropped by default. Written in the signature's transaction by its signer: a refused or
 * failed signature makes none, and a signed report cannot be signed again, so none twice. A
 * trainee's preliminary read is no signature and makes none; the attending's co-signature does.
 */
import { FOLLOW_UP_LIMITS, type FollowUpInput, type ReportSections } from '../../contract'
import type { Tx } from '../db/client'
import { Invalid } from '../domain/errors'
import { findFollowUps } from '../outcomes/extract'
import { dayIn } from '../outcomes/matching'
import type { Actor } from '../repo/audit'
import { insertFollowUps, type NewFollowUp } from '../repo/followUps'
import type { SignedFacts } from '../repo/reports'

const DAY_MS = 86_400_000

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic in UTC). */
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/**
 * 400 before anything is written when a confirmed window ends more than
 * `FOLLOW_UP_LIMITS.maxDaysAhead` days after today (a typing slip of a year, FU-11).
 */
export function assertWindowsReachable(
  confirmed: readonly FollowUpInput[] | undefined,
  today: string,
): void {
  const last = daysAfter(today, FOLLOW_UP_LIMITS.maxDaysAhead)
  const far = confirmed?.findIndex((item) => item.due_to > last) ?? -1
  if (far >= 0) {
    throw new Invalid(
      `follow_ups[${String(far)}].due_to: a follow-up window must end within ${String(FOLLOW_UP_LIMITS.maxDaysAhead)} days of today (by ${last}).`,
    )
  }
}

/** What the signature tracks: the confirmed list, or what the signed text recommends. */
export function followUpsToTrack(
  sections: ReportSections,
  confirmed: readonly FollowUpInput[] | undefined,
  signedOn: string,
): NewFollowUp[] {
  if (confirmed) return [...confirmed]
  return findFollowUps({ findings: sections.findings, impression: sections.impression }, signedOn)
}

/** The signature's write of its follow-ups (`SignatureWrite.signed`, ../repo/reports.ts). */
export function trackingFollowUps(
  actor: Actor,
  confirmed: readonly FollowUpInput[] | undefined,
  timeZone: string,
): (tx: Tx, signed: SignedFacts) => Promise<void> {
  return async (tx, signed) => {
    const signedOn = dayIn(signed.at, timeZone)
    const items = followUpsToTrack(signed.sections, confirmed, signedOn)
    await insertFollowUps(tx, signed, items, { actor, name: signed.signerName }, signed.at)
  }
}
