/**
 * EV-10: an order the caches learn of whole (the live stream: a new order from the hospital, a
 * study released or claimed) that a cached list does not hold but belongs in is put into that
 * list, in its place: as the server pages it, priority first, then longest waiting, a later
 * arrival after the orders it ties with. Nothing is read again. Under each list's own filter, as
 * the server would apply it (`belongsIn`); where the SPA cannot tell, the order is left for the
 * list's next read:
 * - a signed study (whether one is still on the worklist is the server's setting);
 * - a search word found in none of what a row carries (the server also searches the MRN);
 * - a place after the last loaded row of a list with more pages: that page brings it.
 * WS-7: an order that names no patient of the patient list is placed nowhere; one that carries a
 * patient the patient list lacks (the hospital's new patient) brings the patient into that list.
 */
import type { Draft } from '@reduxjs/toolkit'
import { PRIORITY_RANK } from '../../shared/constants'
import { CANCELLED_STATUS, FINAL_STATUS, type Id } from '../../../contract'
import type { ListedOrder, Order, OrderPage } from './model'
import { walk, type OrderFilter } from './orderPages'
import { studyText } from './studyText'
import { awaitsReviewBy } from './awaitingReview'
import { cachedOrderLists, ordersApi, type OrderPageArg, type OrdersState } from './ordersApi'

type Access = {
  dispatch: (patch: ReturnType<typeof ordersApi.util.updateQueryData>) => unknown
  getState(): OrdersState
}

const listOf = (text: string | undefined) =>
  text === undefined ? null : text.split(',').map((item) => item.trim().toLowerCase())

/** Whether the server would list `order` under `filter` (see the file's comment for the limits). */
export function belongsIn(order: ListedOrder, filter: OrderFilter, viewerId: Id | null): boolean {
  if (order.status === CANCELLED_STATUS || order.report?.is_final === true) return false
  const statuses = listOf(filter.status)?.filter((status) => status !== FINAL_STATUS)
  if (statuses && !statuses.includes(order.status.toLowerCase())) return false
  const priorities = listOf(filter.priority)
  if (priorities && !priorities.includes(order.priority)) return false
  const modalities = listOf(filter.modality)
  if (modalities && !modalities.includes(order.modality.toLowerCase())) return false
  const holder = order.claimed_by ?? null
  if (filter.claimed === 'mine' && (viewerId === null || holder?.user_id !== viewerId)) return false
  if (filter.claimed === 'unclaimed' && holder !== null) return false
  if (filter.review !== undefined && !awaitsReviewBy(order, viewerId)) return false
  const words = (filter.q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  if (order.patient === null) return false
  const text = studyText({ ...order, patient: order.patient }).toLowerCase()
  return words.every((word) => text.includes(word))
}

/** When the study was ordered, in ms; one that does not say waits behind those that do. */
function orderedAtMs(order: ListedOrder): number {
  const ms = order.ordered_at === undefined ? Number.NaN : Date.parse(order.ordered_at)
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms
}

/** Whether `row` comes after `order` in the server's order (a tie: the later arrival is after). */
function comesAfter(row: ListedOrder, order: ListedOrder): boolean {
  const rank = PRIORITY_RANK[row.priority] - PRIORITY_RANK[order.priority]
  return rank > 0 || (rank === 0 && orderedAtMs(row) > orderedAtMs(order))
}

/** Where `order` goes among the loaded pages: [page, index]; null when after a page not loaded. */
function placeIn(
  pages: OrderPage[],
  order: ListedOrder,
  complete: boolean,
): [number, number] | null {
  for (const [at, page] of pages.entries()) {
    const index = page.items.findIndex((row) => comesAfter(row, order))
    if (index >= 0) return [at, index]
  }
  const last = pages.length - 1
  return complete && last >= 0 ? [last, pages[last]?.items.length ?? 0] : null
}

/** WS-7: whether the order's patient is one the rows may show; a new one joins the patient list. */
function patientKnown(access: Access, order: Order): boolean {
  const patients = ordersApi.endpoints.listPatients.select()(access.getState()).data
  if (patients === undefined || patients.some((patient) => patient.id === order.patient_id)) {
    return true
  }
  const carried = order.patient
  if (carried === null || carried.id !== order.patient_id) return false
  access.dispatch(
    ordersApi.util.updateQueryData('listPatients', undefined, (list) => {
      if (!list.some((patient) => patient.id === carried.id)) list.push(carried)
    }),
  )
  return true
}

/** The filter of every list the caches hold pages of: its first page's argument. */
function cachedFilters(state: OrdersState): OrderFilter[] {
  return cachedOrderLists(state)
    .map((list) => list.arg)
    .filter((arg): arg is OrderPageArg => arg !== undefined && arg.cursor === undefined)
}

const insertInto = (order: Order, index: number, counted: boolean) => (page: Draft<OrderPage>) => {
  if (page.items.some((row) => row.id === order.id)) return
  page.items.splice(index, 0, order)
  if (counted && page.total !== null) page.total += 1
}

/**
 * Puts `order` into every cached list it belongs in and is not in yet (see the file's comment);
 * each insertion one `queryResultPatched` action. 'Clear All's whole-list read is left as read.
 */
export function placeInLists(access: Access, order: Order, viewerId: Id | null): void {
  let known: boolean | undefined
  for (const filter of cachedFilters(access.getState())) {
    const state = access.getState()
    const { pages, args } = walk(state, filter)
    const first = pages[0]
    if (!first || pages.some((page) => page.items.some((row) => row.id === order.id))) continue
    // A whole list (WL-3) is sorted and narrowed in the browser: the order joins it at the end.
    const whole = !first.paged
    if (whole ? order.status === CANCELLED_STATUS : !belongsIn(order, filter, viewerId)) continue
    known ??= patientKnown(access, order)
    if (!known) return
    const place: [number, number] | null = whole
      ? [0, first.items.length]
      : placeIn(pages, order, args.length === pages.length)
    if (place === null) continue
    const [at, index] = place
    const arg = args[at]
    if (arg === undefined) continue
    access.dispatch(
      ordersApi.util.updateQueryData('listOrderPage', arg, insertInto(order, index, at === 0)),
    )
    // The list's count is its first page's (WL-1).
    if (at > 0 && args[0]) {
      access.dispatch(
        ordersApi.util.updateQueryData('listOrderPage', args[0], (page) => {
          if (page.total !== null) page.total += 1
        }),
      )
    }
  }
}
