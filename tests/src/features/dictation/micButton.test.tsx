/**
 * The microphone button and the dictation hint as the clinician sees them, inside the chat
 * input the way the workspace composes them (Chat + MicButton + DictationHint, `isRecording`
 * from the dictation selectors), with the real store, the in-memory /api/v1 and the fake
 * speech engine.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { useAppSelector } from '../../../../src/app/hooks'
import { Chat } from '../../../../src/features/conversation'
import { DictationHint, MicButton, selectIsRecording } from '../../../../src/features/dictation'
import { studySelected } from '../../../../src/features/orders'
import { routePattern } from '../../../support/msw/apiBackend'
import { apiBackend, server } from '../../../support/msw/server'
import { renderWithProviders } from '../../../support/render'
import { microphoneDenied } from '../../../support/speech/FakeDictationEngine'
import { answer, holdRoute, words } from '../../../support/speech/dictationHelpers'
// The conversation is a virtualized list, which renders nothing in jsdom without a layout.
import { giveConversationALayout } from '../conversation/support'

/** The chat of a study as WorkspaceFrame composes it. */
function StudyChat({ orderId }: { orderId: string }) {
  const isRecording = useAppSelector((state) => selectIsRecording(state, orderId))
  return (
    <Chat
      orderId={orderId}
      isRecording={isRecording}
      micButton={<MicButton orderId={orderId} />}
      dictationHint={<DictationHint />}
    />
  )
}

function renderStudy(orderId = 'O1', { open = true }: { open?: boolean } = {}) {
  const view = renderWithProviders(<StudyChat orderId={orderId} />)
  if (open) view.store.dispatch(studySelected({ orderId }))
  return { ...view, engine: view.deps.speech }
}

const startButton = () => screen.getByRole('button', { name: 'Start dictation' })
const stopButton = () => screen.getByRole('button', { name: 'Stop dictation' })
const messageBox = () => screen.getByRole('textbox', { name: 'Message' })
const sendButton = () => screen.getByRole('button', { name: 'Send message' })

async function startDictation(view: ReturnType<typeof renderStudy>) {
  await waitFor(() => {
    expect(startButton()).toBeEnabled()
  })
  await view.user.click(startButton())
  await screen.findByRole('button', { name: 'Stop dictation' })
  return view.engine.session
}

describe('the microphone button', () => {
  it('DC-4 is disabled until dictation is initialized for the study', async () => {
    const held = holdRoute('speechToken')
    const view = renderStudy('O1', { open: false })
    expect(startButton()).toBeDisabled()

    view.store.dispatch(studySelected({ orderId: 'O1' }))
    await waitFor(() => {
      expect(held.held()).toBe(1)
    })
    expect(startButton()).toBeDisabled()
    expect(startButton()).toHaveAttribute('data-state', 'waiting')

    held.release()
    await waitFor(() => {
      expect(startButton()).toBeEnabled()
    })
    expect(startButton()).toHaveAttribute('data-state', 'idle')
  })

  it('CH-4 DC-2 is red while recording, shows Listening..., turns blue with a pulse from 50 words', async () => {
    const view = renderStudy()
    const session = await startDictation(view)

    expect(stopButton()).toHaveAttribute('data-state', 'recording')
    expect(stopButton()).toHaveAttribute('data-color-palette', 'red')
    expect(screen.getByText('Listening...')).toBeInTheDocument()

    act(() => {
      session.say(words(49))
    })
    expect(stopButton()).toHaveAttribute('data-state', 'recording')
    act(() => {
      session.hear('heart')
    })
    expect(stopButton()).toHaveAttribute('data-state', 'threshold')
    expect(stopButton()).toHaveAttribute('data-color-palette', 'blue')

    await view.user.click(stopButton())
    await waitFor(() => {
      expect(startButton()).toBeEnabled()
    })
    expect(screen.queryByText('Listening...')).not.toBeInTheDocument()
    expect(startButton()).toHaveAttribute('data-color-palette', 'gray')
  })

  it('DC-8 interim and final text reach the Message input while recording', async () => {
    const view = renderStudy()
    const session = await startDictation(view)

    act(() => {
      session.hear('mild')
    })
    expect(messageBox()).toHaveValue('mild')
    act(() => {
      session.say('mild cardiomegaly')
      session.hear('no')
    })
    expect(messageBox()).toHaveValue('mild cardiomegaly no')
  })

  it('DC-4 DC-3 is disabled with a spinner during cleanup; the cleaned text replaces the dictation and Undo cleanup restores it', async () => {
    const view = renderStudy()
    const session = await startDictation(view)
    act(() => {
      session.say(words(52))
    })
    server.use(
      http.post(routePattern('speechCleanup'), () =>
        HttpResponse.json({ cleaned: 'The lungs are clear.' }),
      ),
    )
    // Added last, so it runs first and then lets the answer above through.
    const held = holdRoute('speechCleanup')

    await view.user.click(stopButton())
    await waitFor(() => {
      expect(held.held()).toBe(1)
    })
    const busy = startButton()
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(busy).toHaveAttribute('data-state', 'busy')
    expect(busy).toHaveAccessibleDescription('Cleaning up…')
    expect(screen.getByText('Cleaning up…', { selector: 'p' })).toBeVisible()
    expect(sendButton()).toBeDisabled()

    held.release()
    await waitFor(() => {
      expect(messageBox()).toHaveValue('The lungs are clear.')
    })
    expect(startButton()).toBeEnabled()

    await view.user.click(screen.getByRole('button', { name: 'Undo cleanup' }))
    expect(messageBox()).toHaveValue(words(52))
    expect(screen.queryByRole('button', { name: 'Undo cleanup' })).not.toBeInTheDocument()
  })

  it('DC-4 is disabled while a message is being sent', async () => {
    const view = renderStudy()
    await waitFor(() => {
      expect(startButton()).toBeEnabled()
    })
    await view.user.type(messageBox(), 'Any nodules?')
    const held = holdRoute('sendMessage')

    await view.user.click(sendButton())
    await waitFor(() => {
      expect(held.held()).toBe(1)
    })
    expect(startButton()).toBeDisabled()

    held.release()
    await waitFor(() => {
      expect(startButton()).toBeEnabled()
    })
  })

  it('is disabled with a tooltip saying so when the server has no speech configuration', async () => {
    answer('speechToken', { error: 'speech_unavailable', message: 'not configured' }, 503)
    const view = renderStudy()

    await waitFor(() => {
      expect(startButton()).toHaveAttribute('data-state', 'unavailable')
    })
    expect(startButton()).toBeDisabled()
    expect(startButton()).toHaveAccessibleDescription('Dictation is not configured on this server.')

    // The disabled button takes no pointer events: the tooltip listens on its wrapper. It is
    // made (its code loaded on demand) when the pointer first comes there, and opens as the
    // pointer moves on over it.
    const wrapper = () => startButton().parentElement!
    expect(wrapper()).not.toHaveAttribute('data-part', 'trigger')
    await view.user.hover(wrapper())
    await waitFor(() => {
      expect(wrapper()).toHaveAttribute('data-part', 'trigger')
    })
    await view.user.pointer({ target: wrapper(), coords: { x: 2, y: 2 } })
    const tooltip = await screen.findByRole('tooltip')
    expect(tooltip).toHaveTextContent('Dictation is not configured on this server.')
    await view.user.unhover(wrapper())
    await waitFor(() => {
      expect(tooltip).toHaveAttribute('data-state', 'closed')
    })
    // Typing and sending still work.
    await view.user.type(messageBox(), 'Typed question')
    await view.user.click(sendButton())
    await waitFor(() => {
      expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)
    })
  })
})

