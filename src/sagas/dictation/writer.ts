/**
 * What a recording does with what it hears, whatever its target: an interim result shows the
 * words being spoken, a final phrase is written with its voice commands carried out. The chat
 * input and the addendum box have one writer (textDictation.ts), the report another
 * (reportDictation.ts); listening.ts drives either.
 */
import type { SagaIterator } from 'redux-saga'

export interface WrittenPhrase {
  /** The words the phrase typed (its commands left out), for the slice's word count. */
  typed: string
  /** The clinician said 'stop dictation'. */
  stop: boolean
}

export interface DictationWriter {
  heard(text: string): SagaIterator
  recognized(text: string): SagaIterator<WrittenPhrase>
}
