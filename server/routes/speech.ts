/** Dictation's server side: a speech token, the phrase hints, and the cleanup of dictated text. */
import type { ApiApp, ApiDeps } from './apiShared'
import { route } from './route'

export function registerSpeechRoutes(app: ApiApp, deps: ApiDeps): void {
  const { assistant, speech } = deps

  route(app, 'speechToken', {}, () => speech.issue())

  route(app, 'speechPhrases', {}, async (request) => {
    const phrases = await assistant.phrases({
      modality: request.body.modality,
      bodyPart: request.body.body_part,
    })
    return { phrases, count: phrases.length }
  })

  route(app, 'speechCleanup', {}, async (request) => ({
    cleaned: await assistant.cleanup({
      text: request.body.text,
      modality: request.body.modality,
      bodyPart: request.body.body_part,
    }),
  }))
}
