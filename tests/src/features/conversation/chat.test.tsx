/**
 * The chat of one study as the clinician sees it: messages with author and time, the voice
 * mark, the patient summary card, ratings, the input and sending, through the real store and
 * the in-memory /api/v1 (MSW).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Chat, type ChatProps } from '../../../../src/features/conversation'
import { sessionStarted, sessionUserDescribed } from '../../../../src/features/auth'
import { conversationApi } from '../../../../src/services/api/conversationApi'
import { routePattern } from '../../../support/msw/apiBackend'
import { buildMessage } from '../../../support/msw/data'
import { apiBackend, server } from '../../../support/msw/server'
import { renderWithProviders } from '../../../support/render'
import {
  answerOnce,
  conversationLog,
  giveConversationALayout,
  givenConversation,
  holdAnswer,
  layOut,
  localTime,
  messageBox,
  renderChat,
  sendButton,
} from './support'

giveConversationALayout()

const articles = () => within(conversationLog()).getAllByRole('article')

const serverError = () =>
  HttpResponse.json(
    { error: 'internal', message: 'boom' },
    { status: 500, statusText: 'Internal Server Error' },
  )

/** The chat of order O1 once the backend's demo conversation of it shows. */
async function renderLoadedChat(props: Partial<ChatProps> = {}) {
  const view = renderChat(props)
  await screen.findByText('No nodules are seen.')
  return view
}

/** The Rate up and Rate down buttons of the assistant's reply, once it shows. */
async function findRatingButtons() {
  const reply = await screen.findByRole('article', { name: 'AI Assistant' })
  return {
    up: within(reply).getByRole('button', { name: 'Rate up' }),
    down: within(reply).getByRole('button', { name: 'Rate down' }),
  }
}

