/**
 * Critical results communicated (CR-1, CR-14): the order's records, and recording one from the
 * Finalize dialog. Answers are read by `read/entities.ts`.
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { CommunicationRequest, Id } from '../../../contract'
import type { Communication } from './model'

export const communicationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCommunications: build.query<Communication[], Id>({
      query: (orderId) => apiRequest('listCommunications', { params: { id: orderId } }),
    }),
    recordCommunication: build.mutation<
      Communication,
      { orderId: Id; communication: CommunicationRequest }
    >({
      query: ({ orderId, communication }) =>
        apiRequest('recordCommunication', { params: { id: orderId }, body: communication }),
    }),
  }),
})

export const { useListCommunicationsQuery, useRecordCommunicationMutation } = communicationsApi
