/**
 * The pre-sign checks (QA-16): the issues of the sections in the editor, saved or not, before
 * the Finalize question. A mutation: it changes nothing, but its answer belongs to the sections
 * sent at that moment, never to a cache entry another call could share.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { Id } from '../../../contract'
import type { QaIssue, ReportSections } from './model'
import type { FollowUpProposal } from './read/followUps'

export const qaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // `follow_ups`: the recommendations found (FU-25); absent from a backend without them.
    checkReport: build.mutation<
      { issues: QaIssue[]; follow_ups?: FollowUpProposal[] },
      { orderId: Id; sections?: ReportSections }
    >({
      query: ({ orderId, sections }) =>
        apiRequest('checkReport', {
          params: { id: orderId },
          body: sections ? { sections } : {},
        }),
    }),
  }),
})