describe('the messages', () => {
  it('CH-1 each message is labelled You or AI Assistant and shows its time like 3:05 pm', async () => {
    givenConversation(
      { role: 'user', content: 'Any nodules?', created_at: localTime(15, 5) },
      { role: 'assistant', content: 'No nodules are seen.', created_at: localTime(0, 7) },
    )
    renderChat()

    const question = await screen.findByRole('article', { name: 'You' })
    expect(question).toHaveTextContent('Any nodules?')
    expect(within(question).getByText('3:05 pm')).toBeInTheDocument()
    const answer = screen.getByRole('article', { name: 'AI Assistant' })
    expect(answer).toHaveTextContent('No nodules are seen.')
    expect(within(answer).getByText('12:07 am')).toBeInTheDocument()
    expect(articles()).toEqual([question, answer])
  })

  it('CH-1 AU-1 only the signed-in clinician is You; a colleague is named, or Clinician when unnamed', async () => {
    givenConversation(
      { role: 'user', user_id: 'U-ada', content: 'Mine.' },
      { role: 'user', user_id: 'U-ben', author_name: 'Ben Marsh', content: 'Colleague.' },
      { role: 'user', user_id: 'U-cam', author_name: null, content: 'Unnamed colleague.' },
      { role: 'assistant', content: 'Noted.' },
    )
    const { store } = renderChat()
    act(() => {
      store.dispatch(sessionStarted({ userId: 'U-ada' }))
    })

    await screen.findByText('Colleague.')
    expect(articles()).toHaveLength(4)
    expect(screen.getByRole('article', { name: 'You' })).toHaveTextContent('Mine.')
    expect(screen.getByRole('article', { name: 'Ben Marsh' })).toHaveTextContent('Colleague.')
    expect(screen.getByRole('article', { name: 'Clinician' })).toHaveTextContent(
      'Unnamed colleague.',
    )
    expect(screen.getByRole('article', { name: 'AI Assistant' })).toHaveTextContent('Noted.')
  })

  it("AU-1 a backend whose ids are not the identity provider's keeps its messages 'You'", async () => {
    givenConversation(
      { role: 'user', user_id: '17', content: 'First question.' },
      { role: 'assistant', content: 'No nodules are seen.' },
      { role: 'user', user_id: '17', content: 'Second question.' },
    )
    const { store } = renderChat()
    act(() => {
      store.dispatch(sessionStarted({ userId: 'U-ada' }))
      store.dispatch(sessionUserDescribed({ name: 'Ada Lovelace', loginIds: ['ada@x.test'] }))
    })

    await screen.findByText('Second question.')
    expect(screen.getAllByRole('article', { name: 'You' })).toHaveLength(2)
    expect(screen.queryByRole('article', { name: 'Clinician' })).not.toBeInTheDocument()
  })

  it("AU-1 without shared ids, a message naming someone else is a colleague's; one naming the clinician is 'You'", async () => {
    givenConversation(
      { role: 'user', user_id: '17', author_name: 'Ada Lovelace', content: 'Mine.' },
      { role: 'user', user_id: '18', author_name: 'Ben Marsh', content: 'Colleague.' },
      { role: 'assistant', content: 'Noted.' },
    )
    const { store } = renderChat()
    act(() => {
      store.dispatch(sessionStarted({ userId: 'U-ada' }))
      store.dispatch(sessionUserDescribed({ name: 'Ada Lovelace', loginIds: ['ada@x.test'] }))
    })

    await screen.findByText('Colleague.')
    expect(screen.getByRole('article', { name: 'You' })).toHaveTextContent('Mine.')
    expect(screen.getByRole('article', { name: 'Ben Marsh' })).toHaveTextContent('Colleague.')
  })

  it("AU-1 the clinician's own id on the backend is learned from a reply to their send; an unnamed colleague is then 'Clinician'", async () => {
    givenConversation(
      { role: 'user', user_id: 'U-cam', content: 'Unnamed colleague.' },
      { role: 'assistant', content: 'No nodules are seen.' },
    )
    const { store, user } = renderChat()
    act(() => {
      store.dispatch(sessionStarted({ userId: 'U-ada' }))
    })
    // Nothing says yet whose the message is: the product's 'You'.
    expect(await screen.findByRole('article', { name: 'You' })).toHaveTextContent(
      'Unnamed colleague.',
    )

    await user.type(messageBox(), 'Any effusion?{Enter}')

    await waitFor(() => {
      expect(screen.getByRole('article', { name: 'Clinician' })).toHaveTextContent(
        'Unnamed colleague.',
      )
    })
    expect(screen.getByRole('article', { name: 'You' })).toHaveTextContent('Any effusion?')
  })

  it('CH-2 a dictated message carries the Voice input mark, a typed one does not', async () => {
    givenConversation(
      { role: 'user', content: 'Dictated question', input_type: 'voice' },
      { role: 'user', content: 'Typed question', input_type: 'text' },
    )
    renderChat()

    await screen.findByText('Dictated question')
    const [dictated, typed] = articles()
    expect(within(dictated!).getByText('Voice input')).toBeInTheDocument()
    expect(within(typed!).queryByText('Voice input')).not.toBeInTheDocument()
  })

  it('CH-13 markup in a message is shown as text and creates no element', async () => {
    const script = '<script>window.__chatInjected = "script"</script>'
    const image = '<img src="x" onerror="window.__chatInjected = \'img\'">'
    givenConversation(
      { role: 'user', content: script },
      { role: 'assistant', content: `Line one\n${image}` },
    )
    renderChat()

    expect(await screen.findByText(script)).toBeInTheDocument()
    const reply = screen.getByRole('article', { name: 'AI Assistant' })
    expect(reply).toHaveTextContent(image)
    expect(conversationLog().querySelector('script, img')).toBeNull()
    expect((window as { __chatInjected?: string }).__chatInjected).toBeUndefined()
  })

  it('CH-13 line breaks of a message are kept', async () => {
    givenConversation({ role: 'assistant', content: 'FINDINGS:\nClear lungs.\n\nNo effusion.' })
    renderChat()

    const text = await screen.findByText(/FINDINGS:/)
    expect(text.textContent).toBe('FINDINGS:\nClear lungs.\n\nNo effusion.')
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' })
  })

  it('shows a skeleton while loading, then an empty conversation says so', async () => {
    givenConversation()
    renderChat()

    expect(conversationLog()).toHaveAttribute('aria-busy', 'true')
    expect(
      await screen.findByText('No messages yet. Ask the assistant about this study.'),
    ).toBeInTheDocument()
    expect(conversationLog()).toHaveAttribute('aria-busy', 'false')
  })

  it('a conversation that cannot be loaded says so and Retry loads it', async () => {
    server.use(http.get(routePattern('listMessages'), serverError))
    const { user } = renderChat()

    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 })
    expect(screen.getByText('The messages could not be loaded.')).toBeInTheDocument()
    expect(screen.getByText('API Error: Internal Server Error')).toBeInTheDocument()

    server.resetHandlers()
    await user.click(retry)

    expect(await screen.findByText('No nodules are seen.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
  })
})

