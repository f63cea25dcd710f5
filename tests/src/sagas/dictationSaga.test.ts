/**
 * The dictation saga with the real store, the in-memory /api/v1 (MSW) and the fake engine:
 * what the clinician's chat input ends up holding, which calls reach the server, and what the
 * recognizer is asked to do, for every way a recording can go.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { logoutRequested, sessionEnded } from '../../../src/features/auth'
import { draftEdited, selectDraft } from '../../../src/features/conversation'
import {
  cleanupUndoRequested,
  micButtonView,
  startRequested,
  stopRequested,
  UNAVAILABLE_TEXT,
} from '../../../src/features/dictation'
import { STOP_TIMEOUT_MS, TOKEN_REFRESH_MS } from '../../../src/sagas/dictation'
import { conversationApi } from '../../../src/services/api/conversationApi'
import { studySelected } from '../../../src/features/orders'
import { addendumEdited, selectAddendumDraft } from '../../../src/features/report'
import { routePattern } from '../../support/msw/apiBackend'
import { apiBackend, server } from '../../support/msw/server'
import { makeTestStore, type TestDeps } from '../../support/render'
import { microphoneDenied } from '../../support/speech/FakeDictationEngine'
import {
  answer,
  holdRoute,
  openStudy,
  statusTrail,
  waitForStatus,
  words,
} from '../../support/speech/dictationHelpers'

function setUp() {
  const { store, deps } = makeTestStore()
  return { store, deps, engine: deps.speech, logger: deps.logger }
}

const draftOf = (store: ReturnType<typeof setUp>['store'], orderId = 'O1') =>
  selectDraft(store.getState(), orderId)

async function startRecording(
  { store, engine }: { store: ReturnType<typeof setUp>['store']; engine: TestDeps['speech'] },
  orderId = 'O1',
) {
  store.dispatch(startRequested({ orderId }))
  await waitForStatus(store, 'recording')
  return engine.session
}

describe('initialization when a study opens', () => {
  it('DC-5 DC-6 a study gets a speech token, its phrase hints and the engine, then the microphone is ready', async () => {
    const { store, engine } = setUp()
    const trail = statusTrail(store)

    await openStudy(store, 'O2')

    expect(trail).toEqual(['uninitialized', 'initializing', 'idle'])
    expect(apiBackend.requestsTo('speechToken')).toHaveLength(1)
    expect(apiBackend.requestsTo('speechPhrases').map((r) => r.body)).toEqual([
      { modality: 'MR', body_part: 'Head' },
    ])
    expect(engine.loads).toBe(1)
    expect(engine.sessions).toHaveLength(0)
  })

  it('DC-5 a blank token fails initialization, is logged, and dictation stays off', async () => {
    const { store, engine, logger } = setUp()
    answer('speechToken', { token: '   ', region: 'westeurope' })

    await openStudy(store)

    expect(store.getState().dictation).toMatchObject({
      status: 'unavailable',
      unavailableReason: 'initializationFailed',
    })
    expect(logger.events('error')).toContain('dictation/initializationFailed')
    // An unusable token never costs the SDK download.
    expect(engine.loads).toBe(0)
    store.dispatch(startRequested({ orderId: 'O1' }))
    await Promise.resolve()
    expect(engine.sessions).toHaveLength(0)
  })

  it('a server without speech configuration makes dictation unavailable, and nothing else breaks', async () => {
    const { store } = setUp()
    answer(
      'speechToken',
      { error: 'speech_unavailable', message: 'Dictation is not configured on this server.' },
      503,
    )

    await openStudy(store)

    expect(store.getState().dictation).toMatchObject({
      status: 'unavailable',
      unavailableReason: 'notConfigured',
    })
    // The study itself opened as usual.
    expect(store.getState().orders.selectedOrderId).toBe('O1')
  })

  it('the SDK is loaded once, and only after the speech token arrived', async () => {
    const { store, engine } = setUp()
    const held = holdRoute('speechToken')

    store.dispatch(studySelected({ orderId: 'O1' }))
    let loadsBeforeToken: number
    try {
      await vi.waitFor(() => {
        expect(held.held()).toBe(1)
      })
      // The phrase hints are fetched meanwhile; the SDK waits for the token.
      await vi.waitFor(() => {
        expect(apiBackend.requestsTo('speechPhrases')).toHaveLength(1)
      })
      loadsBeforeToken = engine.loads
    } finally {
      // Released whatever happened: a held request would outlive the test.
      held.release()
    }
    await waitForStatus(store, 'idle')

    expect(loadsBeforeToken).toBe(0)
    expect(engine.loads).toBe(1)
  })

  it('an SDK chunk that cannot be fetched fails initialization as an error, and the next study tries again', async () => {
    const { store, engine, logger } = setUp()
    engine.loadFailure = new Error('Failed to fetch dynamically imported module')

    await openStudy(store, 'O1')

    expect(store.getState().dictation).toMatchObject({
      status: 'unavailable',
      unavailableReason: 'initializationFailed',
    })
    expect(logger.events('error')).toContain('dictation/initializationFailed')

    await openStudy(store, 'O2')
    expect(store.getState().dictation).toMatchObject({ orderId: 'O2', status: 'idle' })
    expect(engine.loads).toBe(2)
  })

  it('DC-6 VC-12 phrases that fail to load are logged and dictation works with the voice commands as its only hints', async () => {
    const { store, engine, logger } = setUp()
    answer('speechPhrases', { error: 'internal', message: 'boom' }, 500)

    await openStudy(store)
    const session = await startRecording({ store, engine })

    expect(session.options.phrases).toEqual(['scratch that', 'new paragraph', 'stop dictation'])
    expect(logger.events('warn')).toContain('dictation/phrasesUnavailable')
  })
})

describe('a server without speech configuration (the token call answers 503)', () => {
  const notConfigured = () =>
    answer(
      'speechToken',
      { error: 'speech_unavailable', message: 'Dictation is not configured on this server.' },
      503,
    )

  it('never loads the SDK, disables the microphone with the explanation, and logs it as info, not as an error', async () => {
    const { store, engine, logger } = setUp()
    notConfigured()

    await openStudy(store)

    expect(engine.loads).toBe(0)
    expect(micButtonView(store.getState().dictation, 'O1')).toMatchObject({
      state: 'unavailable',
      disabled: true,
      reason: UNAVAILABLE_TEXT.notConfigured,
    })
    expect(logger.events('info')).toEqual(['dictation/notConfigured'])
    expect(logger.events('error')).toEqual([])
  })

  it('later studies of the session do not ask again: no token call, no SDK, no second log line', async () => {
    const { store, engine, logger } = setUp()
    const tokenCalls = notConfigured()
    await openStudy(store, 'O1')
    const phraseCalls = apiBackend.requestsTo('speechPhrases').length

    await openStudy(store, 'O2')
    await openStudy(store, 'O1')

    expect(tokenCalls).toHaveLength(1)
    expect(apiBackend.requestsTo('speechPhrases')).toHaveLength(phraseCalls)
    expect(engine.loads).toBe(0)
    expect(store.getState().dictation).toMatchObject({
      orderId: 'O1',
      status: 'unavailable',
      unavailableReason: 'notConfigured',
    })
    expect(logger.events('info')).toEqual(['dictation/notConfigured'])
    store.dispatch(startRequested({ orderId: 'O1' }))
    await Promise.resolve()
    expect(engine.sessions).toHaveLength(0)
  })

  it('the next sign-in asks again: a server configured meanwhile gets dictation', async () => {
    const { store, engine } = setUp()
    const tokenCalls = notConfigured()
    await openStudy(store)

    // The session ends (the API cache is reset with it); the server is configured and restarted.
    store.dispatch(sessionEnded())
    await waitForStatus(store, 'uninitialized')
    answer('speechToken', { token: 'speech-token-2', region: 'local' })
    await openStudy(store, 'O2')

    expect(tokenCalls).toHaveLength(1)
    expect(store.getState().dictation).toMatchObject({ orderId: 'O2', status: 'idle' })
    expect(engine.loads).toBe(1)
  })

  it('other token failures stay errors, and every study asks again', async () => {
    const { store, engine, logger } = setUp()
    const tokenCalls = answer('speechToken', { error: 'internal', message: 'boom' }, 500)

    await openStudy(store, 'O1')
    expect(store.getState().dictation).toMatchObject({
      status: 'unavailable',
      unavailableReason: 'initializationFailed',
    })
    expect(logger.events('error')).toContain('dictation/initializationFailed')

    let networkCalls = 0
    server.use(
      http.post(routePattern('speechToken'), () => {
        networkCalls += 1
        return HttpResponse.error()
      }),
    )
    await openStudy(store, 'O2')

    expect(tokenCalls).toHaveLength(1)
    expect(networkCalls).toBe(1)
    expect(store.getState().dictation).toMatchObject({
      orderId: 'O2',
      status: 'unavailable',
      unavailableReason: 'initializationFailed',
    })
    expect(
      logger.events('error').filter((e) => e === 'dictation/initializationFailed'),
    ).toHaveLength(2)
    expect(logger.events('info')).not.toContain('dictation/notConfigured')
    expect(engine.loads).toBe(0)
  })
})

describe('a recording', () => {
  it('DC-1 DC-3 DC-8 goes idle, starting, recording, stopping, idle; fewer than 50 words stay raw in the input, as voice', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    const trail = statusTrail(store)

    const session = await startRecording({ store, engine })
    expect(session.options).toEqual({
      token: 'speech-token-1',
      region: 'local',
      phrases: ['CT Chest', 'no acute findings', 'scratch that', 'new paragraph', 'stop dictation'],
    })
    session.hear('no acute')
    expect(draftOf(store)).toEqual({ text: 'no acute', inputType: 'voice' })
    session.say('no acute findings')
    session.say('lungs are clear')
    expect(draftOf(store).text).toBe('no acute findings lungs are clear')

    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')

    expect(trail).toEqual(['idle', 'starting', 'recording', 'stopping', 'idle'])
    expect(draftOf(store)).toEqual({
      text: 'no acute findings lungs are clear',
      inputType: 'voice',
    })
    expect(apiBackend.requestsTo('speechCleanup')).toHaveLength(0)
    expect(session.calls).toEqual(['start', 'stop', 'close'])
  })

  it('DC-8 dictation is appended to what the clinician had typed', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    store.dispatch({
      type: 'conversation/draftEdited',
      payload: { orderId: 'O1', text: 'Findings:' },
    })

    const session = await startRecording({ store, engine })
    session.say('small nodule right upper lobe')

    expect(draftOf(store)).toEqual({
      text: 'Findings: small nodule right upper lobe',
      inputType: 'voice',
    })
  })

  it('DC-3 50 words or more are cleaned up with the study; the cleaned text replaces the dictation and undo brings the raw text back', async () => {
    const { store, engine } = setUp()
    await openStudy(store, 'O2')
    const trail = statusTrail(store)
    const dictated = `${words(30)}  ${words(20, 3)}`

    const session = await startRecording({ store, engine }, 'O2')
    session.say(words(30))
    session.say(words(20, 3))
    expect(store.getState().dictation.wordCount).toBe(50)
    store.dispatch(stopRequested({ orderId: 'O2' }))
    await waitForStatus(store, 'idle')

    expect(trail).toEqual(['idle', 'starting', 'recording', 'stopping', 'cleaningUp', 'idle'])
    const raw = dictated.replace(/\s+/g, ' ')
    expect(apiBackend.requestsTo('speechCleanup').map((r) => r.body)).toEqual([
      { text: raw, modality: 'MR', body_part: 'Head' },
    ])
    expect(store.getState().dictation.undo).toMatchObject({ raw, cleaned: raw })

    answer('speechCleanup', { cleaned: 'Clean report text.' })
    const second = await startRecording({ store, engine }, 'O2')
    second.say(words(50))
    store.dispatch(stopRequested({ orderId: 'O2' }))
    await waitForStatus(store, 'idle')
    expect(draftOf(store, 'O2')).toEqual({ text: `${raw} Clean report text.`, inputType: 'voice' })

    store.dispatch(cleanupUndoRequested({ orderId: 'O2' }))
    expect(draftOf(store, 'O2').text).toBe(`${raw} ${words(50)}`)
    expect(store.getState().dictation.undo).toBeNull()
  })

  it('DC-3 typing in the input after a cleanup withdraws Undo cleanup, for that study only', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    answer('speechCleanup', { cleaned: 'Clean report text.' })
    const session = await startRecording({ store, engine })
    session.say(words(50))
    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')
    expect(store.getState().dictation.undo).toMatchObject({ orderId: 'O1' })

    // The chat input's own event (the conversation feature's, declared in src/app).
    store.dispatch(draftEdited({ orderId: 'O2', text: 'Another study' }))
    expect(store.getState().dictation.undo).toMatchObject({ orderId: 'O1' })
    store.dispatch(draftEdited({ orderId: 'O1', text: 'Clean report text, corrected.' }))
    expect(store.getState().dictation.undo).toBeNull()

    store.dispatch(cleanupUndoRequested({ orderId: 'O1' }))
    expect(draftOf(store).text).toBe('Clean report text, corrected.')
  })

  it('DC-3 49 words are not cleaned up', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    const session = await startRecording({ store, engine })
    session.say(words(49))
    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')

    expect(apiBackend.requestsTo('speechCleanup')).toHaveLength(0)
    expect(draftOf(store).text).toBe(words(49))
  })

  it('DC-3 a failed cleanup keeps the raw text and is logged', async () => {
    const { store, engine, logger } = setUp()
    const cleanups = answer('speechCleanup', { error: 'internal', message: 'boom' }, 500)
    await openStudy(store)
    const session = await startRecording({ store, engine })
    session.say(words(60))
    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')

    expect(cleanups).toEqual([{ text: words(60), modality: 'CT', body_part: 'Chest' }])
    expect(draftOf(store)).toEqual({ text: words(60), inputType: 'voice' })
    expect(logger.events('error')).toContain('dictation/cleanupFailed')
    expect(store.getState().dictation.undo).toBeNull()
  })

  it('DC-3 the last phrase the service sends while stopping still counts', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    engine.finalPhraseOnStop = 'end of dictation'
    const session = await startRecording({ store, engine })
    session.say('heart size normal')
    session.hear('end of')
    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')

    expect(draftOf(store).text).toBe('heart size normal end of dictation')
  })

  it('close is called exactly once per recording, and each recording gets a new session', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    for (const phrase of ['first recording', 'second recording']) {
      const session = await startRecording({ store, engine })
      session.say(phrase)
      store.dispatch(stopRequested({ orderId: 'O1' }))
      store.dispatch(stopRequested({ orderId: 'O1' }))
      await waitForStatus(store, 'idle')
    }

    expect(engine.sessions).toHaveLength(2)
    expect(engine.sessions.map((s) => s.closes)).toEqual([1, 1])
    expect(engine.sessions.map((s) => s.stops)).toEqual([1, 1])
    expect(draftOf(store).text).toBe('first recording second recording')
  })
})

describe('when things go wrong', () => {
  it('DC-7 a canceled connection says so, closes the session once and keeps the dictated text', async () => {
    const { store, engine, logger } = setUp()
    await openStudy(store)
    const session = await startRecording({ store, engine })
    session.say(words(55))
    session.hear('and the')
    session.cancel('error')
    await waitForStatus(store, 'idle')

    expect(store.getState().dictation.lastError).toBe('connectionLost')
    expect(draftOf(store).text).toBe(`${words(55)} and the`)
    expect(session.calls).toEqual(['start', 'stop', 'close'])
    // The text is kept as dictated: no cleanup of a broken recording.
    expect(apiBackend.requestsTo('speechCleanup')).toHaveLength(0)
    expect(logger.events('error')).toContain('dictation/connectionLost')
  })

  it('a refused microphone gives a clear message and goes back to idle', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    const trail = statusTrail(store)
    engine.failNextStart(microphoneDenied())

    store.dispatch(startRequested({ orderId: 'O1' }))
    await vi.waitFor(() => {
      expect(store.getState().dictation.lastError).toBe('microphoneDenied')
    })

    expect(trail).toEqual(['idle', 'starting', 'idle'])
    await vi.waitFor(() => {
      expect(engine.session.closes).toBe(1)
    })
    expect(draftOf(store).text).toBe('')

    // The next attempt starts afresh.
    const retry = await startRecording({ store, engine })
    expect(retry).not.toBe(engine.sessions[0])
    expect(store.getState().dictation.lastError).toBeNull()
  })

  it('a stop the service never confirms still closes the session after the timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { store, engine, logger } = setUp()
    await openStudy(store)
    engine.hangStop = true
    const session = await startRecording({ store, engine })
    session.say('pending words')

    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'stopping')
    expect(session.closes).toBe(0)
    await vi.advanceTimersByTimeAsync(STOP_TIMEOUT_MS)
    await waitForStatus(store, 'idle')

    expect(session.stopTimeouts).toEqual([STOP_TIMEOUT_MS])
    expect(session.calls).toEqual(['start', 'stop', 'close'])
    expect(draftOf(store).text).toBe('pending words')
    expect(logger.events('warn')).toContain('dictation/stopUnconfirmed')
  })

  it('DC-6 the token is renewed about every 9 minutes while recording', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let issued = 0
    server.use(
      http.post(routePattern('speechToken'), () => {
        issued += 1
        return HttpResponse.json({ token: `token-${String(issued)}`, region: 'local' })
      }),
    )
    const { store, engine } = setUp()
    await openStudy(store)
    const session = await startRecording({ store, engine })
    expect(session.tokens).toEqual(['token-1'])

    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS - 1_000)
    expect(issued).toBe(1)
    await vi.advanceTimersByTimeAsync(1_000)
    await vi.waitFor(() => {
      expect(session.tokens).toEqual(['token-1', 'token-2'])
    })
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS)
    await vi.waitFor(() => {
      expect(session.tokens).toEqual(['token-1', 'token-2', 'token-3'])
    })

    // Stopped, nothing is renewed any more.
    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')
    await vi.advanceTimersByTimeAsync(2 * TOKEN_REFRESH_MS)
    expect(issued).toBe(3)
  })

  it('a recording older than a token gets a fresh token before it starts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { store, engine } = setUp()
    await openStudy(store)
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS)

    await startRecording({ store, engine })
    expect(apiBackend.requestsTo('speechToken')).toHaveLength(2)
  })
})

describe('leaving the study while recording', () => {
  it('opening another study stops and closes the recording, keeps its text, and readies the new study', async () => {
    const { store, engine } = setUp()
    await openStudy(store, 'O1')
    const session = await startRecording({ store, engine })
    session.say(words(60))

    await openStudy(store, 'O2')

    expect(session.calls).toEqual(['start', 'stop', 'close'])
    expect(draftOf(store, 'O1').text).toBe(words(60))
    expect(apiBackend.requestsTo('speechCleanup')).toHaveLength(0)
    expect(store.getState().dictation).toMatchObject({ orderId: 'O2', status: 'idle' })
    expect(apiBackend.requestsTo('speechPhrases').at(-1)?.body).toEqual({
      modality: 'MR',
      body_part: 'Head',
    })
  })

  it('logging out stops and closes the recording and forgets everything', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    const session = await startRecording({ store, engine })
    session.say('private words')

    // What 'Log out' dispatches, then the session's end the identity SDK reports.
    store.dispatch(logoutRequested())
    store.dispatch(sessionEnded())
    await vi.waitFor(() => {
      expect(session.closes).toBe(1)
    })

    expect(session.calls).toEqual(['start', 'stop', 'close'])
    expect(store.getState().dictation.status).toBe('uninitialized')
    expect(draftOf(store).text).toBe('')
  })

  it('Log out turns the microphone off at once, before the identity provider has ended the session', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    const session = await startRecording({ store, engine })
    session.say('private words')

    store.dispatch(logoutRequested())
    // A loaded machine can take longer than vi.waitFor's default second to run the stop.
    await vi.waitFor(
      () => {
        expect(session.closes).toBe(1)
      },
      { timeout: 10_000 },
    )
    expect(session.calls).toEqual(['start', 'stop', 'close'])
    // Words the service still delivers are written for nobody.
    session.say('private words heard after log out')
    expect(draftOf(store).text).not.toContain('after log out')
  })

  it('DC-8 a session ending on its own stops and closes the recording and keeps what was dictated, as voice', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    const session = await startRecording({ store, engine })
    session.say('words dictated before the expiry')

    store.dispatch(sessionEnded())
    await vi.waitFor(() => {
      expect(session.closes).toBe(1)
    })

    expect(session.calls).toEqual(['start', 'stop', 'close'])
    expect(store.getState().dictation.status).toBe('uninitialized')
    expect(draftOf(store)).toEqual({ text: 'words dictated before the expiry', inputType: 'voice' })
  })

  it('a stop while the microphone prompt is still open closes the session without recording', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    engine.holdStarts = true
    store.dispatch(startRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'starting')

    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')

    expect(engine.session.calls).toEqual(['start', 'stop', 'close'])
  })
})

describe('DC-4 no dictation while a message is being sent', () => {
  it('DC-4 a start requested while the study has a message on its way is refused', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    const held = holdRoute('sendMessage')
    const sending = store.dispatch(
      conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Any nodules?' }),
    )
    await vi.waitFor(() => {
      expect(held.held()).toBe(1)
    })

    store.dispatch(startRequested({ orderId: 'O1' }))
    await Promise.resolve()
    expect(engine.sessions).toHaveLength(0)
    expect(store.getState().dictation.status).toBe('idle')

    held.release()
    await sending
    await startRecording({ store, engine })
    expect(engine.sessions).toHaveLength(1)
  })
})

describe('dictating into the addendum box of a signed report', () => {
  it('AD-2 the words go into the addendum after its typed text, never into the chat input; the chat microphone waits', async () => {
    const { store, engine } = setUp()
    await openStudy(store)
    store.dispatch(draftEdited({ orderId: 'O1', text: 'A question for the assistant' }))
    store.dispatch(addendumEdited({ orderId: 'O1', text: 'Surgeon informed.' }))

    store.dispatch(startRequested({ orderId: 'O1', target: 'addendum' }))
    await waitForStatus(store, 'recording')
    const session = engine.session
    session.hear('wall')
    expect(selectAddendumDraft(store.getState(), 'O1')).toBe('Surgeon informed. wall')
    session.say('wall hyperemia confirmed')

    const dictation = store.getState().dictation
    expect(micButtonView(dictation, 'O1', 'addendum')).toMatchObject({
      label: 'Stop dictating addendum',
      stops: true,
    })
    expect(micButtonView(dictation, 'O1', 'chat')).toMatchObject({
      label: 'Start dictation',
      disabled: true,
      reason: 'Dictation is in use for the addendum.',
    })
    store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(store, 'idle')

    expect(selectAddendumDraft(store.getState(), 'O1')).toBe(
      'Surgeon informed. wall hyperemia confirmed',
    )
    expect(draftOf(store)).toEqual({ text: 'A question for the assistant', inputType: 'text' })
  })

  it('AD-2 50 words or more dictated into the addendum are cleaned up there', async () => {
    const { store, engine } = setUp()
    await openStudy(store, 'O2')
    answer('speechCleanup', { cleaned: 'Clean addendum text.' })

    store.dispatch(startRequested({ orderId: 'O2', target: 'addendum' }))
    await waitForStatus(store, 'recording')
    engine.session.say(words(50))
    store.dispatch(stopRequested({ orderId: 'O2' }))
    await waitForStatus(store, 'idle')

    expect(selectAddendumDraft(store.getState(), 'O2')).toBe('Clean addendum text.')
    expect(draftOf(store, 'O2').text).toBe('')
    // 'Undo cleanup' is the chat input's: nothing of the addendum is offered there.
    expect(store.getState().dictation.undo).toBeNull()
  })
})
