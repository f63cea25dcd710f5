/**
 * Chat benchmark: the real workspace (WorkspaceFrame, so the chat gets its microphone button,
 * dictation hint and recording flag the way the app gives them), the real store, sagas and
 * API layer, and a study whose conversation holds 2,000 messages served by the web tests'
 * in-memory backend (MSW), in jsdom. Prints numbers and asserts nothing (timings depend on the
 * machine). For each step: message items (MessageItem) rendered again and mounted, renders of
 * MessageList, ChatInput and WorkspaceFrame, React commits and their time (React Profiler
 * around the workspace), the event's synchronous part, and the wall time until the screen
 * showed the outcome:
 * - opening the study, then the scroll event a browser sends after the list pins the bottom;
 * - (a) a reply arriving (the server's conversation grows by one; the list refetches it), and a
 *   whole send (Enter: sending, the answer, the refetch);
 * - (b) rating a reply up (the cache is patched at once, then the call is answered);
 * - (c) typing one character into 'Message';
 * - (d) dictation: 'Start dictation' (the slice's `startRequested`), then the recognizer
 *   hearing words (the saga's `hypothesisChanged` + `dictationComposed` write the input);
 * - (e) scrolling to the middle of the conversation, then (a), (b) and (c) there.
 *
 * Run: npx tsx scripts/bench-chat.tsx [messageCount]
 *
 * Like bench-worklist.tsx, this file starts itself a second time through Vite's module runner
 * (the SPA's modules read `import.meta.env`; benchSupport.ts): the plain run prepares jsdom, a
 * layout jsdom does not have and a React DevTools-style hook that counts component renders;
 * the Vite run's `runBench` does the work.
 */
import { performance } from 'node:perf_hooks'
// Types only: erased, so the first (plain tsx) run loads none of the app's modules.
import type { Message } from '../contract'
import {
  countSlowCheckWarnings,
  formatMs,
  launchThroughVite,
  renderCounter,
  stubLayoutGetter,
  tableLines,
  type Tally,
} from './benchSupport'

const MESSAGE_COUNT = Number(process.argv[2] ?? 2_000)
/** The conversation's viewport and the height every rendered message measures. */
const VIEWPORT_PX = 800
const ROW_PX = 110
/** After each step: the virtualizer's 'is scrolling' reset (150 ms) and other timers land. */
const SETTLE_MS = 250
const ORDER_ID = 'O1'

/** The conversation's scroll box: the element with role log. */
const isLog = (element: Element) => element.getAttribute('role') === 'log'

/**
 * The content's height: that of the virtual rows' container (the child of the log's content
 * with an inline height, the virtualizer's total size; there as soon as the messages are, even
 * before the rows of the first screen), plus the padding.
 */
function contentHeightOf(log: HTMLElement): number {
  const rows = Array.from(log.firstElementChild?.children ?? []).find(
    (child): child is HTMLElement => child instanceof HTMLElement && child.style.height !== '',
  )
  // The list's content padding, above the first message and below the last one.
  const padding = 2 * 16
  return (rows ? Number.parseFloat(rows.style.height) || 0 : 0) + padding
}

/**
 * A layout on top of the web tests' jsdom set-up: the conversation's viewport is VIEWPORT_PX
 * tall, each rendered message ROW_PX, and its scroll height follows the virtualizer's total size.
 */
function layOutConversation(): void {
  stubLayoutGetter('clientHeight', (element, fallback) =>
    isLog(element) ? VIEWPORT_PX : fallback(),
  )
  stubLayoutGetter('offsetHeight', (element, fallback) =>
    element.hasAttribute('data-index') ? ROW_PX : fallback(),
  )
  stubLayoutGetter('scrollHeight', (element, fallback) =>
    isLog(element) ? contentHeightOf(element) : fallback(),
  )
}

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

