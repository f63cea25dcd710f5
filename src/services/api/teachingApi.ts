/**
 * The teaching flow's calls (RL-15, RV-13..RV-20): who the session's user is (GET /me), a
 * trainee's 'Send for review', and an attending's 'Return to trainee'. The two report writes
 * answer the report, which the cached order and its worklist entries take in place, as a save's
 * answer is taken (reportApi.ts); a backend that answers without it leaves the order to be read
 * again.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { AWAITING_REVIEW_ERROR, Id, ReviewFilter } from '../../../contract'
import type { Report, SessionAccess } from './model'
import { refreshOrder, type OrderCacheAccess } from './orderCache'
import { storeReport } from './reportApi'

/** Puts a review write's report into the caches (or reads the order again without one). */
async function takeReport(
  lifecycle: Parameters<typeof storeReport>[0] &
    OrderCacheAccess & { queryFulfilled: Promise<{ data: Report | null }> },
  orderId: Id,
): Promise<void> {
  let report: Report | null
  try {
    report = (await lifecycle.queryFulfilled).data
  } catch {
    // Reported by the mutation result and the API failure log; the caches keep what they had.
    return
  }
  await (report ? storeReport(lifecycle, orderId, report) : refreshOrder(lifecycle, orderId))
}

/*
 * The contract's codes, written here rather than imported: every constant of the contract some
 * screen imports weighs on the first screen's bundle (the constants module loads with it), and
 * these are the workspace's alone. Their types hold them to the contract's words.
 */
/** 409: the report waits for an attending's review (RV-20). */
export const AWAITING_REVIEW: typeof AWAITING_REVIEW_ERROR = 'awaiting_review'
/** `review=` of GET /orders: reports awaiting the caller's review (RV-21). */
export const AWAITING_MINE: ReviewFilter = 'awaiting_mine'

export const teachingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    whoAmI: build.query<SessionAccess, void>({
      query: () => apiRequest('whoAmI', {}),
    }),
    sendForReview: build.mutation<Report | null, { orderId: Id }>({
      query: ({ orderId }) => apiRequest('sendForReview', { params: { id: orderId }, body: {} }),
      invalidatesTags: (_report, _error, { orderId }) => [{ type: 'Revision', id: orderId }],
      onQueryStarted: ({ orderId }, lifecycle) => takeReport(lifecycle, orderId),
    }),
    returnToTrainee: build.mutation<Report | null, { orderId: Id; comment: string }>({
      query: ({ orderId, comment }) =>
        apiRequest('returnToTrainee', { params: { id: orderId }, body: { comment } }),
      invalidatesTags: (_report, _error, { orderId }) => [{ type: 'Revision', id: orderId }],
      onQueryStarted: ({ orderId }, lifecycle) => takeReport(lifecycle, orderId),
    }),
  }),
})

export const { useWhoAmIQuery, useSendForReviewMutation, useReturnToTraineeMutation } = teachingApi

/** RL-15: a backend without /me (404, or an answer that cannot be read): the spec's clinician. */
export const SPEC_ACCESS: SessionAccess = Object.freeze({
  user_id: null,
  name: '',
  roles: Object.freeze(['radiologist']) as SessionAccess['roles'],
  clear_all: true,
})

const selectWhoAmI = teachingApi.endpoints.whoAmI.select()

/**
 * Who the session's user is to the backend: GET /me's answer, kept while it is read again; until
 * it first comes, and from a backend without it, a radiologist who may clear (SPEC_ACCESS).
 */
export function selectSessionAccess(state: Parameters<typeof selectWhoAmI>[0]): SessionAccess {
  return selectWhoAmI(state).data ?? SPEC_ACCESS
}

/** Whether /me has answered (or failed: then SPEC_ACCESS is the answer) this session. */
export function selectSessionAccessKnown(state: Parameters<typeof selectWhoAmI>[0]): boolean {
  const read = selectWhoAmI(state)
  return read.data !== undefined || read.isError
}

/** RV-13: a trainee who is not also a radiologist sends reports for review instead of signing. */
export const isTraineeOnly = (access: SessionAccess): boolean =>
  access.roles.includes('trainee') && !access.roles.includes('radiologist')

/** RV-17, RV-21: a radiologist reviews trainees' reports. */
export const isReviewer = (access: SessionAccess): boolean => access.roles.includes('radiologist')
