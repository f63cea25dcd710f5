/**
 * The chat draft saga with a real store and the in-memory /api/v1: what of the Message box is
 * mirrored into the tab's session storage and when it leaves it, what a reload gives back (to the
 * user who typed it, and to no one else), and the session ending in the page, all replayable from
 * the action log.
 */
import { HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { createActionRecorder, replayActionLog } from '../../../src/app/actionLog'
import { redactSecrets } from '../../../src/app/devTools'
import { rootReducer, type AppStore } from '../../../src/app/store'
import { logoutRequested, sessionEnded, sessionStarted } from '../../../src/features/auth'
import {
  dictationComposed,
  draftEdited,
  selectDraft,
  selectIsSending,
} from '../../../src/features/conversation'
import { conversationApi } from '../../../src/services/api/conversationApi'
import {
  chatDrafts,
  type ChatDraftStorage,
  type StoredChatDraft,
} from '../../../src/services/storage/chatDraftStorage'
import { apiBackend, server } from '../../support/msw/server'
import { createTestDeps, makeTestStore, type TestDeps } from '../../support/render'
import { refusingToSave } from '../../support/session'
import { answerOnce, holdAnswer } from '../features/conversation/support'

/** User ids as the identity provider's session tokens carry them (`sub`). */
const ADA = 'U-ada'
const GRACE = 'U-grace'

/** A store whose session has started for `user` (Ada unless told), as the SessionBridge says. */
function setup(options: { chatDraftStorage?: ChatDraftStorage; user?: string } = {}) {
  const deps: TestDeps = {
    ...createTestDeps({ sessionToken: 'session-jwt' }),
    ...(options.chatDraftStorage ? { chatDraftStorage: options.chatDraftStorage } : {}),
  }
  const made = makeTestStore({ deps })
  made.store.dispatch(sessionStarted({ userId: options.user ?? ADA }))
  return made
}

/** What the Message box dispatches as the clinician types. */
function type(store: AppStore, text: string, orderId = 'O1') {
  store.dispatch(draftEdited({ orderId, text }))
}

/** What 'Send message' does with the draft on screen. */
function send(store: AppStore, orderId = 'O1') {
  const { text, inputType } = selectDraft(store.getState(), orderId)
  return store.dispatch(
    conversationApi.endpoints.sendMessage.initiate({
      orderId,
      content: text.trim(),
      input_type: inputType,
    }),
  )
}

/** The session ends on its own (a refused refresh): the session saga resets the API cache. */
function sessionExpires(store: AppStore) {
  store.dispatch(sessionEnded())
}

/** Types into study O1 and dictates into study O2, both ending with `when`. */
function typeAndDictate(store: AppStore, when: string) {
  type(store, `Typed ${when}`)
  store.dispatch(dictationComposed({ orderId: 'O2', text: `Dictated ${when}` }))
}

/** What the Message boxes of O1 and O2 hold. */
const draftsOf = (store: AppStore) => ({
  O1: selectDraft(store.getState(), 'O1'),
  O2: selectDraft(store.getState(), 'O2'),
})

const typedAndDictated = (when: string) => ({
  O1: { text: `Typed ${when}`, inputType: 'text' },
  O2: { text: `Dictated ${when}`, inputType: 'voice' },
})

const stored = (text: string, inputType: StoredChatDraft['inputType'] = 'text') => ({
  owner: ADA,
  text,
  inputType,
})

const unauthorized = () =>
  HttpResponse.json(
    { error: 'unauthorized', message: 'session expired' },
    { status: 401, statusText: 'Unauthorized' },
  )

describe('the session-storage mirror', () => {
  it('CH-12 a typed draft is stored for its user at once, and one emptied is removed', () => {
    const { store, deps } = setup()

    type(store, 'Is there an effusion?')
    expect(deps.chatDraftStorage.load('O1')).toEqual(stored('Is there an effusion?'))

    type(store, '')
    expect(deps.chatDraftStorage.load('O1')).toBeNull()
  })

  it('DC-8 a dictated draft is stored as voice, and stays voice when corrected by typing', () => {
    const { store, deps } = setup()

    store.dispatch(dictationComposed({ orderId: 'O2', text: 'Small efusion' }))
    expect(deps.chatDraftStorage.load('O2')).toEqual(stored('Small efusion', 'voice'))

    type(store, 'Small effusion.', 'O2')
    expect(deps.chatDraftStorage.load('O2')).toEqual(stored('Small effusion.', 'voice'))
  })

  it('CH-12 a send on its way stays stored, with what is typed meanwhile, until it succeeds', async () => {
    const { store, deps } = setup()
    const release = holdAnswer('sendMessage', () =>
      HttpResponse.json({
        message_id: 'M9',
        content: 'Noted.',
        created_at: '2025-03-04T14:00:00.000Z',
        report_updated: false,
      }),
    )
    type(store, 'First question')
    const sending = send(store)
    expect(selectDraft(store.getState(), 'O1').text).toBe('')
    expect(deps.chatDraftStorage.load('O1')).toEqual(stored('First question'))

    type(store, 'Second thought')
    expect(deps.chatDraftStorage.load('O1')).toEqual(stored('First question\nSecond thought'))

    release()
    await sending
    expect(deps.chatDraftStorage.load('O1')).toEqual(stored('Second thought'))
    type(store, '')
    expect(deps.chatDraftStorage.load('O1')).toBeNull()
  })

  it('CH-12 a successful send removes the stored draft', async () => {
    const { store, deps } = setup()
    type(store, 'What is the indication?')

    await send(store).unwrap()

    expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)
    expect(deps.chatDraftStorage.load('O1')).toBeNull()
  })

  it('ID-2 Log out removes every stored chat draft, and the store’s', () => {
    const chatDraftStorage = chatDrafts.inMemory()
    chatDraftStorage.save('O3', stored('Left from before a reload'))
    const { store } = setup({ chatDraftStorage })
    type(store, 'Typed question')
    store.dispatch(dictationComposed({ orderId: 'O2', text: 'Dictated words' }))

    store.dispatch(logoutRequested())
    store.dispatch(sessionEnded())

    expect(chatDraftStorage.loadAll(ADA)).toEqual({})
    expect(selectDraft(store.getState(), 'O1').text).toBe('')
    expect(selectDraft(store.getState(), 'O2').text).toBe('')
    // Signing in again after a log out finds nothing either.
    store.dispatch(sessionStarted({ userId: ADA }))
    expect(selectDraft(store.getState(), 'O3').text).toBe('')
  })

  it('CL-2 clearing a study’s conversation removes its draft, in the store and in storage', async () => {
    const { store, deps } = setup()
    type(store, 'About to be cleared')
    type(store, 'Another study’s question', 'O2')

    await store.dispatch(conversationApi.endpoints.clearConversation.initiate('O1')).unwrap()

    expect(selectDraft(store.getState(), 'O1').text).toBe('')
    expect(deps.chatDraftStorage.load('O1')).toBeNull()
    expect(deps.chatDraftStorage.load('O2')).toEqual(stored('Another study’s question'))
  })

  it('CH-12 a browser refusing to store (quota) is logged, and typing goes on in the store', () => {
    const refusing = refusingToSave(chatDrafts.inMemory())
    const { store, deps } = setup({ chatDraftStorage: refusing })

    type(store, 'Kept')
    type(store, 'Kept in memory')

    expect(deps.logger.events('warn')).toEqual([
      'conversation/draftNotStored',
      'conversation/draftNotStored',
    ])
    expect(selectDraft(store.getState(), 'O1')).toEqual({
      text: 'Kept in memory',
      inputType: 'text',
    })
  })
})

