/**
 * The dictation state machine refuses events that make no sense in its current status, so a
 * late recognizer callback or a replayed action cannot put it in an impossible state.
 */
import { describe, expect, it } from 'vitest'
import { draftEdited } from '../../../../src/features/conversation'
import { baseApi } from '../../../../src/services/api/baseApi'
import {
  cleanupStarted,
  cleanupSucceeded,
  commandRefused,
  connectionLost,
  dictationSlice,
  hypothesisChanged,
  initializationFailed,
  initializationStarted,
  initializationSucceeded,
  micButtonView,
  phraseRecognized,
  pointMoved,
  recordingFailed,
  recordingFinished,
  recordingStarted,
  recordingStartInitiated,
  recordingStopInitiated,
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
  [recordingStartInitiated({ orderId: 'O1' }), recordingStarted()].reduce(reduce, ready())

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
    expect(reduce(initial, recordingStartInitiated({ orderId: 'O1' }))).toBe(initial)
    const idle = ready()
    expect(reduce(idle, recordingStartInitiated({ orderId: 'O2' }))).toBe(idle)
    const busy = recording()
    expect(reduce(busy, recordingStartInitiated({ orderId: 'O1' }))).toBe(busy)
    expect(reduce(busy, initializationStarted({ orderId: 'O2' }))).toBe(busy)
  })

  it('DC-2 counts the words of committed phrases and the current hypothesis, not the typed prefix', () => {
    const state = [
      phraseRecognized({ text: 'no acute findings' }),
      hypothesisChanged({ text: 'lungs are' }),
    ].reduce(reduce, recording())
    expect(state).toMatchObject({ wordCount: 5 })
  })

  it('DC-1 a failed start returns to idle with the problem; cleanup results only count while cleaning up', () => {
    const starting = reduce(ready(), recordingStartInitiated({ orderId: 'O1' }))
    expect(reduce(starting, recordingFailed({ problem: 'microphoneDenied' }))).toMatchObject({
      status: 'idle',
      lastError: 'microphoneDenied',
    })
    const stopping = reduce(recording(), recordingStopInitiated())
    const undo = { orderId: 'O1', prefix: '', raw: 'a', cleaned: 'A.' }
    expect(reduce(stopping, cleanupSucceeded(undo))).toBe(stopping)
    expect(reduce(stopping, recordingFinished()).status).toBe('idle')
  })
})

describe('what outlives a study', () => {
  it("a 'not configured' answer is kept across studies until the session ends", () => {
    const refused = stateAfter(
      initializationStarted({ orderId: 'O1' }),
      initializationFailed({ orderId: 'O1', reason: 'notConfigured' }),
    )
    expect(refused.speechService).toBe('notConfigured')

    const next = reduce(refused, initializationStarted({ orderId: 'O2' }))
    expect(next).toMatchObject({
      orderId: 'O2',
      status: 'initializing',
      speechService: 'notConfigured',
    })
    expect(reduce(next, baseApi.util.resetApiState()).speechService).toBe('unknown')

    const failed = stateAfter(
      initializationStarted({ orderId: 'O1' }),
      initializationFailed({ orderId: 'O1', reason: 'initializationFailed' }),
    )
    expect(failed.speechService).toBe('unknown')
  })

  it("DC-3 the chat input's typing event withdraws Undo cleanup of its study, by the type string logs hold", () => {
    const undo = { orderId: 'O1', prefix: '', raw: 'a', cleaned: 'A.' }
    const cleaned = [recordingStopInitiated(), cleanupStarted(), cleanupSucceeded(undo)].reduce(
      reduce,
      recording(),
    )
    expect(cleaned.undo).toEqual(undo)

    expect(draftEdited.type).toBe('conversation/draftEdited')
    expect(reduce(cleaned, draftEdited({ orderId: 'O2', text: 'x' }))).toBe(cleaned)
    expect(reduce(cleaned, draftEdited({ orderId: 'O1', text: 'A. edited' })).undo).toBeNull()
    // A logged action, replayed as plain JSON, has the same effect.
    const replayed = { type: 'conversation/draftEdited', payload: { orderId: 'O1', text: 'A!' } }
    expect(reduce(cleaned, replayed).undo).toBeNull()
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
    const cleaning = [recordingStopInitiated(), cleanupStarted()].reduce(reduce, fifty)
    expect(micButtonView(cleaning, 'O1')).toMatchObject({ state: 'busy', disabled: true })
    expect(micButtonView({ ...ready(), sending: { O1: 'request-1' } }, 'O1')).toMatchObject({
      state: 'waiting',
      disabled: true,
    })
  })
})

describe('VC-16 where dictation writes the report', () => {
  const at = { area: 'report' as const, start: 4, end: 4 }
  const intoReport = () =>
    [recordingStartInitiated({ orderId: 'O1', target: 'report', at }), recordingStarted()].reduce(
      reduce,
      ready(),
    )

  it('VC-16 is set when a recording into the report starts, moves with it, and goes when it ends', () => {
    const started = intoReport()
    expect(started.point).toEqual(at)
    const field = { area: 'impression' as const, start: 0, end: 12 }
    const moved = reduce(started, pointMoved({ point: field }))
    expect(moved.point).toEqual(field)
    const ended = [recordingStopInitiated(), recordingFinished()].reduce(reduce, moved)
    expect(ended.point).toBeNull()
  })

  it('VC-16 a point or a refused command outside a recording into the report changes nothing', () => {
    expect(reduce(ready(), pointMoved({ point: at })).point).toBeNull()
    expect(reduce(recording(), pointMoved({ point: at })).point).toBeNull()
    const refused = commandRefused({ problem: { kind: 'noField', direction: 'next' } })
    expect(reduce(ready(), refused).commandProblem).toBeNull()
    expect(reduce(intoReport(), refused).commandProblem).toEqual({
      kind: 'noField',
      direction: 'next',
    })
  })
})
