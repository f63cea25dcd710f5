/**
 * The chat drafts: what dictation writes into the input is sent as voice (DC-8), what the
 * clinician types is text, and drafts outlive a session that ends on its own but not Log out.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { logoutRequested } from '../../../../src/features/auth'
import { dictationComposed, draftEdited, selectDraft } from '../../../../src/features/conversation'
import { baseApi } from '../../../../src/services/api/baseApi'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { apiBackend } from '../../../support/msw/server'
import { createTestDeps, makeTestStore } from '../../../support/render'
import { giveConversationALayout, messageBox, renderChat, sendButton } from './support'

giveConversationALayout()

const sentBodies = () => apiBackend.requestsTo('sendMessage').map((request) => request.body)

describe('drafts written by dictation', () => {
  it('DC-8 the composed text lands in the input and is sent with input_type voice', async () => {
    const { store, user } = renderChat()
    await screen.findByText('No nodules are seen.')

    act(() => {
      store.dispatch(dictationComposed({ orderId: 'O1', text: 'Findings: small effusion.' }))
    })

    expect(messageBox()).toHaveValue('Findings: small effusion.')
    await user.click(sendButton())
    await waitFor(() => {
      expect(sentBodies()).toEqual([{ content: 'Findings: small effusion.', input_type: 'voice' }])
    })
    await screen.findByText('Noted.')

    await user.type(messageBox(), 'Typed follow-up{Enter}')
    await waitFor(() => {
      expect(sentBodies()[1]).toEqual({ content: 'Typed follow-up', input_type: 'text' })
    })
  })

  it('DC-8 a dictated draft corrected by typing is still sent as voice', async () => {
    const { store, user } = renderChat()
    await screen.findByText('No nodules are seen.')
    act(() => {
      store.dispatch(dictationComposed({ orderId: 'O1', text: 'Small efusion' }))
    })

    await user.type(messageBox(), '{Backspace>6/}ffusion.{Enter}')

    await waitFor(() => {
      expect(sentBodies()).toEqual([{ content: 'Small effusion.', input_type: 'voice' }])
    })
  })

  it('DC-8 a dictated draft the clinician empties and retypes is sent as text', async () => {
    const { store, user } = renderChat()
    await screen.findByText('No nodules are seen.')
    act(() => {
      store.dispatch(dictationComposed({ orderId: 'O1', text: 'Dictated words' }))
    })

    await user.clear(messageBox())
    await user.type(messageBox(), 'Typed instead{Enter}')

    await waitFor(() => {
      expect(sentBodies()).toEqual([{ content: 'Typed instead', input_type: 'text' }])
    })
  })
})

describe('the draft state', () => {
  it('keeps one draft per study and hands dictation what was typed', () => {
    const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 'jwt' }) })

    store.dispatch(draftEdited({ orderId: 'O1', text: 'Typed before dictation ' }))
    store.dispatch(draftEdited({ orderId: 'O2', text: 'Other study' }))

    expect(selectDraft(store.getState(), 'O1')).toEqual({
      text: 'Typed before dictation ',
      inputType: 'text',
    })
    expect(selectDraft(store.getState(), 'O2').text).toBe('Other study')
    expect(selectDraft(store.getState(), 'O3')).toEqual({ text: '', inputType: 'text' })
  })

  it('a draft sent from elsewhere than the input is left alone', async () => {
    const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 'jwt' }) })
    store.dispatch(draftEdited({ orderId: 'O1', text: 'Half-written question' }))

    await store
      .dispatch(conversationApi.endpoints.sendMessage.initiate({ orderId: 'O1', content: 'Hi' }))
      .unwrap()

    expect(selectDraft(store.getState(), 'O1').text).toBe('Half-written question')
  })

  it('ID-2 drafts outlive the API cache reset of a session’s end, and leave with Log out', () => {
    const { store } = makeTestStore({ deps: createTestDeps({ sessionToken: 'jwt' }) })
    store.dispatch(dictationComposed({ orderId: 'O1', text: 'Dictated before the expiry' }))

    store.dispatch(baseApi.util.resetApiState())
    expect(selectDraft(store.getState(), 'O1')).toEqual({
      text: 'Dictated before the expiry',
      inputType: 'voice',
    })

    store.dispatch(logoutRequested())
    store.dispatch(baseApi.util.resetApiState())
    expect(selectDraft(store.getState(), 'O1')).toEqual({ text: '', inputType: 'text' })
  })
})
