/**
 * A study's priors (PR-1, PR-2): the patient's other studies, newest first, with the impression
 * signed for each. Our server answers `GET /orders/{id}/priors`; a backend without that route
 * (the product spec's: 404) has them in its worklist, so they are read from there: the order's
 * patient's other orders, the impression from each signed report.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query'
import type { Id } from '../../../contract'
import { apiRequest } from './apiRequest'
import { apiDepsOf, baseApi, isApiError, LIST_ID, type ApiError } from './baseApi'
import type { ListedOrder, PriorStudy } from './model'

/** Newest first; a study without a date after those with one. */
function newestFirst(a: PriorStudy, b: PriorStudy): number {
  return (b.ordered_at ?? '').localeCompare(a.ordered_at ?? '')
}

/** The patient's other orders of a whole worklist, as priors. */
export function priorsFromWorklist(orderId: Id, worklist: readonly ListedOrder[]): PriorStudy[] {
  const study = worklist.find((order) => order.id === orderId)
  if (!study) return []
  return worklist
    .filter((order) => order.patient_id === study.patient_id && order.id !== orderId)
    .map((order) => ({
      id: order.id,
      ordered_at: order.ordered_at ?? null,
      modality: order.modality || null,
      body_part: order.body_part || null,
      study_description: order.study_description || `${order.modality} ${order.body_part}`,
      accession_number: order.accession_number || null,
      impression: order.report?.is_final ? order.report.sections.impression.trim() || null : null,
    }))
    .sort(newestFirst)
}

type Result<T> = { data: T; meta?: FetchBaseQueryMeta } | { error: ApiError }

export const priorsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPriors: build.query<PriorStudy[], Id>({
      async queryFn(orderId, api, _extraOptions, baseQuery) {
        const asked = (await baseQuery(
          apiRequest('listPriors', { params: { id: orderId } }),
        )) as Result<PriorStudy[]>
        if (!('error' in asked) || !isApiError(asked.error) || asked.error.status !== 404)
          return asked
        // No such route, or no such order: the worklist tells (an order missing there is gone).
        apiDepsOf(api.extra).logger.info('api/routeAbsent', { endpoint: 'listPriors' })
        const listed = (await baseQuery(apiRequest('listOrders', {}))) as Result<ListedOrder[]>
        if ('error' in listed) return listed
        if (!listed.data.some((order) => order.id === orderId)) return asked
        return { data: priorsFromWorklist(orderId, listed.data) }
      },
      // A study signed elsewhere changes a prior's impression: the orders' list tag moves with it.
      providesTags: [{ type: 'Order', id: LIST_ID }],
    }),
  }),
})

export const { useListPriorsQuery } = priorsApi
