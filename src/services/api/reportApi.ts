/**
 * Saving and finalizing a study's report. When the answer is the report, the cached order and
 * its worklist entry take it in place (nothing is read again, the worklist least of all); a
 * backend that answers without it (null here) leaves the reading to the caller.
 * Both writes may name the report version they are based on; the server then refuses (412) a
 * write over a report someone else changed meanwhile (see `reportPreconditionHeaders`). Only a
 * version the backend gave is named: one the SPA made from the content means nothing to it.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import {
  reportPreconditionHeaders,
  type FollowUpInput,
  type Id,
  type QaOverride,
} from '../../../contract'
import {
  isContentVersion,
  type Addendum,
  type Report,
  type ReportRevision,
  type ReportSections,
} from './model'
import { orderReadLanded, refreshOrder, type OrderCacheAccess } from './orderCache'
import { changeOrder } from './orderChanges'

export interface SaveReportArgs {
  orderId: Id
  sections: ReportSections
  /**
   * The version (`Report.version`) of the report these sections were written against, null when the study had no
   * report (sent as `If-Match` / `If-None-Match: *`); left out, the PUT overwrites whatever is there.
   */
  baseVersion?: string | null
  /** Why earlier text is written back (UA-1, RH-2); the revision records it. A plain save: absent. */
  cause?: 'undo' | 'restore'
}

export interface FinalizeReportArgs {
  orderId: Id
  /** The version of the report the clinician saw and signs, null when they saw none. */
  seenVersion?: string | null
  /** The pre-sign check issues the clinician signs over, and why; sent only when there are some. */
  qaOverride?: QaOverride
  /** FU-26: the follow-ups the signer confirmed (`[]`: none); left out, the server finds them. */
  followUps?: FollowUpInput[]
}

/** The precondition of a write based on `version`; none for a version the SPA made itself. */
function preconditionOf(version: string | null | undefined): Record<string, string> {
  return version != null && isContentVersion(version) ? {} : reportPreconditionHeaders(version)
}

/**
 * Puts the server's report into the cached order and its worklist entry, without a refetch: a
 * report write changes nothing else of the order. A newer version already cached (read while
 * this write was answered) is not taken back (`changeOrder`, orderChanges.ts). A read of the
 * order that left before this answer (opening the study while a restored draft is saved) may
 * land after it with the report as it was: the write's answer is put back over that older
 * report, so the editor never shows the clinician's saved words as gone.
 */
export async function storeReport(
  access: Pick<OrderCacheAccess, 'getState'> & {
    dispatch: OrderCacheAccess['dispatch'] & ((change: ReturnType<typeof changeOrder>) => unknown)
  },
  orderId: Id,
  report: Report,
): Promise<void> {
  const put = () => {
    access.dispatch(changeOrder({ orderId, source: 'report', fields: { report } }))
  }
  put()
  if (await orderReadLanded(access, orderId)) put()
}

export const reportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveReport: build.mutation<Report | null, SaveReportArgs>({
      query: ({ orderId, sections, baseVersion, cause }) =>
        apiRequest('saveReport', {
          params: { id: orderId },
          body: cause ? { sections, cause } : { sections },
          headers: preconditionOf(baseVersion),
        }),
      async onQueryStarted({ orderId }, lifecycle) {
        try {
          const { data } = await lifecycle.queryFulfilled
          if (data) await storeReport(lifecycle, orderId, data)
        } catch {
          // The failure reaches the caller through the mutation result and is logged with every
          // other API failure; the caches keep the last saved report.
        }
      },
      invalidatesTags: (_report, _error, { orderId }) => [{ type: 'Revision', id: orderId }],
    }),
    finalizeReport: build.mutation<Report | null, FinalizeReportArgs>({
      query: ({ orderId, seenVersion, qaOverride, followUps }) =>
        apiRequest('finalizeReport', {
          params: { id: orderId },
          // The spec's call has no body; only an override or confirmed follow-ups add one.
          ...(qaOverride || followUps
            ? {
                body: {
                  ...(qaOverride ? { qa_override: qaOverride } : {}),
                  ...(followUps ? { follow_ups: followUps } : {}),
                },
              }
            : {}),
          headers: preconditionOf(seenVersion),
        }),
      async onQueryStarted({ orderId }, lifecycle) {
        try {
          const { data } = await lifecycle.queryFulfilled
          if (data) await storeReport(lifecycle, orderId, data)
        } catch {
          // As for saving: reported by the mutation result and the API failure log.
        }
      },
      invalidatesTags: (_report, _error, { orderId }) => [{ type: 'Revision', id: orderId }],
    }),
    /** The report's history, newest first: every save, assistant update, signature, addendum. */
    listReportRevisions: build.query<ReportRevision[], Id>({
      query: (orderId) => apiRequest('listReportRevisions', { params: { id: orderId } }),
      providesTags: (_revisions, _error, orderId) => [{ type: 'Revision', id: orderId }],
    }),
    /**
     * Appends an addendum to a final report. The report's addenda and version change: the order
     * is read again, and its worklist entry takes the answer.
     */
    addReportAddendum: build.mutation<Addendum, { orderId: Id; text: string }>({
      query: ({ orderId, text }) =>
        apiRequest('addReportAddendum', { params: { id: orderId }, body: { text } }),
      invalidatesTags: (_addendum, _error, { orderId }) => [{ type: 'Revision', id: orderId }],
      async onQueryStarted({ orderId }, lifecycle) {
        try {
          await lifecycle.queryFulfilled
        } catch {
          return
        }
        await refreshOrder(lifecycle, orderId)
      },
    }),
  }),
})

export const {
  useSaveReportMutation,
  useFinalizeReportMutation,
  useListReportRevisionsQuery,
  useAddReportAddendumMutation,
} = reportApi
