/**
 * WL-1: a list the sidebar shows, loaded page by page as the clinician scrolls. Each page is its
 * own cache entry (`listOrderPage`), kept by a subscription while it is shown: the pages loaded,
 * and the next one once the list asks for more (`loadMore`, when its last rows come into view).
 * From a backend that answers the whole list, the first page is everything and there is no more.
 */
import { useCallback, useMemo, useState } from 'react'
import { shallowEqual } from 'react-redux'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import {
  loadedPageArgs,
  pageArg,
  selectPageChain,
  type OrderFilter,
  type PageChainState,
} from '../../../services/api/orderPages'
import {
  ordersApi,
  useListOrderPageQuery,
  type OrderPageArg,
} from '../../../services/api/ordersApi'

export interface OrderPages extends PageChainState {
  /** The pages to keep subscribed (see `PageSubscriptions`). */
  args: readonly OrderPageArg[]
  /** The list's last rows are in view: the next page is wanted, if there is one. */
  loadMore: () => void
  /** Asks again for the page that failed (the first, or the next). */
  retry: () => void
}

const NO_ARGS: readonly OrderPageArg[] = []

/** The pages of `filter` (null: a list not shown, which asks for nothing). */
export function useOrderPages(filter: OrderFilter | null): OrderPages {
  const dispatch = useAppDispatch()
  const chain = useAppSelector((state) => selectPageChain(state, filter), shallowEqual)
  const filterKey = filter === null ? null : JSON.stringify(filter)
  /** The next page was asked for while `after` pages of `filterKey` were loaded. */
  const [wanted, setWanted] = useState<{ filterKey: string | null; after: number } | null>(null)
  const { cursors, loaded, hasMore, next, first, nextCursor } = chain
  const wantsNext =
    wanted !== null && wanted.filterKey === filterKey && wanted.after === loaded && hasMore

  const args = useMemo(() => {
    if (filter === null) return NO_ARGS
    const loadedArgs = loadedPageArgs(filter, cursors)
    return wantsNext && nextCursor !== null
      ? [...loadedArgs, pageArg(filter, nextCursor)]
      : loadedArgs
  }, [filter, cursors, wantsNext, nextCursor])

  const loadMore = useCallback(() => {
    // A failed page waits for Retry: scrolling does not hammer a backend that refuses.
    if (hasMore && next === 'idle') setWanted({ filterKey, after: loaded })
  }, [hasMore, next, filterKey, loaded])

  const retry = useCallback(() => {
    if (filter === null) return
    const failed = first === 'error' ? pageArg(filter) : next === 'error' ? args.at(-1) : undefined
    if (failed) {
      void dispatch(
        ordersApi.endpoints.listOrderPage.initiate(failed, {
          subscribe: false,
          forceRefetch: true,
        }),
      )
    }
  }, [dispatch, filter, first, next, args])

  return { ...chain, args, loadMore, retry }
}

function PageSubscription({ arg }: { arg: OrderPageArg }) {
  useListOrderPageQuery(arg)
  return null
}

/** Keeps the given pages subscribed (each loads when first subscribed); renders nothing. */
export function PageSubscriptions({ pages }: { pages: readonly OrderPageArg[] }) {
  return (
    <>
      {pages.map((arg) => (
        <PageSubscription key={JSON.stringify(arg)} arg={arg} />
      ))}
    </>
  )
}
