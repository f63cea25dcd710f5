/**
 * Claims (CLM-1, CLM-6): who reads which study. Opening a study claims it (and renews the claim
 * while it stays open), closing it (or the tab) releases it, 'Next study' claims the most urgent
 * study nobody reads.
 * A backend without claims answers 404 to these; the flows that call them carry on without.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { Id } from '../../../contract'
import type { Claim, Order } from './model'

export const claimsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    claimOrder: build.mutation<Claim, { orderId: Id; takeOver?: boolean }>({
      query: ({ orderId, takeOver }) =>
        apiRequest('claimOrder', {
          params: { id: orderId },
          body: takeOver ? { take_over: true } : {},
        }),
    }),
    /** `leaving`: the page is going away, so the request must outlive it (keepalive). */
    releaseClaim: build.mutation<null, { orderId: Id; leaving?: boolean }>({
      query: ({ orderId, leaving }) =>
        apiRequest('releaseClaim', { params: { id: orderId }, keepalive: leaving === true }),
    }),
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    nextStudy: build.mutation<Order | null, void>({
      query: () => apiRequest('nextStudy', {}),
    }),
  }),
})
