/**
 * The chat benchmark's workspace (bench-chat.tsx): a deterministic conversation served by the web
 * tests' in-memory backend (MSW), the real workspace rendered on it inside a React Profiler with
 * the real store, sagas and API layer, and what the server or the clinician does there (a reply
 * arriving, rating a reply, typing). The app's modules load only when `openWorkspace` runs, inside
 * Vite's module runner; this file imports their types only, so the first, plain run may load it.
 */
// Types only: erased, so the first (plain tsx) run loads none of the app's modules.
import type { Message } from '../contract'
import { countSlowCheckWarnings, type RenderCounter } from './benchSupport'

export const ORDER_ID = 'O1'
/** After each step: the virtualizer's 'is scrolling' reset (150 ms) and other timers land. */
export const SETTLE_MS = 250

export const sleep = (time: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, time)
  })

/** A deterministic conversation: the patient summary, then questions and replies. */
function conversation(
  count: number,
  buildMessage: (overrides: Partial<Message> & Pick<Message, 'order_id'>) => Message,
): Message[] {
  const organs = ['lungs', 'heart', 'mediastinum', 'pleura', 'liver', 'adrenals', 'bones']
  const start = Date.parse('2025-03-04T08:00:00.000Z')
  const summary = {
    patient_summary: 'Ada Lovelace, 64-year-old female',
    exam: 'CT chest with contrast (CT, chest) — accession ACC-1001, priority routine',
    indication: 'Persistent cough',
    data: ['Former smoker', 'Hypertension'],
  }
  return Array.from({ length: count }, (_, index) => {
    const organ = organs[index % organs.length] ?? 'lungs'
    const common = {
      id: `B${String(index)}`,
      order_id: ORDER_ID,
      created_at: new Date(start + index * 60_000).toISOString(),
    }
    if (index === 0) {
      return buildMessage({
        ...common,
        content: JSON.stringify(summary),
        meta_data: { type: 'patient_summary', structured: true },
      })
    }
    if (index % 2 === 1) {
      return buildMessage({
        ...common,
        role: 'user',
        content: `Question ${String(index)}: any change in the ${organ} since the prior study?`,
        input_type: index % 5 === 0 ? 'voice' : 'text',
      })
    }
    const lines = [
      `Reply ${String(index)}: the ${organ} are unchanged compared with the prior study.`,
      'No new focal abnormality is seen. '.repeat(1 + (index % 4)).trim(),
      ...(index % 3 === 0 ? ['', 'IMPRESSION:', `Stable appearance of the ${organ}.`] : []),
    ]
    return buildMessage({
      ...common,
      role: 'assistant',
      content: lines.join('\n'),
      rating: index % 14 === 0 ? 'up' : index % 22 === 0 ? 'down' : null,
    })
  })
}

/**
 * Renders the workspace on a conversation of `messageCount` messages, with `counter` counting the
 * renders of its components, and waits until it has settled (identity SDK, the sidebar's lists).
 * Answers the handles the benchmark's steps use, and `close` to take it all down.
 */