describe('the patient summary card', () => {
  const summary = {
    patient_summary: 'Ada Lovelace, 64-year-old female',
    exam: 'CT chest with contrast (CT, chest) — accession ACC-1001, priority routine',
    indication: 'Persistent cough',
    data: ['Former smoker', 'Hypertension'],
  }
  const structured = { type: 'patient_summary', structured: true }

  /** Renders the chat with one reply flagged as a structured summary; that reply, once shown. */
  async function renderSummaryReply(content: string) {
    givenConversation({ content, meta_data: structured })
    renderChat()
    return screen.findByRole('article', { name: 'AI Assistant' })
  }

  it('CH-7 a structured summary shows Patient, Exam, Indication and the Relevant History list', async () => {
    const card = await renderSummaryReply(JSON.stringify(summary))

    for (const heading of ['Patient', 'Exam', 'Indication', 'Relevant History']) {
      expect(within(card).getByRole('heading', { name: heading })).toBeInTheDocument()
    }
    expect(card).toHaveTextContent('Ada Lovelace, 64-year-old female')
    expect(card).toHaveTextContent('accession ACC-1001')
    expect(card).toHaveTextContent('Persistent cough')
    const history = within(card)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(history).toEqual(['Former smoker', 'Hypertension'])
    expect(card).not.toHaveTextContent('"patient_summary"')
  })

  it('CH-7 a summary with no history says none is recorded', async () => {
    const card = await renderSummaryReply(JSON.stringify({ ...summary, data: [] }))

    expect(within(card).getByText('None recorded')).toBeInTheDocument()
    expect(within(card).queryByRole('list')).not.toBeInTheDocument()
  })

  it('CH-7 content that is not JSON is shown as plain text', async () => {
    const content = '{"patient_summary": "Ada Lovelace", "exam":'
    const message = await renderSummaryReply(content)

    expect(within(message).getByText(content)).toBeInTheDocument()
    expect(within(message).queryByRole('heading', { name: 'Patient' })).not.toBeInTheDocument()
  })

  it('CH-7 JSON that does not match the summary schema is shown as plain text', async () => {
    const content = JSON.stringify({ patient_summary: 'Ada Lovelace', exam: 'CT', data: 'none' })
    const message = await renderSummaryReply(content)

    expect(within(message).getByText(content)).toBeInTheDocument()
    expect(within(message).queryByRole('heading', { name: 'Exam' })).not.toBeInTheDocument()
  })

  it('CH-7 a summary not flagged structured stays plain text', async () => {
    const content = JSON.stringify(summary)
    givenConversation({ content, meta_data: { type: 'patient_summary', structured: false } })
    renderChat()

    expect(await screen.findByText(content)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Patient' })).not.toBeInTheDocument()
  })
})

describe('rating a reply', () => {
  it('CH-5 every assistant reply, and only those, can be rated under Rate this response:', async () => {
    givenConversation(
      { role: 'user', content: 'Any nodules?' },
      { role: 'assistant', content: 'No nodules are seen.' },
    )
    renderChat()

    const reply = await screen.findByRole('article', { name: 'AI Assistant' })
    const rating = within(reply).getByRole('group', { name: 'Rate this response:' })
    expect(within(rating).getByRole('button', { name: 'Rate up' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(within(rating).getByRole('button', { name: 'Rate down' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    const question = screen.getByRole('article', { name: 'You' })
    expect(within(question).queryByRole('button', { name: 'Rate up' })).not.toBeInTheDocument()
  })

  it('CH-5 rating sends the rating; clicking the rating already set removes it and sends null', async () => {
    const [, reply] = givenConversation(
      { role: 'user', content: 'Any nodules?' },
      { role: 'assistant', content: 'No nodules are seen.', rating: 'up' },
    )
    const { user } = renderChat()
    const { up, down } = await findRatingButtons()
    expect(up).toHaveAttribute('aria-pressed', 'true')

    await user.click(up)

    await waitFor(() => {
      expect(up).toHaveAttribute('aria-pressed', 'false')
    })
    await waitFor(() => {
      expect(apiBackend.requestsTo('rateMessage')).toHaveLength(1)
    })
    const [cleared] = apiBackend.requestsTo('rateMessage')
    expect(cleared?.path).toBe(`/api/v1/orders/O1/messages/${reply!.id}/rating`)
    expect(cleared?.body).toEqual({ rating: null })

    await user.click(down)

    await waitFor(() => {
      expect(down).toHaveAttribute('aria-pressed', 'true')
    })
    expect(up).toHaveAttribute('aria-pressed', 'false')
    await waitFor(() => {
      expect(apiBackend.requestsTo('rateMessage')[1]?.body).toEqual({ rating: 'down' })
    })
  })

  it('CH-6 a rating shows at once and is reverted and logged when the call fails', async () => {
    givenConversation({ role: 'assistant', content: 'No nodules are seen.' })
    const { user, deps } = renderChat()
    const { up } = await findRatingButtons()
    const release = holdAnswer('rateMessage', serverError)

    await user.click(up)

    // The server has not answered yet: the pressed state is the optimistic one.
    await waitFor(() => {
      expect(up).toHaveAttribute('aria-pressed', 'true')
    })
    expect(apiBackend.requestsTo('rateMessage')).toHaveLength(1)
    act(release)
    await waitFor(() => {
      expect(up).toHaveAttribute('aria-pressed', 'false')
    })
    expect(deps.logger.events('error')).toContain('conversation/ratingReverted')
    expect(screen.queryByText(/API Error/)).not.toBeInTheDocument()
  })
})

describe('a rating racing a refetch of the conversation', () => {
  /** The conversation as the server had it before any rating, answered by a refetch. */
  const staleConversation = () => {
    const snapshot = structuredClone(apiBackend.messages.get('O1'))
    return () => HttpResponse.json(snapshot)
  }
  const refetch = (store: ReturnType<typeof renderChat>['store']) => {
    act(() => {
      store.dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: 'O1' }]))
    })
  }

  /** Resolves once a fetch of the conversation newer than the one cached now has landed. */
  const refetchLanded = (store: ReturnType<typeof renderChat>['store']) => {
    const cached = () => conversationApi.endpoints.listMessages.select('O1')(store.getState())
    const before = cached().fulfilledTimeStamp
    return waitFor(() => {
      expect(cached().fulfilledTimeStamp).not.toBe(before)
    })
  }

  /**
   * A conversation of one assistant reply on screen, and a refetch of it under way whose answer
   * (the conversation as it is now, before any rating) is held until `releaseRefetch`.
   */
  async function replyOnScreenWhileARefetchIsHeld() {
    givenConversation({ role: 'assistant', content: 'No nodules are seen.' })
    const { user, store } = renderChat()
    const { up } = await findRatingButtons()
    const releaseRefetch = holdAnswer('listMessages', staleConversation())
    refetch(store)
    await waitFor(() => {
      expect(apiBackend.requestsTo('listMessages')).toHaveLength(2)
    })
    return { user, store, up, releaseRefetch }
  }

  it('CH-6 a rating confirmed while an older refetch runs is shown once everything lands', async () => {
    const { user, store, up, releaseRefetch } = await replyOnScreenWhileARefetchIsHeld()

    await user.click(up)
    await waitFor(() => {
      expect(apiBackend.requestsTo('rateMessage')).toHaveLength(1)
    })
    await waitFor(() => {
      expect(apiBackend.messages.get('O1')?.at(-1)?.rating).toBe('up')
    })
    const refetched = refetchLanded(store)
    act(releaseRefetch)
    await refetched

    // The refetch answered with the conversation from before the rating, which is not shown.
    expect(up).toHaveAttribute('aria-pressed', 'true')
  })

  it('CH-6 an older refetch landing before the rating is confirmed does not take the rating back', async () => {
    const { user, store, up, releaseRefetch } = await replyOnScreenWhileARefetchIsHeld()
    const releaseRating = holdAnswer('rateMessage', () => HttpResponse.json({ success: true }))
    await user.click(up)
    await waitFor(() => {
      expect(up).toHaveAttribute('aria-pressed', 'true')
    })

    const refetched = refetchLanded(store)
    act(releaseRefetch)
    await refetched
    // The older conversation landed while the rating was on its way: the rating stays.
    expect(up).toHaveAttribute('aria-pressed', 'true')
    act(releaseRating)

    await waitFor(() => {
      expect(
        Object.values(store.getState().api.mutations).map((call) => [
          call?.endpointName,
          call?.status,
        ]),
      ).toEqual([['rateMessage', 'fulfilled']])
    })
    expect(up).toHaveAttribute('aria-pressed', 'true')
  })

  it('CH-5 a rating stored while a read of the conversation is on its way is shown once that read lands', async () => {
    const { store, user } = await renderLoadedChat()
    const { up } = await findRatingButtons()
    let releaseRead: () => void = () => undefined
    const readReleased = new Promise<void>((resolve) => {
      releaseRead = resolve
    })
    server.use(
      // A read that left before the rating reached the server answers the old rating.
      answerOnce('listMessages', async () => {
        const snapshot = structuredClone(apiBackend.messages.get('O1'))
        await readReleased
        return HttpResponse.json(snapshot)
      }),
    )
    act(() => {
      store.dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: 'O1' }]))
    })
    await waitFor(() => {
      expect(apiBackend.requestsTo('listMessages').length).toBeGreaterThanOrEqual(2)
    })

    await user.click(up)
    await waitFor(() => {
      expect(apiBackend.requestsTo('rateMessage')).toHaveLength(1)
    })
    act(releaseRead)

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Rate up' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
    })
    expect(apiBackend.requestsTo('listMessages').length).toBeGreaterThanOrEqual(3)
  })

  it('CH-5 a reply rated before the refetched conversation holds it keeps its rating', async () => {
    const { user } = await renderLoadedChat()
    let releaseRefetch: () => void = () => undefined
    const refetchReleased = new Promise<void>((resolve) => {
      releaseRefetch = resolve
    })
    server.use(
      // The refetch after the send reads the conversation before the rating reaches the server.
      answerOnce('listMessages', async () => {
        const snapshot = structuredClone(apiBackend.messages.get('O1'))
        await refetchReleased
        return HttpResponse.json(snapshot)
      }),
    )
    await user.type(messageBox(), 'Any effusion?{Enter}')
    const answered = (await screen.findByText('Noted.')).closest('article')!
    const releaseRating = holdAnswer('rateMessage', () => {
      apiBackend.messages.get('O1')!.at(-1)!.rating = 'up'
      return HttpResponse.json({ success: true })
    })

    await user.click(within(answered).getByRole('button', { name: 'Rate up' }))
    await waitFor(() => {
      expect(apiBackend.requestsTo('rateMessage')).toHaveLength(1)
    })
    act(releaseRefetch)
    await waitFor(() => {
      expect(answered).not.toBeInTheDocument()
    })
    act(releaseRating)

    await waitFor(() => {
      const stored = screen.getByText('Noted.').closest('article')!
      expect(within(stored).getByRole('button', { name: 'Rate up' })).toHaveAttribute(
        'aria-pressed',
        'true',
      )
    })
  })
})

