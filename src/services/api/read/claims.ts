/** Claims as a backend answers them (CLM-1, CLM-2), read tolerantly at the edge. */
import { CLAIMED_ERROR } from '../../../../contract'
import type { Claim, ClaimHolder } from '../model'
import { isRecord, readId, readText, readTimestamp } from './values'

/** The holder of a claim: an id is required, a missing name is shown as the id. */
export function readClaimHolder(raw: unknown): ClaimHolder | null {
  if (!isRecord(raw)) return null
  const userId = readId(raw.user_id) ?? readId(raw.id)
  if (userId === undefined) return null
  const name = readText(raw.name)?.trim()
  return { user_id: userId, name: name || userId, since: readTimestamp(raw.since) ?? null }
}

/** A claim answer; `fallbackOrderId` is the order the request claimed, when the answer omits it. */
export function readClaim(raw: unknown, fallbackOrderId?: string): Claim | null {
  if (!isRecord(raw)) return null
  const holder = readClaimHolder(raw.claimed_by)
  const orderId = readId(raw.order_id) ?? fallbackOrderId
  if (!holder || orderId === undefined) return null
  return {
    order_id: orderId,
    claimed_by: holder,
    expires_at: readTimestamp(raw.expires_at) ?? null,
  }
}

/**
 * Who holds the claim that refused a request (409 `claimed`, with the holder), or null for any
 * other failure: a 409 of a final report, a network error.
 */
export function claimHolderOfRefusal(error: unknown): ClaimHolder | null {
  if (!isRecord(error) || error.status !== 409 || !isRecord(error.conflict)) return null
  if (error.conflict.error !== CLAIMED_ERROR) return null
  return readClaimHolder(error.conflict.claimed_by)
}
