/**
 * The request of one page of a list (`listOrderPage`). A module of its own, free of RTK Query:
 * the page's first script (src/app/boot) asks for the worklist's first page with exactly the
 * request the app would make, so the app takes that answer instead of asking again.
 */
import { ORDER_PAGE } from '../../../contract/constants'
import { apiRequest, type ApiRequest } from './apiRequest'

/**
 * Which page of which list: the list's filter (none for the worklist, `status` for Active
 * Studies, `q` for a search) and the page's cursor (none for the first page). Plain strings, so
 * the cache key is the same whoever asks.
 */
export interface OrderPageArg {
  /** Comma-separated order statuses; `final` means a signed report. */
  status?: string
  /** Words that must each appear in the patient, accession, modality, body part or description. */
  q?: string
  /** Comma-separated priorities (WL-7). */
  priority?: string
  /** Comma-separated modalities (WL-7). */
  modality?: string
  /** `mine` or `unclaimed` (WL-7, a backend with claims). */
  claimed?: string
  /** `awaiting_mine`: trainees' reports awaiting the caller's review (RV-21). */
  review?: string
  /** The `next_cursor` of the page before; absent for the first page. */
  cursor?: string
}

/** Orders per page the SPA asks for (the server's default, named so every request carries one). */
export const ORDERS_PER_PAGE = ORDER_PAGE.defaultLimit

export function orderPageRequest({
  status,
  q,
  priority,
  modality,
  claimed,
  review,
  cursor,
}: OrderPageArg): ApiRequest {
  return apiRequest('listOrders', {
    query: {
      limit: String(ORDERS_PER_PAGE),
      status,
      q,
      priority,
      modality,
      claimed,
      review,
      cursor,
    },
  })
}
