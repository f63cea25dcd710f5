/**
 * Who reads which study. Claiming (or renewing) a study for the caller, refused while someone else
 * holds it unless the caller takes it over (CLM-1, CLM-2, CLM-7); letting one's own claim go
 * (CLM-3); and 'Next study': the most urgent study nobody reads, claimed at once, or none (204).
 */
import type { ClaimAnswer, Order } from '../../contract'
import type { OrderLinks } from '../domain/studies'
import type { Actor } from '../repo/audit'
import * as claims from '../repo/claims'
import type { UseCaseContext } from './context'

export interface ClaimDeps extends UseCaseContext {
  /** CLAIM_LEASE_SECONDS, in milliseconds. */
  leaseMs: number
  /** Adds the order's `viewer_url` (INT-34). */
  links: OrderLinks
}

export function claimStudy(
  { db, now, leaseMs }: ClaimDeps,
  orderId: string,
  actor: Actor,
  takeOver: boolean,
): Promise<ClaimAnswer> {
  return claims.claimOrder(db, orderId, actor, { now, leaseMs }, { takeOver })
}

/** Ends the caller's own claim; someone else's stays (a release is idempotent). */
export function releaseStudy({ db }: UseCaseContext, orderId: string, actor: Actor): Promise<void> {
  return claims.releaseClaim(db, orderId, actor)
}

/** The order now claimed for the caller, or null when nothing is left to read. */
export async function takeNextStudy(
  { db, now, leaseMs, links }: ClaimDeps,
  actor: Actor,
): Promise<Order | null> {
  const order = await claims.claimNextStudy(db, actor, { now, leaseMs })
  return order && links(order)
}
