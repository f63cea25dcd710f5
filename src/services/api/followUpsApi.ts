/**
 * Follow-up recommendations (FU-30..FU-38): the list, a page at a time ('Show more' follows the
 * server's `next_cursor`), and closing one by hand. A closed follow-up's answer replaces its row
 * in every page already read; a refusal (409: a colleague closed it first) reads the list again,
 * so the row shows how it was closed.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { FollowUpStatus, Id } from '../../../contract'
import type { FollowUp, FollowUpPage } from './read/followUps'

export type { FollowUp, FollowUpPage, FollowUpProposal } from './read/followUps'

/** The list's filters, as the query sends them: statuses joined by commas ('open,overdue'). */
export interface FollowUpFilters {
  status?: readonly FollowUpStatus[]
  /** The follow-ups of one report (its order's id). */
  order?: Id
}

export interface FollowUpResolve {
  id: Id
  status: 'completed' | 'declined'
  reason: string
}

function queryOf(filters: FollowUpFilters, cursor: string | null): Record<string, string> {
  return {
    ...(filters.status && filters.status.length > 0 ? { status: filters.status.join(',') } : {}),
    ...(filters.order ? { order: filters.order } : {}),
    ...(cursor ? { cursor } : {}),
  }
}

export const followUpsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listFollowUps: build.infiniteQuery<FollowUpPage, FollowUpFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.next_cursor,
      },
      query: ({ queryArg, pageParam }) =>
        apiRequest('listFollowUps', { query: queryOf(queryArg, pageParam) }),
    }),
    resolveFollowUp: build.mutation<FollowUp, FollowUpResolve>({
      query: ({ id, status, reason }) =>
        apiRequest('resolveFollowUp', { params: { id }, body: { status, reason } }),
      async onQueryStarted(change, { dispatch, queryFulfilled, ...lifecycle }) {
        const state = lifecycle.getState()
        const lists = followUpsApi.util.selectCachedArgsForQuery(state, 'listFollowUps')
        const showEverywhere = (fresh: FollowUp) => {
          for (const filters of lists) {
            dispatch(
              followUpsApi.util.updateQueryData('listFollowUps', filters, (cached) => {
                for (const page of cached.pages) {
                  page.items = page.items.map((item) => (item.id === fresh.id ? fresh : item))
                }
              }),
            )
          }
        }
        try {
          showEverywhere((await queryFulfilled).data)
        } catch {
          // FU-35: closed meanwhile (409) or refused: the row is read again (the follow-ups of
          // its report), so it shows how it was closed; failing that, the lists are read again.
          const source = lists
            .flatMap((filters) => {
              const cached = followUpsApi.endpoints.listFollowUps.select(filters)(state).data
              return cached?.pages.flatMap((page) => page.items) ?? []
            })
            .find((item) => item.id === change.id)?.source_order_id
          const fresh = source
            ? await dispatch(
                followUpsApi.endpoints.listFollowUps.initiate(
                  { order: source },
                  { subscribe: false, forceRefetch: true },
                ),
              )
            : undefined
          const found = fresh?.data?.pages
            .flatMap((page) => page.items)
            .find((item) => item.id === change.id)
          if (found) showEverywhere(found)
          else
            for (const filters of lists) {
              void dispatch(
                followUpsApi.endpoints.listFollowUps.initiate(filters, {
                  subscribe: false,
                  forceRefetch: true,
                }),
              )
            }
        }
      },
    }),
  }),
})

export const { useListFollowUpsInfiniteQuery, useResolveFollowUpMutation } = followUpsApi
