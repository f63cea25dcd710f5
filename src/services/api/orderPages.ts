/**
 * A list as pages (`listOrderPage`): its first page is the entry of its filter; every page's
 * `next_cursor` names the entry of the page after. Walking that chain through the cache gives
 * the list as far as it is loaded, so what is shown is a function of the cache alone (a replayed
 * action log rebuilds it), and each page stays its own entry: fetching the next page never
 * rewrites the pages before it, nor the changes patched into them.
 */
import { createSelector } from '@reduxjs/toolkit'
import type { ApiError } from './baseApi'
import { IN_PROGRESS } from '../../../contract'
import type { ListedOrder, OrderPage } from './model'
import { selectPageEntry, type OrderPageArg, type OrdersState } from './ordersApi'

/** A list's filter: a page's argument without its cursor. */
export type OrderFilter = Omit<OrderPageArg, 'cursor'>

/** The worklist: no filter. */
export const WORKLIST: OrderFilter = Object.freeze({})
/** Active Studies (WS-2): the studies in progress. */
export const ACTIVE_STUDIES: OrderFilter = Object.freeze({ status: IN_PROGRESS })

/** A list's pages gives up after this many (a backend whose cursors loop must not hang the tab). */
const MAX_PAGES = 1000

export type PageStatus = 'idle' | 'loading' | 'error' | 'ready'

/**
 * Where a list's chain stands, in plain values and references the store holds, so a component
 * that selects it re-renders only when one of them changes (compare it with `shallowEqual`).
 */
export interface PageChainState {
  /** The cursors of the pages loaded, in order, joined: which entries to keep subscribed. */
  cursors: string
  /** How many pages are loaded. */
  loaded: number
  /** The first page: not asked yet, on its way, failed, or there. */
  first: PageStatus
  /** The page after the last one loaded: none (`idle` with `hasMore` false), or as `first`. */
  next: PageStatus
  /** Whether the last page loaded names a page after it. */
  hasMore: boolean
  /** The cursor of that page; null when there is none. */
  nextCursor: string | null
  /** The error of the first page or, when it is there, of the next one. */
  error: ApiError | undefined
  /** Whether the backend pages (false: it answered the whole list); undefined until known. */
  paged: boolean | undefined
  /** How many orders match, as the backend says; null when it does not. */
  total: number | null
  /**
   * Whether the first page is there and names its orders' patients (an order carries its
   * patient, or the page is empty): its rows need not wait for the patient list (WL-6).
   */
  carriesPatients: boolean
}

export interface ChainWalk {
  pages: OrderPage[]
  /** The arguments of the loaded pages and, when there is one, of the page after them. */
  args: OrderPageArg[]
}

/** The page argument of `filter` at `cursor` (the first page without one). */
export function pageArg(filter: OrderFilter, cursor?: string): OrderPageArg {
  return cursor === undefined ? { ...filter } : { ...filter, cursor }
}

/**
 * The loaded pages of the list of `filter`, in order, and their arguments (with the page after
 * them when the last one names one: then the list is not loaded to its end).
 */
export function walk(state: OrdersState, filter: OrderFilter): ChainWalk {
  const pages: OrderPage[] = []
  const args: OrderPageArg[] = [pageArg(filter)]
  const seen = new Set<string>()
  for (let index = 0; index < MAX_PAGES; index += 1) {
    const arg = args[index]
    const page = arg && selectPageEntry(state, arg).data
    if (!page) break
    pages.push(page)
    const next = page.next_cursor
    if (next === null || seen.has(next)) break
    seen.add(next)
    args.push(pageArg(filter, next))
  }
  return { pages, args }
}

function statusOf(entry: { isUninitialized: boolean; isError: boolean; data?: unknown }) {
  if (entry.data !== undefined) return 'ready'
  if (entry.isError) return 'error'
  return entry.isUninitialized ? 'idle' : 'loading'
}

const NONE: PageChainState = {
  cursors: '',
  loaded: 0,
  first: 'idle',
  next: 'idle',
  hasMore: false,
  nextCursor: null,
  error: undefined,
  paged: undefined,
  total: null,
  carriesPatients: false,
}

