/**
 * A signed report for the systems that read them (the FHIR edge, INT-30..INT-32): the order with
 * its final report, addenda and communications, and its patient's MRN. Not found: no such order;
 * a conflict: the report is not signed yet, or there is none.
 */
import type { Queryable } from '../db/client'
import type { SignedStudy } from '../domain/studies'
import { getSignedStudy } from '../repo/signedReport'

export function readSignedReport(db: Queryable, orderId: string): Promise<SignedStudy> {
  return getSignedStudy(db, orderId)
}
