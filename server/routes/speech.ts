/** Dictation's server side: a speech token, the phrase hints, and the cleanup of dictated text. */
import { routes } from '../../contract'
import { errors, type ApiApp, type ApiDeps } from './apiShared'

export function registerSpeechRoutes(app: ApiApp, deps: ApiDeps): void {
  const { assistant, speech } = deps
  app.post(
    routes.speechToken.path,
    { schema: { response: { 200: routes.speechToken.answer, ...errors } } },
    () => speech.issue(),
  )

  app.post(
    routes.speechPhrases.path,
    {
      schema: {
        body: routes.speechPhrases.body,
        response: { 200: routes.speechPhrases.answer, ...errors },
      },
    },
    async (request) => {
      const phrases = await assistant.phrases({
        modality: request.body.modality,
        bodyPart: request.body.body_part,
      })
      return { phrases, count: phrases.length }
    },
  )

  app.post(
    routes.speechCleanup.path,
    {
      schema: {
        body: routes.speechCleanup.body,
        response: { 200: routes.speechCleanup.answer, ...errors },
      },
    },
    async (request) => ({
      cleaned: await assistant.cleanup({
        text: request.body.text,
        modality: request.body.modality,
        bodyPart: request.body.body_part,
      }),
    }),
  )
}
