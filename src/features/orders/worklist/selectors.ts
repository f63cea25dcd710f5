/**
 * The worklist as the clinician sees it, derived from the cached server lists and the local
 * state. Every selector is memoized, so a 10,000-order list is sorted once per new answer, not
 * once per render, and unchanged orders keep their identity (rows that did not change do not
 * render again).
 *
 * Two kinds of backend (WL-1): one that answers pages (`paged`) sorts, filters and searches on
 * the server, and the lists here are its pages as far as they are loaded; one that answers the
 * whole list whatever is asked (`whole`, the product spec's) is sorted, filtered and searched
 * here, as it always was. Which it is, the worklist's first answer says.
 */
import { createSelector } from '@reduxjs/toolkit'
import { PRIORITY_RANK } from '../../../shared/constants'
import type { RootState } from '../../../app/hooks'
import { cachedOrderLists, ordersApi, selectPageEntry } from '../../../services/api/ordersApi'
import {
  ACTIVE_STUDIES,
  distinctOrders,
  makeChainOrdersSelector,
  pageArg,
  stableArray,
  WORKLIST,
  type OrderFilter,
} from '../../../services/api/orderPages'
import { IN_PROGRESS, type Id } from '../../../../contract'
import type { ListedOrder, Patient } from '../../../services/api/model'
import { selectFinder, selectLocalStatus, selectSelectedOrderId } from '../ordersSlice'
import { nameMatches, selectFinderQuery, studyMatches } from './finderMatch'
import { filterQuery, matchesFilters, byWaitingWithinPriority } from './worklistFilters'
import { selectViewerId, selectWorklistFilters } from './worklistSlice'

const NO_PATIENTS: readonly Patient[] = []
const selectPatientsResult = ordersApi.endpoints.listPatients.select()

/** The patient list; undefined until it has come. */
const selectPatientList = (state: RootState): readonly Patient[] | undefined =>
  selectPatientsResult(state).data

export const selectPatientsById = createSelector(
  [selectPatientList],
  (patients = NO_PATIENTS) => new Map(patients.map((patient) => [patient.id, patient])),
)

/** Whom an order's row names; undefined: the order is not shown. */
type PatientOf = (order: ListedOrder) => Patient | undefined

const carriedPatient: PatientOf = (order) => order.patient ?? undefined

/**
 * WS-7: once the patient list is there, an order shows with a listed patient only. Before it
 * comes, an order that carries its patient shows with that one (WL-6), so a first page of the
 * worklist needs no other answer to show its rows.
 */
const selectPatientOf = createSelector(
  [selectPatientList, selectPatientsById],
  (list, byId): PatientOf =>
    list === undefined ? carriedPatient : (order) => byId.get(order.patient_id),
)

export type WorklistMode = 'unknown' | 'paged' | 'whole'

const WORKLIST_FIRST_PAGE = pageArg(WORKLIST)

/** Whether the backend pages, as the worklist's first answer says; 'unknown' until it came. */
export function selectWorklistMode(state: RootState): WorklistMode {
  const paged = selectPageEntry(state, WORKLIST_FIRST_PAGE).data?.paged
  if (paged === undefined) return 'unknown'
  return paged ? 'paged' : 'whole'
}

/** The list Active Studies asks the server for: only from a backend that pages. */
export const selectActiveFilter = (state: RootState): OrderFilter | null =>
  selectWorklistMode(state) === 'paged' ? ACTIVE_STUDIES : null

/**
 * The narrowed worklist the server is asked for, from a paging backend: the finder's settled
 * text (WL-2) and the filters above the worklist (WL-7) as the page query's parameters; null
 * while neither narrows it.
 */
export const selectSearchFilter = createSelector(
  [selectWorklistMode, (state: RootState) => selectFinder(state).searched, selectWorklistFilters],
  (mode, searched, filters): OrderFilter | null => {
    if (mode !== 'paged') return null
    const query: OrderFilter = filterQuery(filters)
    if (searched !== '') query.q = searched
    return Object.keys(query).length > 0 ? query : null
  },
)

