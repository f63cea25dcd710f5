/**
 * Where a recording of free text writes (AD-2): the study's chat input, whose draft is the
 * conversation feature's, or the addendum box of its signed report, whose draft is the report
 * feature's. The saga reads the text there once, when the recording starts, and writes it once per
 * result. Dictation into the report itself is reportDictation.ts's.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { SagaIterator } from 'redux-saga'
import { select } from 'redux-saga/effects'
import type { Id } from '../../../contract'
import { dictationComposed, selectDraft, type ChatDraft } from '../../features/conversation'
import type { DictationTarget } from '../../features/dictation'
import { addendumDictated, selectAddendumDraft } from '../../features/report'

/** The targets that take free text. */
export type TextTarget = Exclude<DictationTarget, 'report'>

/** The target's text when the recording starts: dictation is appended to it. */
export function* textOf(target: TextTarget, orderId: Id): SagaIterator<string> {
  if (target === 'addendum') return (yield select(selectAddendumDraft, orderId)) as string
  return ((yield select(selectDraft, orderId)) as ChatDraft).text
}

/** The action that writes `text` into the target. */
export function composedInto(target: TextTarget, orderId: Id, text: string): UnknownAction {
  return target === 'addendum'
    ? addendumDictated({ orderId, text })
    : dictationComposed({ orderId, text })
}
