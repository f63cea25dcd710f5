/**
 * The deterministic, offline assistant: every answer is computed from the study's own data, so
 * the product works with no model configured and the same input always gives the same reply.
 */
import type { Assistant } from '../types'
import { cleanupDictation } from './cleanup'
import { localImpression } from './impression'
import { phraseHints } from './phrases'
import { localReply } from './reply'
import { summarizeStudy } from './summary'

export function createLocalAssistant(): Assistant {
  return {
    name: 'local',
    summarize: (study, now) => Promise.resolve(summarizeStudy(study, now)),
    reply: (input) => Promise.resolve(localReply(input)),
    // The vocabulary does not depend on the words being cleaned; modality and body part are
    // part of the interface for providers that adapt cleanup to the exam.
    cleanup: ({ text }) => Promise.resolve(cleanupDictation(text)),
    phrases: (input) => Promise.resolve(phraseHints(input)),
    draftImpression: (findings) =>
      Promise.resolve({ impression: localImpression(findings), source: 'local' }),
  }
}