function carriesPatients(page: OrderPage | undefined): boolean {
  if (page === undefined) return false
  return page.items.length === 0 || page.items.some((order) => order.patient !== null)
}

/** The last chain of each list asked for, with the cache's queries it was read from. */
const lastChains = new WeakMap<OrderFilter, { queries: unknown; chain: PageChainState }>()

/**
 * Where the chain of `filter` stands; `null` (a list not shown) stands nowhere. The same object
 * while the cache's queries are (every action, a keystroke too, asks again).
 */
export function selectPageChain(state: OrdersState, filter: OrderFilter | null): PageChainState {
  if (filter === null) return NONE
  const { queries } = state.api
  const last = lastChains.get(filter)
  if (last?.queries === queries) return last.chain
  const chain = readPageChain(state, filter)
  lastChains.set(filter, { queries, chain })
  return chain
}

function readPageChain(state: OrdersState, filter: OrderFilter): PageChainState {
  const { pages, args } = walk(state, filter)
  const select = (arg: OrderPageArg | undefined) =>
    arg === undefined ? undefined : selectPageEntry(state, arg)
  const firstEntry = select(args[0])
  const nextEntry = pages.length > 0 ? select(args[pages.length]) : undefined
  const first = firstEntry ? statusOf(firstEntry) : 'idle'
  const next = nextEntry ? statusOf(nextEntry) : 'idle'
  const failed = first === 'error' ? firstEntry : next === 'error' ? nextEntry : undefined
  return {
    cursors: args
      .slice(1, pages.length)
      .map((arg) => arg.cursor ?? '')
      .join('\n'),
    loaded: pages.length,
    first,
    next,
    hasMore: nextEntry !== undefined,
    nextCursor: nextEntry === undefined ? null : (args[pages.length]?.cursor ?? null),
    error: failed?.error as ApiError | undefined,
    paged: pages[0]?.paged,
    total: pages[0]?.total ?? null,
    carriesPatients: carriesPatients(pages[0]),
  }
}

/** The cursors of `PageChainState.cursors`, as the page arguments to keep subscribed. */
export function loadedPageArgs(filter: OrderFilter, cursors: string): OrderPageArg[] {
  const rest = cursors === '' ? [] : cursors.split('\n')
  return [pageArg(filter), ...rest.map((cursor) => pageArg(filter, cursor))]
}

/** An array equal to the last one element by element is the last one (memoization). */
export function stableArray<T>() {
  let last: readonly T[] = []
  return (next: readonly T[]): readonly T[] => {
    const same = next.length === last.length && next.every((item, index) => item === last[index])
    if (!same) last = next
    return last
  }
}

/** The orders of several lists, in order, each once (the first copy of an order stands). */
export function distinctOrders(lists: readonly (readonly ListedOrder[])[]): ListedOrder[] {
  if (lists.length === 1) return [...(lists[0] ?? [])]
  const seen = new Set<string>()
  const orders: ListedOrder[] = []
  for (const list of lists) {
    for (const order of list) {
      if (seen.has(order.id)) continue
      seen.add(order.id)
      orders.push(order)
    }
  }
  return orders
}

/**
 * A selector of the orders of one list, as far as its pages are loaded, in the backend's order;
 * `filterOf` names the list (null: none). The same array while no page of it changes. Every
 * action reaches it (a keystroke in the report too): while the cache's queries and the list
 * asked for are the same objects, the pages are not walked again.
 */
export function makeChainOrdersSelector<S extends OrdersState>(
  filterOf: (state: S) => OrderFilter | null,
) {
  const stableItems = stableArray<readonly ListedOrder[]>()
  let last: { queries: unknown; filter: OrderFilter | null; items: ListedOrder[][] } | null = null
  const itemsOf = (state: S) => {
    const filter = filterOf(state)
    const { queries } = state.api
    if (last?.queries !== queries || last.filter !== filter) {
      const items = filter === null ? [] : walk(state, filter).pages.map((page) => page.items)
      last = { queries, filter, items }
    }
    return stableItems(last.items)
  }
  return createSelector([itemsOf], (lists): readonly ListedOrder[] => distinctOrders(lists))
}
