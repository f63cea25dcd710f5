/**
 * The department's worklist as a clinician reads it: its patients (SEC-9 gates the whole list),
 * and one page of its orders (WL-1), filtered and searched (CLM-5, WL-2), each order with its
 * viewer link (INT-34). The whole list without page parameters comes from the per-version cache
 * (./worklistCache.ts).
 */
import { ORDER_LIST_QUERY_KEYS, type Order, type OrderPage, type Patient } from '../../contract'
import type { Database } from '../db/client'
import type { OrderLinks } from '../domain/studies'
import { filteredWorklist, signedSince, worklistPage } from '../repo/worklist'
import * as studies from '../repo/studies'
import type { UseCaseContext } from './context'

export interface WorklistDeps extends UseCaseContext {
  /** WORKLIST_FINAL_DAYS: how long a signed study stays on the worklist. */
  finalDays: number
  links: OrderLinks
}

/** GET /orders's query as validated (lists parsed, the limit a number). */
type PageQuery = Parameters<typeof worklistPage>[1]

/** Whether a request's query asks for a page (any of the page parameters is present). */
export function asksForPage(query: Partial<Record<string, unknown>>): boolean {
  return ORDER_LIST_QUERY_KEYS.some((key) => query[key] !== undefined)
}

/** One page of the worklist, or of a search through every order, as `userId` sees it. */
export async function readWorklistPage(
  { db, now, finalDays, links }: WorklistDeps,
  query: PageQuery,
  userId: string,
): Promise<OrderPage> {
  const page = await worklistPage(db, query, signedSince(now(), finalDays), userId)
  return { ...page, items: page.items.map(links) }
}

/**
 * The whole worklist through a filter that is not a page parameter (`review=awaiting_mine`,
 * RV-4), as `userId` sees it: never from the shared cache, which holds everyone's list.
 */
export async function readFilteredWorklist(
  { db, now, finalDays, links }: WorklistDeps,
  query: PageQuery,
  userId: string,
): Promise<Order[]> {
  const list = await filteredWorklist(db, query, signedSince(now(), finalDays), userId)
  return list.map(links)
}

export function listPatients(db: Database): Promise<Patient[]> {
  return studies.listPatients(db)
}
