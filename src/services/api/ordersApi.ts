/**
 * Patients and orders: the worklist's reads, and how a change to one order reaches the caches.
 *
 * The worklist (`listOrders`) is the most expensive answer of the API: a hospital's list is
 * megabytes to download and validate. So it provides only the list tag, and nothing a single
 * order does invalidates it. A change to one order is put into the caches instead:
 * - what the SPA knows from an answer is patched into the cached order and its worklist entry
 *   (`patchOrder`: a report write's answer, the status a first message sets);
 * - what it cannot know is read again for that one order (`refreshOrder`, GET /orders/:id), and
 *   every `getOrder` answer replaces the order's entry in the cached worklist, in place. Whoever
 *   must wait for such a read (Clear All) finds it with `orderRefreshUnderWay`.
 * Every patch is an ordinary `queryResultPatched` action: serializable, and replayed by the
 * action log like any other.
 */
import type { Draft } from '@reduxjs/toolkit'
import { QueryStatus } from '@reduxjs/toolkit/query'
import { apiRequest } from './apiRequest'
import { apiDepsOf, baseApi, LIST_ID } from './baseApi'
import { IN_PROGRESS, type Id } from '../../../contract'
import type { Order, Patient } from './model'

export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listPatients: build.query<Patient[], void>({
      query: () => apiRequest('listPatients', {}),
      providesTags: (patients = []) => [
        { type: 'Patient', id: LIST_ID },
        ...patients.map((patient) => ({ type: 'Patient' as const, id: patient.id })),
      ],
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listOrders: build.query<Order[], void>({
      query: () => apiRequest('listOrders', {}),
      // The list tag only: an order's own tag would make a change to one order refetch them all.
      providesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    getOrder: build.query<Order, Id>({
      query: (id) => apiRequest('getOrder', { params: { id } }),
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
      // The answer is the order as the server has it now: its worklist entry takes it.
      async onQueryStarted(id, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle
        const startedAt = Date.now()
        let order: Order
        try {
          order = (await queryFulfilled).data
        } catch {
          return
        }
        const list = ordersApi.endpoints.listOrders.select()(lifecycle.getState())
        // A worklist read that left after this one is at least as new as this answer.
        if (list.startedTimeStamp !== undefined && list.startedTimeStamp > startedAt) return
        const listed = list.data?.find((candidate) => candidate.id === id)
        // Unchanged entries keep their identity, so their rows do not render again.
        if (!listed || sameOrder(listed, order)) return
        dispatch(
          ordersApi.util.updateQueryData('listOrders', undefined, (orders) => {
            const index = orders.findIndex((candidate) => candidate.id === id)
            if (index >= 0) orders[index] = order
          }),
        )
      },
    }),
  }),
})

export const { useListPatientsQuery, useListOrdersQuery, useGetOrderQuery } = ordersApi

type OrdersState = Parameters<ReturnType<typeof ordersApi.endpoints.getOrder.select>>[0]

/** The dispatches the cache helpers make: patches of the caches, and reads of one order. */
export interface OrderCacheDispatch {
  (patch: ReturnType<typeof ordersApi.util.updateQueryData>): unknown
  (read: ReturnType<typeof ordersApi.endpoints.getOrder.initiate>): PromiseLike<unknown>
}

/** What the cache helpers need: a lifecycle API (`onQueryStarted`'s second argument) will do. */
export interface OrderCacheAccess {
  dispatch: OrderCacheDispatch
  getState(): OrdersState
  /** The store's collaborators (the thunk extra argument): whose refreshes these are. */
  extra: unknown
}

/** Both answers come from the same schema, so their keys are in the same order. */
function sameOrder(a: Order, b: Order): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Applies a change the SPA knows of to the cached order and to its worklist entry, in place; the
 * other entries are untouched and nothing is fetched. A cache that does not hold the order is
 * left alone.
 */
export function patchOrder(
  dispatch: OrderCacheDispatch,
  orderId: Id,
  recipe: (order: Draft<Order>) => void,
): void {
  dispatch(ordersApi.util.updateQueryData('getOrder', orderId, recipe))
  dispatch(
    ordersApi.util.updateQueryData('listOrders', undefined, (orders) => {
      const order = orders.find((candidate) => candidate.id === orderId)
      if (order) recipe(order)
    }),
  )
}

function listedOrder(state: OrdersState, orderId: Id): Order | undefined {
  return ordersApi.endpoints.listOrders
    .select()(state)
    .data?.find((candidate) => candidate.id === orderId)
}

/**
 * "Which order is this?", answered one way for every saga and component: the order as the caches
 * hold it, its own read (GET /orders/:id) when there is one, else its worklist entry; undefined
 * when neither cache holds it. Both are kept alike: every read of one order replaces its worklist
 * entry, and every patch goes to both.
 */
export function selectOrderById(state: OrdersState, orderId: Id): Order | undefined {
  return ordersApi.endpoints.getOrder.select(orderId)(state).data ?? listedOrder(state, orderId)
}

/** Whether a cache shows the order in progress: the order itself, or its worklist entry. */
export function isCachedInProgress(state: OrdersState, orderId: Id): boolean {
  const order = ordersApi.endpoints.getOrder.select(orderId)(state).data
  return order?.status === IN_PROGRESS || listedOrder(state, orderId)?.status === IN_PROGRESS
}

/**
 * The refreshes under way, per store (keyed by its collaborators, like ratingIntents.ts): control
 * flow only, what reaches the store are ordinary query actions.
 */
const refreshesByStore = new WeakMap<object, Map<Id, Promise<void>>>()

function refreshesOf(extra: unknown): Map<Id, Promise<void>> {
  const owner = apiDepsOf(extra)
  let refreshes = refreshesByStore.get(owner)
  if (!refreshes) {
    refreshes = new Map()
    refreshesByStore.set(owner, refreshes)
  }
  return refreshes
}

async function readAgain(access: OrderCacheAccess, orderId: Id): Promise<void> {
  const { getOrder } = ordersApi.endpoints
  if (getOrder.select(orderId)(access.getState()).status === QueryStatus.pending) {
    await access.dispatch(getOrder.initiate(orderId, { subscribe: false }))
  }
  await access.dispatch(getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }))
}

/**
 * Reads one order again (GET /orders/:id) after the server changed it in a way the SPA cannot
 * tell; the answer reaches whoever shows the order and, through `getOrder`, its worklist entry.
 * A read of it already under way may have left before the change, so it lands first and the
 * order is read once more. Resolves when the order is read, whether or not that succeeded (a
 * failure is logged with every other API failure, and the caches keep what they had).
 */
export function refreshOrder(access: OrderCacheAccess, orderId: Id): Promise<void> {
  const refreshes = refreshesOf(access.extra)
  const refresh = readAgain(access, orderId).finally(() => {
    if (refreshes.get(orderId) === refresh) refreshes.delete(orderId)
  })
  refreshes.set(orderId, refresh)
  return refresh
}

/**
 * A thunk: the refresh of the order under way (see `refreshOrder`), or undefined. A mutation's
 * lifecycle starts its refresh before the mutation's caller hears the answer, so the caller can
 * wait for the caches to be true too (Clear All does).
 */
export function orderRefreshUnderWay(orderId: Id) {
  return (_dispatch: unknown, _getState: unknown, extra: unknown): Promise<void> | undefined =>
    refreshesOf(extra).get(orderId)
}