describe('after a reload (the 401 path)', () => {
  it('API-3 ID-2 CH-12 the same user gets the typed and the dictated draft back', () => {
    const chatDraftStorage = chatDrafts.inMemory()
    const before = setup({ chatDraftStorage })
    typeAndDictate(before.store, 'before the reload')

    const { store } = setup({ chatDraftStorage, user: ADA })

    expect(draftsOf(store)).toEqual(typedAndDictated('before the reload'))
  })

  it('API-3 CH-12 a send refused with 401 sends the browser to /login and its text comes back as a draft, not sent again', async () => {
    const chatDraftStorage = chatDrafts.inMemory()
    const before = setup({ chatDraftStorage })
    server.use(answerOnce('sendMessage', unauthorized))
    before.store.dispatch(dictationComposed({ orderId: 'O1', text: 'Dictated findings' }))

    await send(before.store)

    expect(before.deps.navigator.assigned).toEqual(['/login'])
    const { store } = setup({ chatDraftStorage, user: ADA })
    expect(selectDraft(store.getState(), 'O1')).toEqual({
      text: 'Dictated findings',
      inputType: 'voice',
    })
    expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)
  })

  it('API-3 CH-12 a send still on its way when the page went away comes back as draft text, not re-sent', async () => {
    const chatDraftStorage = chatDrafts.inMemory()
    const before = setup({ chatDraftStorage })
    const release = holdAnswer('sendMessage', unauthorized)
    type(before.store, 'Sent as the session died')
    const sending = send(before.store)
    await vi.waitFor(() => {
      expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)
    })
    expect(selectIsSending(before.store.getState(), 'O1')).toBe(true)

    const { store } = setup({ chatDraftStorage, user: ADA })

    expect(selectDraft(store.getState(), 'O1')).toEqual({
      text: 'Sent as the session died',
      inputType: 'text',
    })
    expect(selectIsSending(store.getState(), 'O1')).toBe(false)
    expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)
    release()
    await sending
  })

  it('ID-2 another user’s session start removes the stored drafts and restores none', () => {
    const chatDraftStorage = chatDrafts.inMemory()
    chatDraftStorage.save('O1', stored('Typed by Ada'))
    chatDraftStorage.save('O2', stored('Dictated by Ada', 'voice'))

    const { store } = setup({ chatDraftStorage, user: GRACE })

    expect(chatDraftStorage.load('O1')).toBeNull()
    expect(chatDraftStorage.load('O2')).toBeNull()
    expect(selectDraft(store.getState(), 'O1').text).toBe('')
    expect(selectDraft(store.getState(), 'O2').text).toBe('')
  })

  it('ID-2 a session that names no user gets nothing, and stores nobody’s drafts', () => {
    const chatDraftStorage = chatDrafts.inMemory()
    chatDraftStorage.save('O1', stored('Typed by Ada'))
    const { store } = setup({ chatDraftStorage, user: ADA })
    sessionExpires(store)

    store.dispatch(sessionStarted({ userId: null }))

    expect(selectDraft(store.getState(), 'O1').text).toBe('')
    expect(chatDraftStorage.load('O1')).toBeNull()
    type(store, 'Typed in a session of nobody')
    expect(chatDraftStorage.load('O1')).toBeNull()
    expect(selectDraft(store.getState(), 'O1').text).toBe('Typed in a session of nobody')
  })
})

