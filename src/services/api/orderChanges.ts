/**
 * "An order changed": the one place where a change to an order reaches the caches, whatever told
 * the SPA of it: the live stream (EV-8..11), a claim's answer, Next study's answer, a report
 * write's answer, a sent message (CH-11), a cleared conversation. Callers say what they know; this
 * decides what it means for the caches.
 *
 *   dispatch(changeOrder({ orderId, source: 'stream', order }))   // the order as the server has it
 *   dispatch(changeOrder({ orderId, source: 'claim', fields: { claimed_by: holder } }))
 *
 * `changeOrder` is a thunk (a saga puts it; an endpoint's lifecycle dispatches it). It first puts
 * `orders/orderChanged` (src/shared/events.ts), the fact, which slices may reduce, then the
 * patches the fact means, each an ordinary `queryResultPatched` action: a replayed action log
 * replays those, and so rebuilds the same screen without this code. What a change means:
 * - the order's own read and its entry in every cached list take it, in place; nothing is read
 *   again (WL-4);
 * - a whole order is not taken when the caches hold a newer report (the stream reads an order
 *   when it hears of a change; an answer to this tab's own later write may already be here),
 *   unless the report is gone on purpose (`reportRemoved`); a report an answer carries is taken
 *   by each entry whose report is not newer;
 * - a whole order goes into every cached list it belongs in and is not in yet, in its place
 *   (EV-10, orderPlacement.ts); one the hospital cancelled leaves every list.
 * What an answer says of an order no cache holds is dropped: nothing shows it. A read of one
 * order (GET /orders/:id) replaces its list entries itself (ordersApi.ts): it is the
 * caches agreeing with each other, not news.
 */
import type { Draft } from '@reduxjs/toolkit'
import { CANCELLED_STATUS } from '../../../contract'
import { orderChanged, type OrderChange } from '../../shared/events'
import type { ListedOrder, ListedReport } from './model'
import { dropFromLists, patchOrder, selectOrderById, type OrderCacheDispatch } from './orderCache'
import { placeInLists } from './orderPlacement'
import type { OrdersState } from './ordersApi'

export type { OrderChange } from '../../shared/events'

/** What `changeOrder` dispatches: its event, and the cache helpers' patches. */
export interface OrderChangeDispatch extends OrderCacheDispatch {
  (action: ReturnType<typeof orderChanged>): unknown
}

const reportTime = (report: { updated_at?: string | null } | null | undefined) => {
  const time = report?.updated_at ? Date.parse(report.updated_at) : NaN
  return Number.isNaN(time) ? null : time
}

/** Whether the caches hold a newer report than the whole order `change` brings. */
function isStale(state: OrdersState, change: OrderChange): boolean {
  if (!change.order) return false
  const had = reportTime(selectOrderById(state, change.orderId)?.report)
  const now = reportTime(change.order.report)
  return had !== null && (now === null ? !change.reportRemoved : now < had)
}

/** Whether `report` is at least as new as `held`; without a time on both, the answer is newer. */
function isNotOlder(report: { updated_at: string | null }, held: ListedReport | null): boolean {
  const [written, had] = [reportTime(report), reportTime(held)]
  return written === null || had === null || written >= had
}

function recipeOf(change: OrderChange): (order: Draft<ListedOrder>) => void {
  const { order: whole, fields } = change
  return (order) => {
    if (whole) Object.assign(order, whole)
    if (!fields) return
    if (fields.status !== undefined) order.status = fields.status
    if (fields.claimed_by !== undefined) order.claimed_by = fields.claimed_by
    const { report } = fields
    if (report !== undefined && (report === null || isNotOlder(report, order.report))) {
      order.report = report
    }
  }
}

/** Applies `change` (see the file's comment); answers whether it was taken. */
export function applyOrderChange(
  access: { dispatch: OrderChangeDispatch; getState(): OrdersState },
  change: OrderChange,
): boolean {
  const state = access.getState()
  // What an answer says of an order no cache holds changes nothing the SPA shows.
  if (!change.order && selectOrderById(state, change.orderId) === undefined) return false
  if (isStale(state, change)) return false
  access.dispatch(orderChanged(change))
  patchOrder(access, change.orderId, recipeOf(change))
  const { order } = change
  if (!order) return true
  // Cancelled by the hospital (HL7 CA): it leaves every list; its own read keeps the status.
  if (order.status === CANCELLED_STATUS) dropFromLists(access, change.orderId)
  else placeInLists(access, order, change.viewerId ?? null)
  return true
}

/** The thunk of `applyOrderChange`, for a saga's `put` or an endpoint lifecycle's `dispatch`. */
export const changeOrder =
  (change: OrderChange) =>
  (dispatch: OrderChangeDispatch, getState: () => OrdersState): boolean =>
    applyOrderChange({ dispatch, getState }, change)
