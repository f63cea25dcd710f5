/** The speech service's helpers, called by the dictation saga. */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type {
  CleanupAnswer,
  CleanupRequest,
  PhrasesAnswer,
  PhrasesRequest,
  SpeechTokenAnswer,
} from '../../../contract'

// The answers are read by `read/answers.ts`; a blank speech token is refused there (DC-5).

export const speechApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: a token is short-lived and must not be served from a cache.
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    speechToken: build.mutation<SpeechTokenAnswer, void>({
      query: () => apiRequest('speechToken', {}),
    }),
    // A query although it is a POST: the hints of a modality and body part do not change, so
    // studies of the same kind share them.
    speechPhrases: build.query<PhrasesAnswer, PhrasesRequest>({
      query: (body) => apiRequest('speechPhrases', { body }),
    }),
    speechCleanup: build.mutation<CleanupAnswer, CleanupRequest>({
      query: (body) => apiRequest('speechCleanup', { body }),
    }),
  }),
})

export const { useSpeechTokenMutation, useSpeechPhrasesQuery, useSpeechCleanupMutation } = speechApi
