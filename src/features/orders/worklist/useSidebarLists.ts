/**
 * What the sidebar's two sections need from the server, and where each stands.
 * - The patient list, always (the worklist leaves out orders of patients it does not know, WS-7),
 *   asked for once the worklist's first answer is there (or failed). It is the first screen's
 *   largest answer and grows with the hospital: asked beside the first page, it took the server
 *   (and the connection) from it. From a backend that pages and nests each order's patient, a
 *   list's rows show as soon as its first page is there, named by the patients the orders carry,
 *   and nothing waits for the patient list (WL-6). A whole list is shown once both answers are
 *   there, as the product always did.
 * - The worklist's pages (WL-1); its first answer says whether the backend pages.
 * - From a backend that pages: Active Studies' own pages (`status=in_progress`), and the
 *   finder's search (`q=`, WL-2) while there is one. From one that answers whole lists, both
 *   come from the worklist, in the browser, as the product always did (WL-3).
 */
import { isApiError } from '../../../services/api/baseApi'
import type { OrderPageArg } from '../../../services/api/ordersApi'
import { useListPatientsQuery } from '../../../services/api/ordersApi'
import { WORKLIST } from '../../../services/api/orderPages'
import { useAppSelector } from '../../../app/hooks'
import { selectActiveFilter, selectSearchFilter, selectWorklistMode } from './selectors'
import { useOrderPages, type OrderPages } from './useOrderPages'

function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'The server could not be reached.'
}

/** One section's list: loading, or ready (rows, or its empty text), with its paging. */
export interface SectionList {
  ready: boolean
  /** How many orders the section holds, once known. */
  count: (shown: number) => number
  /** More pages to load, what loading them stands at, and Retry for a page that failed. */
  pages: Pick<OrderPages, 'hasMore' | 'next' | 'loadMore' | 'retry' | 'error'> | null
}

export interface SidebarLists {
  worklist: SectionList
  active: SectionList
  /** Both lists cannot be shown: why, and how to ask again. */
  failure: { message: string; retry: () => void } | null
  /** The pages every list shown needs subscribed. */
  subscriptions: readonly OrderPageArg[]
}

/** The count a section shows: all it holds once every page is in, else what the server says. */
function countOf(pages: OrderPages | null) {
  return (shown: number) =>
    pages !== null && pages.hasMore && pages.total !== null ? pages.total : shown
}

export function useSidebarLists(): SidebarLists {
  const mode = useAppSelector(selectWorklistMode)
  const worklist = useOrderPages(WORKLIST)
  const patients = useListPatientsQuery(undefined, {
    skip: mode === 'unknown' && worklist.first !== 'error',
  })
  const active = useOrderPages(useAppSelector(selectActiveFilter))
  const searchFilter = useAppSelector(selectSearchFilter)
  const search = useOrderPages(searchFilter)
  const shownPages = searchFilter === null ? worklist : search

  const failedFirst = [worklist, active, search].filter((pages) => pages.first === 'error')
  const failure =
    patients.isError || failedFirst.length > 0
      ? {
          message: errorMessage(patients.isError ? patients.error : failedFirst[0]?.error),
          retry: () => {
            if (patients.isError) void patients.refetch()
            for (const pages of failedFirst) pages.retry()
          },
        }
      : null

  const paged = mode === 'paged'
  /** Whether a list's rows have their patients: from the patient list, or carried (WL-6). */
  const named = (pages: OrderPages) => patients.isSuccess || (paged && pages.carriesPatients)
  return {
    worklist: {
      ready: worklist.first === 'ready' && shownPages.first === 'ready' && named(shownPages),
      count: countOf(paged ? shownPages : null),
      pages: paged ? shownPages : null,
    },
    active: {
      ready:
        (mode === 'whole' && patients.isSuccess) ||
        (paged && active.first === 'ready' && named(active)),
      count: countOf(paged ? active : null),
      pages: paged ? active : null,
    },
    failure,
    subscriptions: [...worklist.args, ...active.args, ...search.args],
  }
}
