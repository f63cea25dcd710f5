/**
 * Saving and finalizing a study's report. The answer is the report; the cached order and its
 * worklist entry take it in place (nothing is read again, the worklist least of all).
 * Both writes may name the report version they are based on; the server then refuses (412) a
 * write over a report someone else changed meanwhile (see `reportPreconditionHeaders`).
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import {
  reportAnswerSchema,
  reportPreconditionHeaders,
  type Id,
  type Report,
  type ReportSections,
} from '../../../contract'
import { patchOrder, type OrderCacheDispatch } from './ordersApi'

export interface SaveReportArgs {
  orderId: Id
  sections: ReportSections
  /**
   * `updated_at` of the report these sections were written against, null when the study had no
   * report (sent as `If-Match` / `If-None-Match: *`); left out, the PUT overwrites whatever is there.
   */
  baseVersion?: string | null
}

export interface FinalizeReportArgs {
  orderId: Id
  /** `updated_at` of the report the clinician saw and signs, null when they saw none. */
  seenVersion?: string | null
}

/** Whether `report` is at least as new as `cached`: the server's versions only move on. */
function isNotOlder(report: Report, cached: Report | null): boolean {
  return cached === null || Date.parse(report.updated_at) >= Date.parse(cached.updated_at)
}

/**
 * Puts the server's report into the cached order and its worklist entry, without a refetch: a
 * report write changes nothing else of the order. A newer version already cached (read while
 * this write was answered) is not taken back.
 */
function storeReport(dispatch: OrderCacheDispatch, orderId: Id, report: Report): void {
  patchOrder(dispatch, orderId, (order) => {
    if (isNotOlder(report, order.report)) order.report = report
  })
}

export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveReport: build.mutation<Report, SaveReportArgs>({
      query: ({ orderId, sections, baseVersion }) =>
        apiRequest('saveReport', {
          params: { id: orderId },
          body: { sections },
          headers: reportPreconditionHeaders(baseVersion),
        }),
      responseSchema: reportAnswerSchema,
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          storeReport(dispatch, orderId, data)
        } catch {
          // The failure reaches the caller through the mutation result and is logged with every
          // other API failure; the caches keep the last saved report.
        }
      },
    }),
    finalizeReport: build.mutation<Report, FinalizeReportArgs>({
      query: ({ orderId, seenVersion }) =>
        apiRequest('finalizeReport', {
          params: { id: orderId },
          headers: reportPreconditionHeaders(seenVersion),
        }),
      responseSchema: reportAnswerSchema,
      async onQueryStarted({ orderId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled
          storeReport(dispatch, orderId, data)
        } catch {
          // As for saving: reported by the mutation result and the API failure log.
        }
      },
    }),
  }),
})

export const { useSaveReportMutation, useFinalizeReportMutation } = reportApi
