/**
 * The FHIR server's reads of tracked follow-ups (FU-22, FU-23): ServiceRequest proposals found by
 * a search's criteria, a page at a time (../repo/followUpsFhir.ts).
 */
import type { Queryable } from '../db/client'
import type { Page, PageRequest } from '../domain/fhirSearch'
import {
  findFollowUpRequests,
  type FollowUpRequestCriteria,
  type FollowUpRequestRow,
} from '../repo/followUpsFhir'

export type { FollowUpRequestCriteria, FollowUpRequestRow }

export function searchFollowUpRequests(
  db: Queryable,
  criteria: FollowUpRequestCriteria,
  page: PageRequest,
): Promise<Page<FollowUpRequestRow>> {
  return findFollowUpRequests(db, criteria, page)
}