describe('sending a message', () => {
  it('CH-8 send is disabled while the message is empty or only whitespace', async () => {
    const { user } = await renderLoadedChat()
    expect(sendButton()).toBeDisabled()

    await user.type(messageBox(), '   ')
    expect(sendButton()).toBeDisabled()
    await user.type(messageBox(), '{Shift>}{Enter}{/Shift}')
    expect(sendButton()).toBeDisabled()

    await user.type(messageBox(), 'Any effusion?')
    expect(sendButton()).toBeEnabled()
  })

  it('CH-8 send is disabled while recording, and Enter does not send then', async () => {
    const { user } = await renderLoadedChat({ isRecording: true })

    act(() => {
      fireEvent.change(messageBox(), { target: { value: 'Dictated so far' } })
    })
    expect(sendButton()).toBeDisabled()
    expect(messageBox()).toHaveAttribute('readonly')
    await user.type(messageBox(), '{Enter}')

    expect(apiBackend.requestsTo('sendMessage')).toHaveLength(0)
  })

  it('CH-3 CH-8 while a reply is pending: the sent text shows, Assistant is thinking..., send is disabled', async () => {
    const { user } = await renderLoadedChat()
    const release = holdAnswer('sendMessage', () => {
      const question = buildMessage({ order_id: 'O1', role: 'user', content: 'Any effusion?' })
      const reply = buildMessage({ order_id: 'O1', content: 'A small left effusion.' })
      apiBackend.messages.get('O1')!.push(question, reply)
      return HttpResponse.json({
        message_id: reply.id,
        content: reply.content,
        created_at: reply.created_at,
        report_updated: false,
      })
    })

    await user.type(messageBox(), 'Any effusion?{Enter}')

    expect(await screen.findByText('Assistant is thinking...')).toBeInTheDocument()
    const sending = screen.getAllByRole('article', { name: 'You' }).at(-1)!
    expect(sending).toHaveTextContent('Any effusion?')
    expect(sending).toHaveTextContent('Sending…')
    expect(messageBox()).toHaveValue('')
    await user.type(messageBox(), 'And the heart?')
    expect(sendButton()).toBeDisabled()
    await user.type(messageBox(), '{Enter}')
    expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)

    act(release)

    expect(await screen.findByText('A small left effusion.')).toBeInTheDocument()
    expect(screen.queryByText('Assistant is thinking...')).not.toBeInTheDocument()
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument()
    expect(screen.getByText('Any effusion?')).toBeInTheDocument()
    expect(messageBox()).toHaveValue('And the heart?')
    expect(sendButton()).toBeEnabled()
  })

  it('CH-12 API-6 a send answered without the reply is sent: nothing to resend, the refetch shows the reply', async () => {
    const { user } = await renderLoadedChat()
    const releaseRefetch = holdAnswer('listMessages', () =>
      HttpResponse.json(apiBackend.messages.get('O1')),
    )
    server.use(
      http.post(routePattern('sendMessage'), () => {
        const question = buildMessage({ order_id: 'O1', role: 'user', content: 'Any effusion?' })
        const reply = buildMessage({ order_id: 'O1', content: 'A small left effusion.' })
        apiBackend.messages.get('O1')!.push(question, reply)
        return HttpResponse.json({ ok: true })
      }),
    )

    await user.type(messageBox(), 'Any effusion?{Enter}')

    // Answered: no longer 'Sending…', no failure, and the text is not put back for a resend.
    await waitFor(() => {
      expect(screen.queryByText('Sending…')).not.toBeInTheDocument()
    })
    expect(screen.getByText('Any effusion?')).toBeInTheDocument()
    expect(messageBox()).toHaveValue('')
    expect(screen.queryByText(/Message not sent/)).not.toBeInTheDocument()

    act(releaseRefetch)

    expect(await screen.findByText('A small left effusion.')).toBeInTheDocument()
    expect(screen.getAllByText('Any effusion?')).toHaveLength(1)
  })

  it('CH-3 the answered exchange stays on screen until the refetched conversation holds it', async () => {
    const { user } = await renderLoadedChat()
    const releaseRefetch = holdAnswer('listMessages', () =>
      HttpResponse.json(apiBackend.messages.get('O1')),
    )

    await user.type(messageBox(), 'Any effusion?{Enter}')

    expect(await screen.findByText('Noted.')).toBeInTheDocument()
    await waitFor(() => {
      expect(screen.queryByText('Assistant is thinking...')).not.toBeInTheDocument()
    })
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument()
    expect(screen.getByText('Any effusion?')).toBeInTheDocument()
    expect(apiBackend.requestsTo('listMessages')).toHaveLength(2)

    act(releaseRefetch)

    await waitFor(() => {
      expect(articles()).toHaveLength(4)
    })
    expect(screen.getAllByText('Noted.')).toHaveLength(1)
    expect(screen.getAllByText('Any effusion?')).toHaveLength(1)
  })

  it('CH-9 Enter sends the message; the input is emptied and the exchange shows', async () => {
    const { user } = await renderLoadedChat()

    await user.type(messageBox(), '  Any effusion?  {Enter}')

    await waitFor(() => {
      expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)
    })
    const [sent] = apiBackend.requestsTo('sendMessage')
    expect(sent?.path).toBe('/api/v1/orders/O1/messages')
    expect(sent?.body).toEqual({ content: 'Any effusion?', input_type: 'text' })
    expect(messageBox()).toHaveValue('')
    expect(await screen.findByText('Noted.')).toBeInTheDocument()
    expect(screen.getByText('Any effusion?')).toBeInTheDocument()
    expect(messageBox()).toHaveFocus()
  })

  it('SEC-3 pasted characters nobody sees are taken out before the message is sent', async () => {
    const { user } = await renderLoadedChat()

    await user.click(messageBox())
    await user.paste('Any\u000Beffusion?\u0000')
    await user.keyboard('{Enter}')

    await waitFor(() => {
      expect(apiBackend.requestsTo('sendMessage')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('sendMessage')[0]?.body).toEqual({
      content: 'Any\neffusion?',
      input_type: 'text',
    })
  })

  it('CH-9 Shift+Enter inserts a newline and does not send', async () => {
    const { user } = await renderLoadedChat()

    await user.type(messageBox(), 'Line one{Shift>}{Enter}{/Shift}Line two')

    expect(messageBox()).toHaveValue('Line one\nLine two')
    expect(apiBackend.requestsTo('sendMessage')).toHaveLength(0)

    await user.click(sendButton())

    await waitFor(() => {
      expect(apiBackend.requestsTo('sendMessage')[0]?.body).toEqual({
        content: 'Line one\nLine two',
        input_type: 'text',
      })
    })
  })

  it('CH-9 Enter that confirms an IME composition does not send', async () => {
    await renderLoadedChat()
    act(() => {
      fireEvent.change(messageBox(), { target: { value: '胸水' } })
    })

    fireEvent.keyDown(messageBox(), { key: 'Enter', isComposing: true })
    fireEvent.keyDown(messageBox(), { key: 'Enter', keyCode: 229 })

    expect(apiBackend.requestsTo('sendMessage')).toHaveLength(0)
    expect(messageBox()).toHaveValue('胸水')
  })

  it('CH-12 a failed send keeps the text in the input, says so, logs it, and a retry sends it', async () => {
    server.use(answerOnce('sendMessage', serverError))
    const { user, deps } = await renderLoadedChat()

    await user.type(messageBox(), 'Is there a fracture?{Enter}')

    expect(
      await screen.findByText('Message not sent. Your text is kept; try again.'),
    ).toBeInTheDocument()
    expect(messageBox()).toHaveValue('Is there a fracture?')
    expect(screen.queryByText('Assistant is thinking...')).not.toBeInTheDocument()
    expect(screen.queryByText('Sending…')).not.toBeInTheDocument()
    const failure = deps.logger.entries.find((entry) => entry.event === 'api/requestFailed')
    expect(failure).toMatchObject({
      level: 'error',
      detail: { endpoint: 'sendMessage', status: 500 },
    })

    await user.click(sendButton())

    expect(await screen.findByText('Noted.')).toBeInTheDocument()
    expect(messageBox()).toHaveValue('')
    expect(screen.queryByText('Message not sent. Your text is kept; try again.')).toBeNull()
    expect(apiBackend.requestsTo('sendMessage').map((request) => request.body)).toEqual([
      { content: 'Is there a fracture?', input_type: 'text' },
      { content: 'Is there a fracture?', input_type: 'text' },
    ])
  })

  it('CH-12 text typed while a send fails is kept after the returned text', async () => {
    const release = holdAnswer('sendMessage', serverError)
    const { user } = await renderLoadedChat()

    await user.type(messageBox(), 'First question{Enter}')
    await screen.findByText('Assistant is thinking...')
    await user.type(messageBox(), 'Second thought')
    act(release)

    expect(
      await screen.findByText('Message not sent. Your text is kept; try again.'),
    ).toBeInTheDocument()
    expect(messageBox()).toHaveValue('First question\nSecond thought')
  })
})

