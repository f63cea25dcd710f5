/**
 * GET /orders as a paging backend answers it (the contract's `pageAnswer`): with any page
 * parameter, one keyset page of the matching orders in worklist order (stat, urgent, routine;
 * within a priority, longest waiting first, then in the order they were added), as
 * `{items, next_cursor, total}`. The in-memory backend answers so when `paging` is on; without
 * it, it is a spec backend that ignores the parameters and answers the whole list.
 */
import {
  FINAL_STATUS,
  ORDER_LIST_QUERY_KEYS,
  ORDER_PAGE,
  type Order,
  type OrderPage,
} from '../../../contract'

const RANK = { stat: 0, urgent: 1, routine: 2 } as const

/**
 * The in-memory backend's caller (TEST_CLINICIAN) when a request's token names nobody (a test's
 * plain token); a session token of the identity double names its user (`sub`), as at a server.
 */
export const CALLER_ID = 'U-test'

/** Who a request comes from: its bearer token's `sub`, or CALLER_ID. */
export function callerOf(headers: Headers): string {
  const token = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (!payload) return CALLER_ID
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      sub?: unknown
    }
    return typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : CALLER_ID
  } catch {
    return CALLER_ID
  }
}

/** Whether a request names any page parameter (and so asks for a page). */
export function asksForPage(query: URLSearchParams): boolean {
  return ORDER_LIST_QUERY_KEYS.some((name) => query.has(name))
}

function listParameter(query: URLSearchParams, name: string): string[] | null {
  const value = query.get(name)
  if (value === null) return null
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
}

function searchable(order: Order): string {
  return [
    order.patient.first_name,
    order.patient.last_name,
    order.accession_number,
    order.modality,
    order.body_part,
    order.study_description,
  ]
    .join(' ')
    .toLowerCase()
}

function matches(order: Order, query: URLSearchParams, caller: string): boolean {
  const statuses = listParameter(query, 'status')
  const priorities = listParameter(query, 'priority')
  const modalities = listParameter(query, 'modality')
  const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const text = searchable(order)
  const claimed = query.get('claimed')
  const holder = order.claimed_by ?? null
  const preliminary = order.report?.is_final ? null : order.report?.preliminary
  // RV-21: `review=awaiting_mine`, trainees' reports awaiting review the caller did not send.
  const awaitsCaller = preliminary?.state === 'awaiting_review' && preliminary.by.user_id !== caller
  return (
    (query.get('review') === null || awaitsCaller) &&
    (claimed === null || (claimed === 'mine' ? holder?.user_id === caller : holder === null)) &&
    (statuses === null ||
      statuses.some((status) =>
        status === FINAL_STATUS ? order.report?.is_final === true : order.status === status,
      )) &&
    (priorities === null || priorities.includes(order.priority)) &&
    (modalities === null || modalities.includes(order.modality)) &&
    words.every((word) => text.includes(word))
  )
}

/** The page of `orders` that `query` asks for; the cursor is the id of the last order sent. */
export function pageOf(
  orders: readonly Order[],
  query: URLSearchParams,
  caller: string = CALLER_ID,
): OrderPage {
  const sorted = orders
    .map((order, index) => ({ order, index }))
    .filter(({ order }) => matches(order, query, caller))
    .sort(
      (a, b) =>
        RANK[a.order.priority] - RANK[b.order.priority] ||
        Date.parse(a.order.ordered_at) - Date.parse(b.order.ordered_at) ||
        a.index - b.index,
    )
    .map(({ order }) => order)
  const limit = Number(query.get('limit') ?? ORDER_PAGE.defaultLimit)
  const cursor = query.get('cursor')
  const start = cursor === null ? 0 : sorted.findIndex((order) => order.id === cursor) + 1
  const items = sorted.slice(start, start + limit)
  const more = start + limit < sorted.length
  return { items, next_cursor: more ? (items.at(-1)?.id ?? null) : null, total: sorted.length }
}
