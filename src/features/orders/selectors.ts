/**
 * The worklist as the clinician sees it, derived from the cached server lists and the local
 * state. Every selector is memoized, so a 10,000-order list is sorted once per new answer, not
 * once per render, and unchanged orders keep their identity (rows that did not change do not
 * render again).
 */
import { createSelector } from '@reduxjs/toolkit'
import { PRIORITY_RANK } from '../../shared/constants'
import type { RootState } from '../../app/hooks'
import { ordersApi } from '../../services/api/ordersApi'
import { IN_PROGRESS, type Id } from '../../../contract'
import type { Order, Patient } from '../../services/api/model'
import { selectFinder, selectLocalStatus, selectSelectedOrderId } from './ordersSlice'

const NO_ORDERS: readonly Order[] = []
const NO_PATIENTS: readonly Patient[] = []

const selectOrdersResult = ordersApi.endpoints.listOrders.select()
const selectPatientsResult = ordersApi.endpoints.listPatients.select()

export const selectServerOrders = (state: RootState): readonly Order[] =>
  selectOrdersResult(state).data ?? NO_ORDERS

const selectPatientList = (state: RootState): readonly Patient[] =>
  selectPatientsResult(state).data ?? NO_PATIENTS

export const selectPatientsById = createSelector(
  [selectPatientList],
  (patients) => new Map(patients.map((patient) => [patient.id, patient])),
)

const RANKS = [...new Set(Object.values(PRIORITY_RANK))].sort((a, b) => a - b)

/**
 * An order as the worklist shows it: always with its patient. A backend may nest the full
 * patient in the order or not; the patient list has every patient the worklist shows (WS-7).
 */
export type WorklistOrder = Order & { patient: Patient }

function hasPatient(order: Order): order is WorklistOrder {
  return order.patient !== null
}

/**
 * WS-6 and WS-7: known patients only, by priority rank; within a rank the server's order. One
 * bucket per rank keeps it linear and stable by construction. An order that nests its patient
 * keeps its identity (rows that did not change do not render again).
 */
export function sortWorklist(
  orders: readonly Order[],
  listedPatient: (patientId: Id) => Patient | undefined,
): WorklistOrder[] {
  const buckets = new Map<number, WorklistOrder[]>(RANKS.map((rank) => [rank, []]))
  for (const order of orders) {
    const listed = listedPatient(order.patient_id)
    if (!listed) continue
    const shown = hasPatient(order) ? order : { ...order, patient: listed }
    buckets.get(PRIORITY_RANK[order.priority])?.push(shown)
  }
  return RANKS.flatMap((rank) => buckets.get(rank) ?? [])
}

const selectSortedOrders = createSelector(
  [selectServerOrders, selectPatientsById],
  (orders, patients) => sortWorklist(orders, (patientId) => patients.get(patientId)),
)

/** The worklist with the statuses the SPA set locally (CH-11) merged over the server's. */
export const selectWorklist = createSelector(
  [selectSortedOrders, selectLocalStatus],
  (orders, localStatus): readonly WorklistOrder[] => {
    if (Object.keys(localStatus).length === 0) return orders
    return orders.map((order) => {
      const local = localStatus[order.id]
      return local && local !== order.status ? { ...order, status: local } : order
    })
  },
)

/** WS-2: the studies in progress, in worklist order. */
export const selectActiveStudies = createSelector([selectWorklist], (worklist) =>
  worklist.filter((order) => order.status === IN_PROGRESS),
)

const selectWorklistById = createSelector(
  [selectWorklist],
  (worklist) => new Map(worklist.map((order) => [order.id, order])),
)

/** A study of the worklist by id, with its local status merged. */
export function selectWorklistOrder(state: RootState, orderId: Id): WorklistOrder | undefined {
  return selectWorklistById(state).get(orderId)
}

export const selectSelectedOrder = createSelector(
  [selectWorklistById, selectSelectedOrderId],
  (byId, orderId) => (orderId === null ? null : (byId.get(orderId) ?? null)),
)

/** Each known patient's studies, in worklist order. */
export const selectStudiesByPatient = createSelector([selectWorklist], (worklist) => {
  const byPatient = new Map<Id, WorklistOrder[]>()
  for (const order of worklist) {
    const studies = byPatient.get(order.patient_id)
    if (studies) studies.push(order)
    else byPatient.set(order.patient_id, [order])
  }
  return byPatient
})

/** WS-12: the study a patient choice opens: the first in progress, else the first listed. */
export function selectStudyForPatient(state: RootState, patientId: Id): WorklistOrder | undefined {
  const studies = selectStudiesByPatient(state).get(patientId) ?? []
  return studies.find((order) => order.status === IN_PROGRESS) ?? studies[0]
}

function normalize(text: string): string {
  return text.trim().toLocaleLowerCase()
}

/** 'Last, First' and 'First Last', so either way of typing a name finds the patient. */
function nameMatches(patient: Pick<Patient, 'first_name' | 'last_name'>, query: string): boolean {
  const first = patient.first_name.toLocaleLowerCase()
  const last = patient.last_name.toLocaleLowerCase()
  return `${last}, ${first}`.includes(query) || `${first} ${last}`.includes(query)
}

const selectFinderQuery = createSelector([selectFinder], (finder) => normalize(finder.query))

/** The worklist narrowed by the finder: patient name or accession number contains the query. */
export const selectFilteredWorklist = createSelector(
  [selectWorklist, selectFinderQuery],
  (worklist, query) =>
    query === ''
      ? worklist
      : worklist.filter(
          (order) =>
            nameMatches(order.patient, query) ||
            order.accession_number.toLocaleLowerCase().includes(query),
        ),
)

export interface PatientMatch {
  patient: Patient
  studyCount: number
}

/** How many patient choices the finder offers at most; the worklist below shows the rest. */
export const PATIENT_MATCH_LIMIT = 8

/** The patients whose name matches the finder's query, with how many studies each has. */
export const selectPatientMatches = createSelector(
  [selectPatientList, selectStudiesByPatient, selectFinderQuery],
  (patients, studiesByPatient, query): PatientMatch[] => {
    if (query === '') return []
    const matches: PatientMatch[] = []
    for (const patient of patients) {
      if (!nameMatches(patient, query)) continue
      matches.push({ patient, studyCount: studiesByPatient.get(patient.id)?.length ?? 0 })
      if (matches.length === PATIENT_MATCH_LIMIT) break
    }
    return matches
  },
)