describe('a session ending in the page (a refused refresh)', () => {
  it('ID-2 CH-12 the drafts stay in the store and in storage, and the same user signing in again keeps them', () => {
    const { store, deps } = setup()
    typeAndDictate(store, 'before the expiry')

    sessionExpires(store)
    // The API cache is reset; the drafts are not part of it.
    expect(draftsOf(store)).toEqual(typedAndDictated('before the expiry'))
    store.dispatch(sessionStarted({ userId: ADA }))

    expect(draftsOf(store)).toEqual(typedAndDictated('before the expiry'))
    expect(deps.chatDraftStorage.load('O2')).toEqual(stored('Dictated before the expiry', 'voice'))
  })

  it('ID-2 CH-12 a browser that refused to store them still gives them back: the store kept them', () => {
    const refusing = refusingToSave(chatDrafts.inMemory())
    const { store } = setup({ chatDraftStorage: refusing })
    store.dispatch(dictationComposed({ orderId: 'O1', text: 'Dictated, never stored' }))

    sessionExpires(store)
    store.dispatch(sessionStarted({ userId: ADA }))

    expect(selectDraft(store.getState(), 'O1')).toEqual({
      text: 'Dictated, never stored',
      inputType: 'voice',
    })
  })

  it('ID-2 another user signing in gets none: they leave the store and storage', () => {
    const { store, deps } = setup()
    type(store, 'Typed by Ada')
    sessionExpires(store)

    store.dispatch(sessionStarted({ userId: GRACE }))

    expect(selectDraft(store.getState(), 'O1').text).toBe('')
    expect(deps.chatDraftStorage.load('O1')).toBeNull()
    type(store, 'Grace’s own question', 'O2')
    expect(deps.chatDraftStorage.load('O2')).toEqual({
      ...stored('Grace’s own question'),
      owner: GRACE,
    })
  })

  it('ID-2 a send on its way when the session ended still settles: refused, its text is a draft again', async () => {
    const { store, deps } = setup()
    const release = holdAnswer('sendMessage', unauthorized)
    type(store, 'On its way')
    const sending = send(store)

    sessionExpires(store)
    release()
    await sending
    store.dispatch(sessionStarted({ userId: ADA }))

    expect(selectDraft(store.getState(), 'O1')).toEqual({ text: 'On its way', inputType: 'text' })
    expect(deps.chatDraftStorage.load('O1')).toEqual(stored('On its way'))
  })

  it('the whole path, reload included, is replayed from the action log', () => {
    const chatDraftStorage = chatDrafts.inMemory()
    const before = setup({ chatDraftStorage })
    type(before.store, 'Typed by Ada')
    sessionExpires(before.store)
    const recorder = createActionRecorder()
    const { store } = makeTestStore({
      deps: { ...createTestDeps({ sessionToken: 'session-jwt' }), chatDraftStorage },
      recorder,
    })

    store.dispatch(sessionStarted({ userId: ADA }))
    store.dispatch(dictationComposed({ orderId: 'O2', text: 'Dictated by Ada' }))
    sessionExpires(store)
    store.dispatch(sessionStarted({ userId: ADA }))

    const log = recorder.log()
    expect(log.actions.map((action) => action.type)).toContain('conversation/chatDraftsRestored')
    const replayed = replayActionLog(rootReducer, JSON.parse(JSON.stringify(log)) as typeof log)
    expect(redactSecrets(replayed)).toEqual(redactSecrets(store.getState()))
    expect(selectDraft(replayed, 'O1').text).toBe('Typed by Ada')
    expect(selectDraft(replayed, 'O2').inputType).toBe('voice')
  })
})