const selectServerWorklist = makeChainOrdersSelector<RootState>(() => WORKLIST)
const selectServerActive = makeChainOrdersSelector<RootState>(selectActiveFilter)
const selectServerSearch = makeChainOrdersSelector<RootState>(selectSearchFilter)

const stableLists = stableArray<readonly ListedOrder[]>()
/** Every order some cached list holds, the worklist's first, each once. */
const selectServerKnown = createSelector(
  [
    selectServerWorklist,
    (state: RootState) => stableLists(cachedOrderLists(state).map((list) => list.orders)),
  ],
  (worklist, lists) => distinctOrders([worklist, ...lists]),
)

const RANKS = [...new Set(Object.values(PRIORITY_RANK))].sort((a, b) => a - b)

/**
 * An order as the worklist shows it: always with its patient. A backend may nest the full
 * patient in the order or not; the patient list, once there, has every patient the worklist
 * shows (WS-7).
 */
export type WorklistOrder = ListedOrder & { patient: Patient }

function hasPatient(order: ListedOrder): order is WorklistOrder {
  return order.patient !== null
}

/**
 * WS-6 and WS-7: orders with a known patient only (`patientOf`), by priority rank; within a rank
 * the server's order. One bucket per rank keeps it linear and stable by construction. An order
 * that nests its patient keeps its identity (rows that did not change do not render again).
 */
export function sortWorklist(
  orders: readonly ListedOrder[],
  patientOf: PatientOf,
): WorklistOrder[] {
  const buckets = new Map<number, WorklistOrder[]>(RANKS.map((rank) => [rank, []]))
  for (const order of orders) {
    const listed = patientOf(order)
    if (!listed) continue
    const shown = hasPatient(order) ? order : { ...order, patient: listed }
    buckets.get(PRIORITY_RANK[order.priority])?.push(shown)
  }
  return RANKS.flatMap((rank) => buckets.get(rank) ?? [])
}

/** A signed study is read, not in progress, whatever its status says (EV-11). */
const isSigned = (order: ListedOrder) => order.report?.is_final === true

/** The statuses the SPA set locally (CH-11), merged over the server's, never over a signed one. */
function withLocalStatus(
  orders: readonly WorklistOrder[],
  localStatus: ReturnType<typeof selectLocalStatus>,
): readonly WorklistOrder[] {
  if (Object.keys(localStatus).length === 0) return orders
  return orders.map((order) => {
    const local = localStatus[order.id]
    return local && local !== order.status && !isSigned(order) ? { ...order, status: local } : order
  })
}

/** A selector of a server list as shown: sorted, known patients only, local statuses merged. */
function shown(orders: (state: RootState) => readonly ListedOrder[]) {
  const sorted = createSelector([orders, selectPatientOf], sortWorklist)
  return createSelector([sorted, selectLocalStatus], withLocalStatus)
}

/** The worklist, all of it as far as it is loaded (no search applied). */
export const selectWorklist = shown(selectServerWorklist)
const selectSearchResults = shown(selectServerSearch)
/** Every order known, as the worklist would show it. */
const selectKnown = shown(selectServerKnown)

const inProgress = (order: WorklistOrder) => order.status === IN_PROGRESS && !isSigned(order)
const selectActiveCandidates = shown(
  createSelector([selectServerActive, selectServerKnown], (active, known) =>
    distinctOrders([active, known]),
  ),
)

/**
 * WS-2: the studies in progress, in worklist order. From a paging backend: its Active Studies
 * pages, and any other study a cache shows in progress (CH-11, before the server's list says
 * so); a study no longer in progress leaves at once, and so does a signed one (EV-11).
 */
export const selectActiveStudies = createSelector(
  [selectWorklistMode, selectWorklist, selectActiveCandidates],
  (mode, worklist, candidates): readonly WorklistOrder[] =>
    (mode === 'paged' ? candidates : worklist).filter(inProgress),
)

