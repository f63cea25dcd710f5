/**
 * WS-7 with EV-10 and WL-6: the patient list is read once, so it lacks a patient the hospital
 * registered after that read (a new patient's first order over HL7). A live event that brings
 * such a patient adds it to the list (orderPlacement.ts), but not when the event came while the
 * list was on its way (its answer, older than the event, lands after it), nor when the stream
 * missed the event (it was not connected yet) and a search or a later page brings the order.
 * Then the order would stay out of every list for the rest of the session.
 *
 * So an order in a cached list that carries a patient the loaded patient list lacks asks for the
 * patient list again, once per patient: if the server's list now names the patient, the order
 * shows; if not, WS-7 holds, it stays out, and it is not asked about again. The read is an
 * ordinary endpoint call, so a replayed action log replays its answer. The flows start after the
 * first screen, so the lists already in the caches are looked at first.
 */
import { createSelector, isAnyOf, type Action } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { select, take } from 'redux-saga/effects'
import type { Id } from '../../contract'
import { baseApi } from '../services/api/baseApi'
import { cachedOrderLists, ordersApi, type OrdersState } from '../services/api/ordersApi'
import { callEndpoint } from './effects/endpoint'

const { listOrderPage, listOrders, listPatients } = ordersApi.endpoints
const selectPatients = listPatients.select()

/** The ids of patients that cached lists' orders carry and the loaded patient list lacks. */
export const selectCarriedPatientsUnlisted = createSelector(
  [cachedOrderLists, (state: OrdersState) => selectPatients(state).data],
  (lists, patients): Id[] => {
    if (patients === undefined) return []
    const listed = new Set(patients.map((patient) => patient.id))
    const unlisted = new Set<Id>()
    for (const list of lists) {
      for (const order of list.orders) {
        const carried = order.patient
        if (carried !== null && carried.id === order.patient_id && !listed.has(carried.id)) {
          unlisted.add(carried.id)
        }
      }
    }
    return [...unlisted]
  },
)

const PATCHED = `${baseApi.reducerPath}/queries/queryResultPatched`

/** An answer or a patch that may bring an order, or a patient list that may lack its patient. */
const mayBringUnlisted = (action: Action): boolean =>
  action.type === PATCHED ||
  isAnyOf(
    listOrderPage.matchFulfilled,
    listOrders.matchFulfilled,
    listPatients.matchFulfilled,
  )(action)

export function* watchCarriedPatients(): SagaIterator {
  const asked = new Set<Id>()
  for (;;) {
    // Again after each read: a patient brought while it was on its way may be missing from it.
    for (;;) {
      const unlisted = (yield select(selectCarriedPatientsUnlisted)) as Id[]
      const fresh = unlisted.filter((id) => !asked.has(id))
      if (fresh.length === 0) break
      for (const id of fresh) asked.add(id)
      try {
        yield* callEndpoint(
          listPatients.initiate(undefined, { subscribe: false, forceRefetch: true }),
        )
      } catch {
        // Logged as every failed call is (apiFailureSaga); the rows wait for the next answer.
        break
      }
    }
    yield take(mayBringUnlisted)
  }
}