describe('the input', () => {
  it('CH-10 the text area grows with its content up to 200 px, then scrolls', async () => {
    await renderLoadedChat()
    const area = messageBox()
    let contentHeight = 40
    Object.defineProperty(area, 'scrollHeight', { configurable: true, get: () => contentHeight })

    act(() => {
      fireEvent.change(area, { target: { value: 'one line' } })
    })
    const oneLine = Number.parseFloat(area.style.height)
    expect(area.style.overflowY).toBe('hidden')

    contentHeight = 120
    act(() => {
      fireEvent.change(area, { target: { value: 'one line\ntwo\nthree\nfour' } })
    })
    expect(Number.parseFloat(area.style.height)).toBe(oneLine + 80)
    expect(Number.parseFloat(area.style.height)).toBeLessThanOrEqual(200)
    expect(area.style.overflowY).toBe('hidden')

    contentHeight = 900
    act(() => {
      fireEvent.change(area, { target: { value: 'a very long dictation\n'.repeat(40) } })
    })
    expect(area.style.height).toBe('200px')
    expect(area.style.overflowY).toBe('auto')

    contentHeight = 40
    act(() => {
      fireEvent.change(area, { target: { value: 'short again' } })
    })
    expect(Number.parseFloat(area.style.height)).toBe(oneLine)
    expect(area.style.overflowY).toBe('hidden')
  })

  it('the draft of each study is kept while switching between studies', async () => {
    function TwoStudies() {
      const [orderId, setOrderId] = useState('O1')
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setOrderId(orderId === 'O1' ? 'O2' : 'O1')
            }}
          >
            Switch study
          </button>
          <Chat orderId={orderId} />
        </>
      )
    }
    const { user } = renderWithProviders(<TwoStudies />)
    await screen.findByText('No nodules are seen.')

    await user.type(messageBox(), 'Draft for the chest CT')
    await user.click(screen.getByRole('button', { name: 'Switch study' }))

    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument()
    expect(messageBox()).toHaveValue('')
    await user.type(messageBox(), 'Draft for the brain MRI')
    await user.click(screen.getByRole('button', { name: 'Switch study' }))

    expect(messageBox()).toHaveValue('Draft for the chest CT')
    await user.click(screen.getByRole('button', { name: 'Switch study' }))
    expect(messageBox()).toHaveValue('Draft for the brain MRI')
  })

  it('renders the microphone button and the dictation hint the app passes in', async () => {
    await renderLoadedChat({
      micButton: <button type="button">Start dictation</button>,
      dictationHint: <p>Listening...</p>,
    })

    expect(screen.getByRole('button', { name: 'Start dictation' })).toBeInTheDocument()
    expect(screen.getByText('Listening...')).toBeInTheDocument()
  })
})

