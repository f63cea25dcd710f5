/**
 * A study's images (INT-36): what the DICOMweb edge needs to look an order's study UID up, and
 * the UID it found, stored once (one an HL7 feed or another instance gave first is kept).
 */
import type { Queryable } from '../db/client'
import { announceImagesLink, storeStudyInstanceUid, studyKey } from '../repo/images'

/** The order's accession and the UID it has (null: none yet); undefined: no such order. */
export function studyToLookUp(
  db: Queryable,
  orderId: string,
): Promise<{ accession: string; uid: string | null } | undefined> {
  return studyKey(db, orderId)
}

/** Stores the archive's UID unless the order has one; whether it was written. */
export function recordStudyUid(db: Queryable, orderId: string, uid: string): Promise<boolean> {
  return storeStudyInstanceUid(db, orderId, uid)
}

/** The order's viewer link can now be made from an archive id held in memory (INT-97). */
export function viewerLinkResolved(db: Queryable, orderId: string): Promise<void> {
  return announceImagesLink(db, orderId)
}
