/** The speech service's helpers, called by the dictation saga. */
import { z } from 'zod'
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import {
  cleanupAnswerSchema,
  phrasesAnswerSchema,
  speechTokenAnswerSchema,
  type CleanupAnswer,
  type CleanupRequest,
  type PhrasesAnswer,
  type PhrasesRequest,
  type SpeechTokenAnswer,
} from '../../../contract'

/** DC-5: a blank token cannot open a recognizer, so it is refused as a malformed answer. */
const usableSpeechTokenSchema = speechTokenAnswerSchema.extend({
  token: z.string().refine((token) => token.trim().length > 0, 'the speech token is blank'),
})

export const speechApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: a token is short-lived and must not be served from a cache.
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    speechToken: build.mutation<SpeechTokenAnswer, void>({
      query: () => apiRequest('speechToken', {}),
      responseSchema: usableSpeechTokenSchema,
    }),
    // A query although it is a POST: the hints of a modality and body part do not change, so
    // studies of the same kind share them.
    speechPhrases: build.query<PhrasesAnswer, PhrasesRequest>({
      query: (body) => apiRequest('speechPhrases', { body }),
      responseSchema: phrasesAnswerSchema,
    }),
    speechCleanup: build.mutation<CleanupAnswer, CleanupRequest>({
      query: (body) => apiRequest('speechCleanup', { body }),
      responseSchema: cleanupAnswerSchema,
    }),
  }),
})

export const { useSpeechTokenMutation, useSpeechPhrasesQuery, useSpeechCleanupMutation } = speechApi
