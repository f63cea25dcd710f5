/**
 * A ServiceRequest search (INT-80, FU-23): the orders (intent `order`) first, in their order, then
 * the tracked follow-ups (intent `proposal`, ./followUpRequest.ts), one list paged across both,
 * with the total of both. `intent` narrows it to one kind; an id names one kind by its form; a
 * search by accession number finds orders only (a follow-up has none yet).
 */
import type { Database } from '../../db/client'
import type { AndOr, PageRequest, PatientCriteria, StudyCriteria } from '../../domain/fhirSearch'
import { searchStudies } from '../../usecases/fhirResources'
import { searchFollowUpRequests } from '../../usecases/followUpsFhir'
import { followUpIdOf, followUpRequest } from './followUpRequest'
import { serviceRequest, type FhirResource } from './resources'

const EMPTY = { rows: [], total: 0 }

/** Each group's ids of one kind (a group left with none matches nothing). */
const idsOf = (groups: AndOr<string> | undefined, proposals: boolean) =>
  groups?.map((group) =>
    group.flatMap((id) => {
      const followUp = followUpIdOf(id)
      if (proposals) return followUp === null ? [] : [followUp]
      return followUp === null ? [id] : []
    }),
  )

export async function findServiceRequests(
  db: Database,
  criteria: StudyCriteria & PatientCriteria,
  page: PageRequest,
): Promise<{ total: number; resources: FhirResource[] }> {
  const { intents, orderIds, ...rest } = criteria
  const wants = (intent: 'order' | 'proposal') =>
    (intents ?? []).every((group) => group.includes(intent))
  const orderIdGroups = idsOf(orderIds, false)
  const orders = wants('order')
    ? await searchStudies(
        db,
        { ...rest, ...(orderIdGroups ? { orderIds: orderIdGroups } : {}) },
        page,
      )
    : EMPTY
  const ids = idsOf(orderIds, true)
  const proposals =
    wants('proposal') && rest.accessions === undefined
      ? await searchFollowUpRequests(
          db,
          {
            ...(ids ? { ids } : {}),
            ...(rest.patientIds ? { patientIds: rest.patientIds } : {}),
            ...(rest.requestStatuses ? { requestStatuses: rest.requestStatuses } : {}),
          },
          {
            offset: Math.max(0, page.offset - orders.total),
            count: page.count - orders.rows.length,
          },
        )
      : EMPTY
  return {
    total: orders.total + proposals.total,
    resources: [...orders.rows.map(serviceRequest), ...proposals.rows.map(followUpRequest)],
  }
}
