/**
 * The dictation state machine refuses events that make no sense in its current status, so a
 * late recognizer callback or a replayed action cannot put it in an impossible state.
 */
import { describe, expect, it } from 'vitest'
import {
  cleanupStarted,
  cleanupSucceeded,
  connectionLost,
  dictationSlice,
  hypothesisChanged,
  initializationStarted,
  initializationSucceeded,
  micButtonView,
  phraseRecognized,
  recordingFailed,
  recordingFinished,
  recordingStarted,
  recordingStarting,
  recordingStopping,
  type DictationState,
} from '../../../../src/features/dictation'

const reduce = dictationSlice.reducer
const initial = reduce(undefined, { type: 'test/init' })

function stateAfter(...actions: Parameters<typeof reduce>[1][]): DictationState {
  return actions.reduce(reduce, initial)
}

const ready = () =>
  stateAfter(initializationStarted({ orderId: 'O1' }), initializationSucceeded({ orderId: 'O1' }))

const recording = () =>
  [recordingStarting({ orderId: 'O1', prefix: 'Findings:' }), recordingStarted()].reduce(
    reduce,
    ready(),
  )

describe('DC-1 the dictation state machine', () => {
  it('DC-1 ignores recognizer events while nothing is recorded', () => {
    const idle = ready()
    expect(reduce(idle, phraseRecognized({ text: 'late words' }))).toBe(idle)
    expect(reduce(idle, hypothesisChanged({ text: 'late' }))).toBe(idle)
    expect(reduce(idle, connectionLost())).toBe(idle)
    expect(reduce(idle, recordingStarted())).toBe(idle)
    expect(reduce(idle, cleanupStarted())).toBe(idle)
  })

  it('DC-1 does not start before initialization, for another study, or twice', () => {
    expect(reduce(initial, recordingStarting({ orderId: 'O1', prefix: '' }))).toBe(initial)
    const idle = ready()
    expect(reduce(idle, recordingStarting({ orderId: 'O2', prefix: '' }))).toBe(idle)
    const busy = recording()
    expect(reduce(busy, recordingStarting({ orderId: 'O1', prefix: '' }))).toBe(busy)
    expect(reduce(busy, initializationStarted({ orderId: 'O2' }))).toBe(busy)
  })

  it('DC-2 counts the words of committed phrases and the current hypothesis, not the typed prefix', () => {
    const state = [
      phraseRecognized({ text: 'no acute findings' }),
      hypothesisChanged({ text: 'lungs are' }),
    ].reduce(reduce, recording())
    expect(state).toMatchObject({
      prefix: 'Findings:',
      committed: 'no acute findings',
      hypothesis: 'lungs are',
      wordCount: 5,
    })
  })

  it('DC-1 a failed start returns to idle with the problem; cleanup results only count while cleaning up', () => {
    const starting = reduce(ready(), recordingStarting({ orderId: 'O1', prefix: '' }))
    expect(reduce(starting, recordingFailed({ problem: 'microphoneDenied' }))).toMatchObject({
      status: 'idle',
      lastError: 'microphoneDenied',
    })
    const stopping = reduce(recording(), recordingStopping())
    const undo = { orderId: 'O1', prefix: '', raw: 'a', cleaned: 'A.' }
    expect(reduce(stopping, cleanupSucceeded(undo))).toBe(stopping)
    expect(reduce(stopping, recordingFinished()).status).toBe('idle')
  })
})

describe('the microphone button view', () => {
  it('DC-4 DC-2 follows the status: waiting, idle, recording, threshold, busy, unavailable', () => {
    expect(micButtonView(initial, 'O1')).toMatchObject({ state: 'waiting', disabled: true })
    expect(micButtonView(ready(), 'O1')).toMatchObject({
      state: 'idle',
      label: 'Start dictation',
      disabled: false,
    })
    expect(micButtonView(ready(), 'O2')).toMatchObject({ state: 'waiting', disabled: true })
    expect(micButtonView(recording(), 'O1')).toMatchObject({
      state: 'recording',
      label: 'Stop dictation',
      disabled: false,
    })
    const fifty = reduce(recording(), phraseRecognized({ text: Array(50).fill('word').join(' ') }))
    expect(micButtonView(fifty, 'O1').state).toBe('threshold')
    const cleaning = [recordingStopping(), cleanupStarted()].reduce(reduce, fifty)
    expect(micButtonView(cleaning, 'O1')).toMatchObject({ state: 'busy', disabled: true })
    expect(micButtonView({ ...ready(), sending: { O1: 'request-1' } }, 'O1')).toMatchObject({
      state: 'waiting',
      disabled: true,
    })
  })
})