describe('dictation in the chat input', () => {
  giveConversationALayout()

  it('CH-8 send is disabled while recording and the input is read-only', async () => {
    const view = renderStudy()
    await view.user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Findings:')
    expect(sendButton()).toBeEnabled()
    const session = await startDictation(view)

    act(() => {
      session.say('small effusion')
    })
    expect(messageBox()).toHaveValue('Findings: small effusion')
    expect(sendButton()).toBeDisabled()
    expect(messageBox()).toHaveAttribute('readonly')

    await view.user.click(stopButton())
    await waitFor(() => {
      expect(sendButton()).toBeEnabled()
    })
  })

  it('DC-8 CH-2 a message sent from dictated text is sent as voice and shows Voice input', async () => {
    const view = renderStudy()
    const session = await startDictation(view)
    act(() => {
      session.say('no pneumothorax')
    })
    await view.user.click(stopButton())
    await waitFor(() => {
      expect(sendButton()).toBeEnabled()
    })

    await view.user.click(sendButton())

    await waitFor(() => {
      expect(apiBackend.requestsTo('sendMessage').map((r) => r.body)).toEqual([
        { content: 'no pneumothorax', input_type: 'voice' },
      ])
    })
    const sent = (await screen.findByText('no pneumothorax', { selector: 'article *' })).closest(
      'article',
    )!
    expect(sent).toHaveAccessibleName('You')
    expect(within(sent).getByText('Voice input')).toBeInTheDocument()
  })

  it('DC-7 a dropped connection shows Connection to service terminated. and keeps the text', async () => {
    const view = renderStudy()
    const session = await startDictation(view)
    act(() => {
      session.say('the liver is')
      session.hear('normal in')
      session.cancel('error')
    })

    expect(await screen.findByText('Connection to service terminated.')).toBeInTheDocument()
    await waitFor(() => {
      expect(startButton()).toBeEnabled()
    })
    expect(messageBox()).toHaveValue('the liver is normal in')
    expect(session.closes).toBe(1)
  })

  it('a refused microphone tells the clinician how to allow it', async () => {
    const view = renderStudy()
    await waitFor(() => {
      expect(startButton()).toBeEnabled()
    })
    view.engine.failNextStart(microphoneDenied())

    await view.user.click(startButton())

    expect(
      await screen.findByText(
        'Microphone access was denied. Allow the microphone for this site to dictate.',
      ),
    ).toBeInTheDocument()
    expect(startButton()).toBeEnabled()
    await view.user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(
      screen.queryByText(
        'Microphone access was denied. Allow the microphone for this site to dictate.',
      ),
    ).not.toBeInTheDocument()
  })
})
