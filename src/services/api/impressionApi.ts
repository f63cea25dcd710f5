/**
 * The impression draft (IMP-1, IMP-11): an impression drafted from the Findings of the sections in
 * the editor, saved or not. A mutation: it writes nothing, but its answer belongs to the text sent
 * at that moment, never to a cache entry another call could share.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { Id } from '../../../contract'
import type { ImpressionDraft, ReportSections } from './model'

export const impressionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    draftImpression: build.mutation<ImpressionDraft, { orderId: Id; sections: ReportSections }>({
      query: ({ orderId, sections }) =>
        apiRequest('draftImpression', { params: { id: orderId }, body: { sections } }),
    }),
  }),
})

export const { useDraftImpressionMutation } = impressionApi