export async function openWorkspace(counter: RenderCounter, messageCount: number) {
  const { act, fireEvent, waitFor, within } = await import('@testing-library/react')
  const { Profiler } = await import('react')
  const { WorkspaceFrame } = await import('../src/app/WorkspaceFrame')
  const { ChatInput } = await import('../src/features/conversation/ChatInput')
  const { MessageItem } = await import('../src/features/conversation/MessageItem')
  const { MessageList } = await import('../src/features/conversation/MessageList')
  const { selectDictationStatus, startRequested, stopRequested } =
    await import('../src/features/dictation')
  const { PatientHeader, Sidebar, studySelected } = await import('../src/features/orders')
  const { baseApi } = await import('../src/services/api/baseApi')
  const { conversationApi } = await import('../src/services/api/conversationApi')
  const { buildMessage } = await import('../tests/support/msw/data')
  const { apiBackend, server } = await import('../tests/support/msw/server')
  const { renderWithProviders } = await import('../tests/support/render')
  counter.targets.set(MessageItem, 'MessageItem')
  counter.targets.set(MessageList, 'MessageList')
  counter.targets.set(ChatInput, 'ChatInput')
  counter.targets.set(WorkspaceFrame, 'WorkspaceFrame')
  counter.targets.set(Sidebar, 'Sidebar')
  counter.targets.set(PatientHeader, 'PatientHeader')

  // The store is the development one, whose serializable and immutable checks warn when an
  // action takes them long (the fetched conversation's payload); production has neither. The
  // identity SDK narrates its timers at debug level (the tests mute it too).
  const slowCheckWarnings = countSlowCheckWarnings()
  const debug = console.debug.bind(console)
  console.debug = () => undefined

  server.listen({ onUnhandledRequest: 'error' })
  apiBackend.messages.set(ORDER_ID, conversation(messageCount, buildMessage))

  const commits: { actual: number }[] = []
  const view = renderWithProviders(
    <Profiler id="workspace" onRender={(_id, _phase, actual) => commits.push({ actual })}>
      <WorkspaceFrame />
    </Profiler>,
  )
  const { store, deps } = view

  const cached = () =>
    conversationApi.endpoints.listMessages.select(ORDER_ID)(store.getState()).data ?? []
  const idle = () =>
    store.dispatch(baseApi.util.getRunningQueriesThunk()).length === 0 &&
    store.dispatch(baseApi.util.getRunningMutationsThunk()).length === 0
  const log = () => view.getByRole('log', { name: 'Messages' })
  const messageBox = () => view.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
  const articles = () => within(log()).queryAllByRole('article')
  const positions = () => articles().map((article) => article.getAttribute('aria-posinset'))

  // Let the workspace settle (identity SDK, the sidebar's lists) before anything is counted.
  await waitFor(
    () => {
      if (!idle()) throw new Error('requests still open')
    },
    { timeout: 20_000 },
  )
  await act(() => sleep(SETTLE_MS))

  /** The server's conversation grows by one reply and the open list refetches it. */
  function replyArrives(content: string) {
    const thread = apiBackend.messages.get(ORDER_ID) ?? []
    apiBackend.messages.set(ORDER_ID, [
      ...thread,
      buildMessage({ id: `B${String(thread.length)}`, order_id: ORDER_ID, content }),
    ])
    store.dispatch(conversationApi.util.invalidateTags([{ type: 'Message', id: ORDER_ID }]))
  }
  const holds = (length: number) => () => cached().length === length && idle()

  /** The first visible reply not rated up yet; its 'Rate up' button and its id. */
  function unratedReply(): { button: HTMLElement; id: string } {
    for (const article of within(log()).getAllByRole('article', { name: 'AI Assistant' })) {
      const button = within(article).queryByRole('button', { name: 'Rate up' })
      if (button?.getAttribute('aria-pressed') !== 'false') continue
      const index = Number(article.closest('[data-index]')?.getAttribute('data-index'))
      const id = cached()[index]?.id
      if (id !== undefined) return { button, id }
    }
    throw new Error('no unrated reply in view')
  }
  const ratedUp = (id: string) => () =>
    apiBackend.messages.get(ORDER_ID)?.find((message) => message.id === id)?.rating === 'up' &&
    cached().find((message) => message.id === id)?.rating === 'up' &&
    idle()

  /** One character typed into 'Message' (React's onChange, as a keystroke sets it off). */
  function typeCharacter(character: string) {
    const box = messageBox()
    fireEvent.change(box, { target: { value: `${box.value}${character}` } })
  }

  function close(): void {
    view.unmount()
    store.stopSagas()
    server.close()
    slowCheckWarnings.restore()
    console.debug = debug
  }

  return {
    act,
    fireEvent,
    waitFor,
    store,
    deps,
    commits,
    studySelected,
    selectDictationStatus,
    startRequested,
    stopRequested,
    cached,
    idle,
    log,
    messageBox,
    articles,
    positions,
    replyArrives,
    holds,
    unratedReply,
    ratedUp,
    typeCharacter,
    slowCheckWarnings,
    close,
  }
}

export type Workspace = Awaited<ReturnType<typeof openWorkspace>>