/** The benchmark proper; runs inside Vite's module runner, where the app's modules load. */
export async function runBench(): Promise<void> {
  const counter = renderCounter('bench-chat.tsx')
  if (!Number.isInteger(MESSAGE_COUNT) || MESSAGE_COUNT < 40) {
    throw new Error('The message count must be a whole number of at least 40')
  }

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
  apiBackend.messages.set(ORDER_ID, conversation(MESSAGE_COUNT, buildMessage))

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
  const span = (shown: (string | null)[]) => `${shown[0] ?? '-'}..${shown.at(-1) ?? '-'}`
  const sleep = (time: number) =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, time)
    })

  // Let the workspace settle (identity SDK, the sidebar's lists) before anything is counted.
  await waitFor(
    () => {
      if (!idle()) throw new Error('requests still open')
    },
    { timeout: 20_000 },
  )
  await act(() => sleep(SETTLE_MS))

  /** The scroll offset the virtualizer last heard of (jsdom sends no scroll events itself). */
  let reportedScrollTop = 0
  /**
   * What the browser does after the list sets scrollTop (pinning the bottom): the offset is
   * clamped to what can be scrolled, and a scroll event follows.
   */
  function browserScrolls(): void {
    const element = log()
    const max = Math.max(0, element.scrollHeight - element.clientHeight)
    if (element.scrollTop > max) element.scrollTop = max
    if (element.scrollTop === reportedScrollTop) return
    reportedScrollTop = element.scrollTop
    element.dispatchEvent(new Event('scroll'))
  }

  interface Sample {
    label: string
    items: Tally
    list: Tally
    input: Tally
    frame: Tally
    sidebar: Tally
    patient: Tally
    commits: number
    react: number
    task: number
    wall: number
    rows: number
  }
  const samples: Sample[] = []

  /**
   * Runs `action` and waits until `done` holds (the network answered, the screen shows it),
   * then lets the browser's scroll event and the timers of the step land; counts everything
   * React did meanwhile.
   */
  async function measure(
    label: string,
    action: () => void,
    done: () => boolean = () => true,
  ): Promise<void> {
    commits.length = 0
    counter.reset()
    const started = performance.now()
    // The outermost act: React renders and commits what the action caused before it returns.
    act(action)
    const task = performance.now() - started
    await waitFor(
      () => {
        if (!done()) throw new Error(`${label}: not done yet`)
      },
      { timeout: 20_000, interval: 2 },
    )
    act(browserScrolls)
    const wall = performance.now() - started
    await act(() => sleep(SETTLE_MS))
    act(browserScrolls)
    const sample: Sample = {
      label,
      items: counter.tally('MessageItem'),
      list: counter.tally('MessageList'),
      input: counter.tally('ChatInput'),
      frame: counter.tally('WorkspaceFrame'),
      sidebar: counter.tally('Sidebar'),
      patient: counter.tally('PatientHeader'),
      commits: commits.length,
      react: commits.reduce((sum, commit) => sum + commit.actual, 0),
      task,
      wall,
      rows: articles().length,
    }
    samples.push(sample)
  }

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

  // Opening the study, as the sidebar does: the list renders the rows of the offset its
  // virtualizer starts at, pins the bottom in a layout effect, and the browser's scroll event
  // then reports where the box is (bringing the latest messages in, if they were not yet).
  let firstWindow: (string | null)[] = []
  await measure(
    'open the study (messages fetched)',
    () => store.dispatch(studySelected({ orderId: ORDER_ID })),
    () => {
      if (cached().length !== MESSAGE_COUNT || articles().length === 0 || !idle()) return false
      firstWindow = positions()
      return true
    },
  )
  const openWindow = positions()
  await waitFor(
    () => {
      const status = selectDictationStatus(store.getState())
      if (status !== 'idle') throw new Error(`dictation is ${status}`)
    },
    { timeout: 20_000 },
  )

  // (a) A reply arrives while the clinician is at the bottom; then a whole send.
  await measure(
    '(a) a reply arrives (refetch, +1 message)',
    () => {
      replyArrives('A later reply.')
    },
    holds(MESSAGE_COUNT + 1),
  )
  act(() => {
    fireEvent.change(messageBox(), { target: { value: 'Any effusion?' } })
  })
  await measure(
    '(a) send: Enter, answer, refetch (+2)',
    () => {
      fireEvent.keyDown(messageBox(), { key: 'Enter' })
    },
    () =>
      holds(MESSAGE_COUNT + 3)() && store.getState().conversation.answered[ORDER_ID] === undefined,
  )

  // (b) Rating a reply up: the cached message changes at once, the call is answered later.
  const bottomReply = unratedReply()
  await measure(
    '(b) rate a reply up (optimistic + answer)',
    () => {
      fireEvent.click(bottomReply.button)
    },
    ratedUp(bottomReply.id),
  )

  // (c) One character typed.
  await measure('(c) type one character', () => {
    typeCharacter('W')
  })

  // (d) Dictation: start, then the recognizer's interim results write the input.
  await measure(
    '(d) start dictation (startRequested)',
    () => store.dispatch(startRequested({ orderId: ORDER_ID })),
    () => selectDictationStatus(store.getState()) === 'recording',
  )
  await measure(
    '(d) hypothesis: the recognizer hears a word',
    () => {
      deps.speech.session.hear('the lungs')
    },
    () => messageBox().value.endsWith('the lungs'),
  )
  await measure(
    '(d) hypothesis: the next word',
    () => {
      deps.speech.session.hear('the lungs are')
    },
    () => messageBox().value.endsWith('the lungs are'),
  )
  await measure(
    '(d) stop dictation (stopRequested)',
    () => store.dispatch(stopRequested({ orderId: ORDER_ID })),
    () => selectDictationStatus(store.getState()) === 'idle' && idle(),
  )

  // (e) The clinician scrolls to the middle: no longer following the conversation.
  await measure('(e) scroll to the middle', () => {
    const element = log()
    element.scrollTop = Math.round((element.scrollHeight - element.clientHeight) / 2)
    browserScrolls()
  })
  const middleReply = unratedReply()
  await measure(
    '(e) rate a reply up in the middle',
    () => {
      fireEvent.click(middleReply.button)
    },
    ratedUp(middleReply.id),
  )
  await measure('(e) type one character in the middle', () => {
    typeCharacter('X')
  })
  await measure(
    '(e) a reply arrives while scrolled up',
    () => {
      replyArrives('Another later reply.')
    },
    holds(MESSAGE_COUNT + 4),
  )

  // jsdom's getComputedStyle walks every style rule Emotion inserted; useAutoGrow calls it on
  // each change of the input, which makes typing look slower here than in a browser.
  const styleReads: number[] = []
  for (let run = 0; run < 5; run += 1) {
    const styleStarted = performance.now()
    getComputedStyle(messageBox())
    styleReads.push(performance.now() - styleStarted)
  }
  styleReads.sort((a, b) => a - b)

  const header = [
    'step',
    'items',
    'mounted',
    'list',
    'input',
    'frame',
    'sidebar',
    'patient',
    'commits',
    'React',
    'task',
    'wall',
    'rows',
  ]
  const table = samples.map((sample) => [
    sample.label,
    String(sample.items.renders),
    String(sample.items.mounts),
    String(sample.list.renders + sample.list.mounts),
    String(sample.input.renders + sample.input.mounts),
    String(sample.frame.renders),
    String(sample.sidebar.renders + sample.sidebar.mounts),
    String(sample.patient.renders + sample.patient.mounts),
    String(sample.commits),
    formatMs(sample.react),
    formatMs(sample.task),
    formatMs(sample.wall),
    String(sample.rows),
  ])
  console.log(
    `\nChat benchmark: ${String(MESSAGE_COUNT)} messages (jsdom, Node ${process.version}, React development build)`,
  )
  console.log(
    `  viewport ${String(VIEWPORT_PX)} px, every message ${String(ROW_PX)} px; opening rendered messages ${span(firstWindow)} first, then ${span(openWindow)} after the browser's scroll event`,
  )
  for (const line of tableLines([header, ...table])) console.log(`  ${line}`)
  console.log(
    '  items / mounted: MessageItems rendered again (memo did not bail out) / mounted;' +
      ' list, input, frame, sidebar, patient: renders of MessageList, ChatInput, WorkspaceFrame (which re-renders the sidebar and header),' +
      ' Sidebar, PatientHeader (mounts included but for the frame)',
  )
  console.log(
    "  React: Profiler actual time of the workspace's commits; task: the event's synchronous part (handlers, store, render, commit, effects);" +
      ' wall: until the screen showed the outcome (network included); ms. rows: messages in the page after',
  )
  console.log(
    `  jsdom's getComputedStyle of the text area (useAutoGrow, each change of the input): ${formatMs(styleReads[2] ?? Number.NaN)} ms;` +
      ` the development store's checks warned ${String(slowCheckWarnings.count())} times`,
  )

  view.unmount()
  store.stopSagas()
  server.close()
  slowCheckWarnings.restore()
  console.debug = debug
}

launchThroughVite(import.meta, { prepareDom: layOutConversation })