const selectKnownById = createSelector(
  [selectKnown],
  (known) => new Map(known.map((order) => [order.id, order])),
)

const selectOrderRead = (state: RootState, orderId: Id) =>
  ordersApi.endpoints.getOrder.select(orderId)(state).data

const selectReadShown = createSelector(
  [selectOrderRead, selectPatientOf, selectLocalStatus],
  (order, patientOf, localStatus) =>
    order ? withLocalStatus(sortWorklist([order], patientOf), localStatus)[0] : undefined,
)

/** Whether a cached list holds the study (its patient known). */
export function selectIsListed(state: RootState, orderId: Id): boolean {
  return selectKnownById(state).has(orderId)
}

/**
 * A study by id, as the worklist shows it, with its local status merged: from any cached list,
 * else from its own read (a study opened from a search that is no longer shown).
 */
export function selectWorklistOrder(state: RootState, orderId: Id): WorklistOrder | undefined {
  return selectKnownById(state).get(orderId) ?? selectReadShown(state, orderId)
}

export const selectSelectedOrder = (state: RootState): WorklistOrder | null => {
  const orderId = selectSelectedOrderId(state)
  return orderId === null ? null : (selectWorklistOrder(state, orderId) ?? null)
}

/** Each known patient's studies, in worklist order. */
export const selectStudiesByPatient = createSelector([selectKnown], (known) => {
  const byPatient = new Map<Id, WorklistOrder[]>()
  for (const order of known) {
    const studies = byPatient.get(order.patient_id)
    if (studies) studies.push(order)
    else byPatient.set(order.patient_id, [order])
  }
  return byPatient
})

/** WS-12: the study a patient choice opens: the first in progress, else the first listed. */
export function selectStudyForPatient(state: RootState, patientId: Id): WorklistOrder | undefined {
  const studies = selectStudiesByPatient(state).get(patientId) ?? []
  return studies.find(inProgress) ?? studies[0]
}

/**
 * A whole list narrowed in the browser: the study matches the finder's text (its patient's name,
 * or each word in its accession number, modality, body part or description), the filters hold
 * (WL-7), and within a priority the longest waiting comes first (WL-8).
 */
export const selectFilteredWorklist = createSelector(
  [selectWorklist, selectFinderQuery, selectWorklistFilters, selectViewerId],
  (worklist, query, filters, viewerId) => {
    const narrowed = worklist.filter(
      (order) => studyMatches(order, query) && matchesFilters(order, filters, viewerId),
    )
    return byWaitingWithinPriority(narrowed.length === worklist.length ? worklist : narrowed)
  },
)

/**
 * The server's answer to the filters, as the caches hold it now: a study the live worklist shows
 * claimed, released or signed since leaves a list it no longer belongs to at once (one that comes
 * to belong waits for the list's next read: its place among the pages is the server's to say).
 */
const selectFilteredResults = createSelector(
  [selectSearchResults, selectWorklistFilters, selectViewerId],
  (results, filters, viewerId) => {
    const kept = results.filter((order) => matchesFilters(order, filters, viewerId))
    return kept.length === results.length ? results : kept
  },
)

/**
 * What the Worklist section shows: from a paging backend, the server's search results while the
 * finder holds a settled search or a filter narrows it (WL-2, WL-7), else the worklist's pages;
 * from a whole-list backend, the list narrowed here at every keystroke.
 */
export const selectShownWorklist = createSelector(
  [
    selectWorklistMode,
    selectSearchFilter,
    selectWorklist,
    selectFilteredResults,
    selectFilteredWorklist,
  ],
  (mode, search, worklist, results, filtered) => {
    if (mode !== 'paged') return filtered
    return search === null ? worklist : results
  },
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
  (patients = NO_PATIENTS, studiesByPatient, query): PatientMatch[] => {
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
