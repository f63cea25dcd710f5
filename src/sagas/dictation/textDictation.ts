/**
 * Dictation into free text, the chat input or a signed report's addendum box (AD-2): the text
 * there when the recording started, then everything heard so far. The voice commands of free text
 * (VC-3, VC-4, VC-5) edit what this recording heard; what was typed before is never touched.
 */
import type { SagaIterator } from 'redux-saga'
import { put } from 'redux-saga/effects'
import type { Id } from '../../../contract'
import { composeDraft, interimText, parseVoicePhrase, typedWords } from '../../features/dictation'
import {
  EMPTY_TRANSCRIPT,
  spokenText,
  withHypothesis,
  withoutLastPhrase,
  withParagraph,
  withPhrase,
  type Transcript,
} from './recognizer'
import { composedInto, type TextTarget } from './target'
import type { DictationWriter, WrittenPhrase } from './writer'

export interface TextWriter extends DictationWriter {
  /** Everything dictated so far (the cleanup's raw text). */
  spoken(): string
}

/** A writer for `target`, whose text was `prefix` when the recording started. */
export function textWriter(target: TextTarget, orderId: Id, prefix: string): TextWriter {
  let transcript: Transcript = EMPTY_TRANSCRIPT
  const compose = () =>
    put(composedInto(target, orderId, composeDraft(prefix, spokenText(transcript))))
  return {
    *heard(text: string): SagaIterator {
      transcript = withHypothesis(transcript, interimText(text, 'text'))
      yield compose()
    },
    *recognized(text: string): SagaIterator<WrittenPhrase> {
      const steps = parseVoicePhrase(text, 'text')
      let stop = false
      transcript = withHypothesis(transcript, '')
      for (const step of steps) {
        if (step.type === 'text') transcript = withPhrase(transcript, step.text)
        else if (step.command.type === 'scratchThat') transcript = withoutLastPhrase(transcript)
        else if (step.command.type === 'newParagraph') transcript = withParagraph(transcript)
        else if (step.command.type === 'stopDictation') {
          stop = true
          break
        }
      }
      yield compose()
      return { typed: typedWords(steps), stop }
    },
    spoken: () => spokenText(transcript),
  }
}