describe('following the conversation', () => {
  /** A new message arrives on the server and the list is refetched, as after a reply. */
  async function newMessageArrives(store: ReturnType<typeof renderChat>['store'], content: string) {
    const thread = apiBackend.messages.get('O1') ?? []
    apiBackend.messages.set('O1', [...thread, buildMessage({ order_id: 'O1', content })])
    act(() => {
      store.dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: 'O1' }]))
    })
    await screen.findByText(content)
  }

  /** The chat with its log 300 px tall over 800 px of messages, once the conversation shows. */
  async function renderTallConversation() {
    const view = renderChat()
    const log = conversationLog()
    const layout = layOut(log, { clientHeight: 300 })
    layout.setContentHeight(800)
    await screen.findByText('No nodules are seen.')
    return { ...view, log, layout }
  }

  /** Scrolls the log up, away from the bottom; gives the Jump to latest button that brings. */
  async function scrollUp(log: HTMLElement) {
    log.scrollTop = 100
    fireEvent.scroll(log)
    return screen.findByRole('button', { name: 'Jump to latest' })
  }

  it('new messages bring the list to the bottom while the clinician is there', async () => {
    const { store, log, layout } = await renderTallConversation()

    expect(log.scrollTop).toBe(800)
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()

    layout.setContentHeight(1100)
    await newMessageArrives(store, 'A later reply.')

    expect(log.scrollTop).toBe(1100)
  })

  it('a clinician who scrolled up stays put and is offered Jump to latest', async () => {
    const { store, user, log, layout } = await renderTallConversation()

    const jump = await scrollUp(log)
    layout.setContentHeight(1100)
    await newMessageArrives(store, 'A later reply.')

    expect(log.scrollTop).toBe(100)

    await user.click(jump)

    expect(log.scrollTop).toBe(1100)
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()
  })

  it('the clinician sending a message brings the list to the bottom even when scrolled up', async () => {
    const { user, log, layout } = await renderTallConversation()
    await scrollUp(log)

    layout.setContentHeight(950)
    await user.type(messageBox(), 'Any effusion?{Enter}')

    await waitFor(() => {
      expect(log.scrollTop).toBeGreaterThanOrEqual(950)
    })
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument()
  })
})
