/**
 * The answers' readers (read/answers.ts) come with the first request, not with the first screen:
 * the login page calls nothing, and a request's own round trip hides their download. The base
 * query starts loading them as it sends, and waits for them when the answer is there.
 */
// Types only: the readers themselves are imported on first use.
import type { answerReaders, pageAnswerReaders } from './read/answers'

/** Each route's reader, and the page readers of the routes that answer pages. */
export interface AnswerReaders {
  answers: typeof answerReaders
  pages: typeof pageAnswerReaders
}

let readersLoading: Promise<AnswerReaders> | undefined

/** The answer readers, loaded once (a failed download is tried again by the next request). */
export function loadAnswerReaders(): Promise<AnswerReaders> {
  readersLoading ??= import('./read/answers').then(
    (module) => ({ answers: module.answerReaders, pages: module.pageAnswerReaders }),
    (error: unknown) => {
      readersLoading = undefined
      throw error
    },
  )
  return readersLoading
}
