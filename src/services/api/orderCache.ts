/**
 * How a change to one order reaches the caches (see `ordersApi.ts` for the entries):
 * - what the SPA knows from an answer or the live stream goes through `changeOrder`
 *   (orderChanges.ts, the one place an order's change is handled), which patches it into the
 *   cached order and into its entry in every cached list, each page of the worklist, Active
 *   Studies and a search alike, with the helpers here (`patchOrder`, `dropFromLists`);
 * - what it cannot know is read again for that one order (`refreshOrder`, GET /orders/:id),
 *   whose answer replaces the order's entry in every cached list. Whoever must wait for such a
 *   read (Clear All) finds it with `orderRefreshUnderWay`.
 * No list is read again for it. Every patch is an ordinary `queryResultPatched` action.
 */
import type { Draft } from '@reduxjs/toolkit'
import { QueryStatus } from '@reduxjs/toolkit/query'
import { apiDepsOf } from './baseApi'
import type { Id } from '../../../contract'
import type { ListedOrder } from './model'
import {
  cachedOrderLists,
  listedOrder,
  ordersApi,
  updateCachedList,
  type OrdersState,
} from './ordersApi'

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

/**
 * Applies a change the SPA knows of to the cached order and to its entry in every cached list,
 * in place; the other entries are untouched and nothing is fetched. A cache that does not hold
 * the order is left alone. The recipe sees a list entry (`ListedOrder`), or the whole order.
 */
export function patchOrder(
  access: Pick<OrderCacheAccess, 'dispatch' | 'getState'>,
  orderId: Id,
  recipe: (order: Draft<ListedOrder>) => void,
): void {
  access.dispatch(ordersApi.util.updateQueryData('getOrder', orderId, recipe))
  for (const list of cachedOrderLists(access.getState())) {
    if (!list.orders.some((order) => order.id === orderId)) continue
    access.dispatch(
      updateCachedList(list, (orders) => {
        for (const order of orders) if (order.id === orderId) recipe(order)
      }),
    )
  }
}

/**
 * Takes the order out of every cached list (a page's count goes down with it), leaving its own
 * read alone: for an order that left the worklist (cancelled by the hospital). Nothing is fetched.
 */
export function dropFromLists(
  access: Pick<OrderCacheAccess, 'dispatch' | 'getState'>,
  orderId: Id,
): void {
  const remove = (orders: Draft<ListedOrder>[]): boolean => {
    const at = orders.findIndex((order) => order.id === orderId)
    if (at >= 0) orders.splice(at, 1)
    return at >= 0
  }
  for (const list of cachedOrderLists(access.getState())) {
    if (!list.orders.some((order) => order.id === orderId)) continue
    access.dispatch(
      list.arg === undefined
        ? ordersApi.util.updateQueryData('listOrders', undefined, (orders) => {
            remove(orders)
          })
        : ordersApi.util.updateQueryData('listOrderPage', list.arg, (page) => {
            if (remove(page.items) && page.total !== null) page.total = Math.max(0, page.total - 1)
          }),
    )
  }
}

/**
 * "Which order is this?", answered one way for every saga and component: the order as the caches
 * hold it, its own read (GET /orders/:id) when there is one, else its entry in a cached list (the
 * fields a list carries); undefined when no cache holds it. They are kept alike: every read of
 * one order replaces its list entries, and every patch goes to all of them.
 */
export function selectOrderById(state: OrdersState, orderId: Id): ListedOrder | undefined {
  return ordersApi.endpoints.getOrder.select(orderId)(state).data ?? listedOrder(state, orderId)
}

/**
 * Every copy of the order the caches hold: its own read, and its entry in each cached list. They
 * are meant to agree, but one read late may not: a question of what any of them shows asks here.
 */
export function cachedCopiesOf(state: OrdersState, orderId: Id): ListedOrder[] {
  const order = ordersApi.endpoints.getOrder.select(orderId)(state).data
  const entries = cachedOrderLists(state).flatMap((list) =>
    list.orders.filter((entry) => entry.id === orderId),
  )
  return order ? [order, ...entries] : entries
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

/** Waits for a read of the order under way (GET /orders/:id), if there is one; answers whether. */
export async function orderReadLanded(
  access: Pick<OrderCacheAccess, 'dispatch' | 'getState'>,
  orderId: Id,
): Promise<boolean> {
  const { getOrder } = ordersApi.endpoints
  if (getOrder.select(orderId)(access.getState()).status !== QueryStatus.pending) return false
  await access.dispatch(getOrder.initiate(orderId, { subscribe: false }))
  return true
}

async function readAgain(access: OrderCacheAccess, orderId: Id): Promise<void> {
  await orderReadLanded(access, orderId)
  await access.dispatch(
    ordersApi.endpoints.getOrder.initiate(orderId, { subscribe: false, forceRefetch: true }),
  )
}

/**
 * Reads one order again (GET /orders/:id) after the server changed it in a way the SPA cannot
 * tell; the answer reaches whoever shows the order and, through `getOrder`, its list entries.
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
