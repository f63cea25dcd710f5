/**
 * Patients and orders: the worklist's reads, and where orders are cached.
 *
 * Orders are cached in three kinds of entry:
 * - `listOrderPage`: one page of a list the sidebar shows (the worklist, Active Studies, a
 *   search), one cache entry per page, keyed by the list's filter and the page's cursor. A page
 *   is never rewritten by the fetch of another page, so a change patched into it stays;
 * - `listOrders`: the whole list (GET /orders without parameters), which 'Clear All' reads once;
 * - `getOrder`: one order, as GET /orders/:id answers it.
 * A list provides only the list tag, and nothing a single order does invalidates it (a
 * hospital's list is the API's most expensive answer). A change to one order is put into every
 * entry holding it instead (`orderCache.ts`), and every `getOrder` answer replaces the order's
 * entry in every cached list, in place. Each such change is an ordinary `queryResultPatched`
 * action: serializable, and replayed by the action log like any other.
 */
import type { Draft } from '@reduxjs/toolkit'
import { apiRequest } from './apiRequest'
import { orderPageRequest, type OrderPageArg } from './orderPageRequest'
import { baseApi, LIST_ID } from './baseApi'
import type { Id } from '../../../contract'
import type { ListedOrder, Order, OrderPage, Patient } from './model'

export { ORDERS_PER_PAGE, type OrderPageArg } from './orderPageRequest'

export const ordersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listPatients: build.query<Patient[], void>({
      query: () => apiRequest('listPatients', {}),
      // The list tag only: a tag per patient cost a hospital's tens of thousands of entries in
      // the cache's tag index on arrival, and nothing invalidates one patient.
      providesTags: [{ type: 'Patient', id: LIST_ID }],
    }),
    /** The whole list: the product spec's answer, read by 'Clear All' (CL-2). */
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listOrders: build.query<ListedOrder[], void>({
      query: () => apiRequest('listOrders', {}),
      // The list tag only: an order's own tag would make a change to one order refetch them all.
      providesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    /**
     * One page of a list. Every request names `limit`, so a backend that pages answers a page; one
     * that ignores the parameters answers the whole list, read as a single page (`paged` false).
     */
    listOrderPage: build.query<OrderPage, OrderPageArg>({
      query: orderPageRequest,
      providesTags: [{ type: 'Order', id: LIST_ID }],
    }),
    getOrder: build.query<Order, Id>({
      query: (id) => apiRequest('getOrder', { params: { id } }),
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
      // The answer is the order as the server has it now: its entry in every list takes it.
      async onQueryStarted(id, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle
        const startedAt = Date.now()
        let order: Order
        try {
          order = (await queryFulfilled).data
        } catch {
          return
        }
        // The order as its read holds it now, when the read is this one: the answer, with what a
        // change that came while it was under way put back into it (INT-101, orderChangePatches.ts).
        const read = ordersApi.endpoints.getOrder.select(id)(lifecycle.getState())
        if (read.requestId === lifecycle.requestId && read.data) order = read.data
        for (const list of cachedOrderLists(lifecycle.getState())) {
          // A list read that left after this one is at least as new as this answer.
          if (list.startedTimeStamp !== undefined && list.startedTimeStamp > startedAt) continue
          const listed = list.orders.find((candidate) => candidate.id === id)
          // Unchanged entries keep their identity, so their rows do not render again.
          if (!listed || sameOrder(listed, order)) continue
          dispatch(
            updateCachedList(list, (orders) => {
              orders.forEach((candidate, index) => {
                if (candidate.id === id) orders[index] = order
              })
            }),
          )
        }
      },
    }),
  }),
})

export const { useListPatientsQuery, useListOrdersQuery, useListOrderPageQuery, useGetOrderQuery } =
  ordersApi

export type OrdersState = Parameters<ReturnType<typeof ordersApi.endpoints.getOrder.select>>[0]

/** One cached list of orders: the whole list (no `arg`) or one page (its `arg`). */
export interface CachedOrderList {
  arg: OrderPageArg | undefined
  orders: readonly ListedOrder[]
  /** When its last read left. */
  startedTimeStamp: number | undefined
}

type PageSelector = ReturnType<typeof ordersApi.endpoints.listOrderPage.select>
const pageSelectors = new Map<string, PageSelector>()
/** Selectors kept at most (one per page ever asked for); beyond that they are made afresh. */
const PAGE_SELECTORS_KEPT = 1000

/** The cache entry of one page (one selector per page, made once: lists are walked often). */
export function selectPageEntry(state: OrdersState, arg: OrderPageArg) {
  const key = JSON.stringify([
    arg.status ?? null,
    arg.q ?? null,
    arg.priority ?? null,
    arg.modality ?? null,
    arg.claimed ?? null,
    arg.review ?? null,
    arg.cursor ?? null,
  ])
  let selector = pageSelectors.get(key)
  if (!selector) {
    if (pageSelectors.size >= PAGE_SELECTORS_KEPT) pageSelectors.clear()
    selector = ordersApi.endpoints.listOrderPage.select(arg)
    pageSelectors.set(key, selector)
  }
  return selector(state)
}

/**
 * Every list of orders the cache holds: the whole list first, then the pages, in the order
 * their entries were made. The same array while no query of the cache changes.
 */
export function cachedOrderLists(state: OrdersState): CachedOrderList[] {
  const { queries } = state.api
  if (queries === lastLists.queries) return lastLists.lists
  const lists: CachedOrderList[] = []
  const whole = ordersApi.endpoints.listOrders.select()(state)
  if (whole.data) {
    lists.push({ arg: undefined, orders: whole.data, startedTimeStamp: whole.startedTimeStamp })
  }
  for (const arg of ordersApi.util.selectCachedArgsForQuery(state, 'listOrderPage')) {
    const page = selectPageEntry(state, arg)
    if (page.data) {
      lists.push({ arg, orders: page.data.items, startedTimeStamp: page.startedTimeStamp })
    }
  }
  lastLists = { queries, lists }
  return lists
}

/** The lists of the last queries state seen (each store's own: a new state is a new object). */
let lastLists: { queries: unknown; lists: CachedOrderList[] } = { queries: undefined, lists: [] }

/** The patch of one cached list: an ordinary `queryResultPatched` action (through its thunk). */
export function updateCachedList(
  list: Pick<CachedOrderList, 'arg'>,
  update: (orders: Draft<ListedOrder>[]) => void,
) {
  return list.arg === undefined
    ? ordersApi.util.updateQueryData('listOrders', undefined, update)
    : ordersApi.util.updateQueryData('listOrderPage', list.arg, (page) => {
        update(page.items)
      })
}

/** The order as some cached list holds it, if any. */
export function listedOrder(state: OrdersState, orderId: Id): ListedOrder | undefined {
  for (const list of cachedOrderLists(state)) {
    const order = list.orders.find((candidate) => candidate.id === orderId)
    if (order) return order
  }
  return undefined
}

/** Both answers are read by the same reader, so their keys are in the same order. */
function sameOrder(a: ListedOrder, b: Order): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
