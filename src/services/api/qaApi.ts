/**
 * The pre-sign checks (QA-16): the issues of the sections in the editor, saved or not, before
 * the Finalize question. A mutation: it changes nothing, but its answer belongs to the sections
 * sent at that moment, never to a cache entry another call could share.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { Id } from '../../../contract'
import type { QaIssue, ReportSections } from './model'

export const qaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    checkReport: build.mutation<{ issues: QaIssue[] }, { orderId: Id; sections?: ReportSections }>({
      query: ({ orderId, sections }) =>
        apiRequest('checkReport', {
          params: { id: orderId },
          body: sections ? { sections } : {},
        }),
    }),
  }),
})
