/**
 * The FHIR server's token endpoint and its guard (INT-88, INT-89): the secret access tokens are
 * signed with, shared by every instance on the database, and a client assertion's `jti` seen once.
 */
import type { Queryable } from '../db/client'
import { firstUseOfAssertion, loadOrCreateFhirTokenSecret } from '../repo/fhirAccess'

export function fhirTokenSecret(db: Queryable): Promise<Uint8Array> {
  return loadOrCreateFhirTokenSecret(db)
}

/** False when the client sent this assertion id before, within `windowSeconds`. */
export function claimAssertionId(
  db: Queryable,
  clientId: string,
  jti: string,
  now: Date,
  windowSeconds: number,
): Promise<boolean> {
  return firstUseOfAssertion(db, clientId, jti, now, windowSeconds)
}
