/**
 * What "an order changed" means for the caches (EV-12): the patches of one `orders/orderChanged`,
 * made by the one saga that hears every such event (src/sagas/orderChangesSaga.ts; who puts
 * them, and why, is orderChanges.ts). Each patch is an ordinary `queryResultPatched` action, so a
 * replayed action log replays them, and rebuilds the same screen without this code:
 * - the order's own read and its entry in every cached list take it, in place; nothing is read
 *   again (WL-4);
 * - a whole order is not taken when the caches hold a newer report (the stream reads an order
 *   when it hears of a change; an answer to this tab's own later write may already be here),
 *   unless the report is gone on purpose (`reportRemoved`); a report an answer carries is taken
 *   by each entry whose report is not newer. Its images (the study UID and viewer link, written
 *   once and never taken back) are taken even then (INT-102);
 * - a read of the order that left before a whole order came lands after it, and its answer
 *   replaces the order and its list entries: the change is applied again once that read has
 *   landed (`readUnderWay`, the saga waits), so a viewer link the stream brought while the study
 *   was being opened stays (INT-101);
 * - a whole order goes into every cached list it belongs in and is not in yet, in its place
 *   (EV-10, orderPlacement.ts); one the hospital cancelled leaves every list.
 * This module and placement come with the workspace's flows, not with the first screen.
 */
import type { Draft } from '@reduxjs/toolkit'
import { QueryStatus } from '@reduxjs/toolkit/query'
import { CANCELLED_STATUS } from '../../../contract'
import type { OrderChange } from '../../shared/events'
import type { ListedOrder, ListedReport } from './model'
import {
  cachedCopiesOf,
  dropFromLists,
  patchOrder,
  selectOrderById,
  type OrderCacheAccess,
} from './orderCache'
import { placeInLists } from './orderPlacement'
import { ordersApi, type OrdersState } from './ordersApi'

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

/**
 * The images of a whole order the caches hold a newer report than: its study UID and viewer link,
 * when a cached copy lacks them (null: nothing to add; a link is never taken back).
 */
function missingImages(
  state: OrdersState,
  change: OrderChange,
): ((order: Draft<ListedOrder>) => void) | null {
  const { study_instance_uid: uid, viewer_url: link } = change.order ?? {}
  const lacks = (copy: ListedOrder) =>
    (uid && copy.study_instance_uid !== uid) || (link && copy.viewer_url !== link)
  if (!cachedCopiesOf(state, change.orderId).some(lacks)) return null
  return (order) => {
    if (uid) order.study_instance_uid = uid
    if (link) order.viewer_url = link
  }
}

/**
 * The read of the order under way (its request id) when `change` brings the whole order: it may
 * have left before the change, and its answer, landing after, would undo it (INT-101).
 */
export function readUnderWay(state: OrdersState, change: OrderChange): string | undefined {
  if (!change.order) return undefined
  const read = ordersApi.endpoints.getOrder.select(change.orderId)(state)
  return read.status === QueryStatus.pending ? read.requestId : undefined
}

/** Patches the caches as `change` means (see the file's comment). */
export function applyOrderChange(
  access: Pick<OrderCacheAccess, 'dispatch' | 'getState'>,
  change: OrderChange,
): void {
  if (isStale(access.getState(), change)) {
    // The report the caches hold stays; what the archive gave the study is no step back.
    const images = missingImages(access.getState(), change)
    if (images) patchOrder(access, change.orderId, images)
    return
  }
  patchOrder(access, change.orderId, recipeOf(change))
  const { order } = change
  if (!order) return
  // Cancelled by the hospital (HL7 CA): it leaves every list; its own read keeps the status.
  if (order.status === CANCELLED_STATUS) dropFromLists(access, change.orderId)
  else placeInLists(access, order, change.viewerId ?? null)
}
