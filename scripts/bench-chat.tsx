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
 *
 * The layout: benchChatLayout.ts; the conversation and the workspace on it, with what the server
 * and the clinician do there: benchChatWorkspace.tsx; a step's measuring and the table:
 * benchChatMeasure.ts.
 */
import { performance } from 'node:perf_hooks'
import { printSteps, stepMeasurer } from './benchChatMeasure'
import { layOutConversation } from './benchChatLayout'
import { ORDER_ID, openWorkspace } from './benchChatWorkspace'
import { launchThroughVite, renderCounter } from './benchSupport'

const MESSAGE_COUNT = Number(process.argv[2] ?? 2_000)

/** The benchmark proper; runs inside Vite's module runner, where the app's modules load. */
export async function runBench(): Promise<void> {
  const counter = renderCounter('bench-chat.tsx')
  if (!Number.isInteger(MESSAGE_COUNT) || MESSAGE_COUNT < 40) {
    throw new Error('The message count must be a whole number of at least 40')
  }

  const workspace = await openWorkspace(counter, MESSAGE_COUNT)
  const { act, fireEvent, waitFor, store, deps } = workspace
  const { studySelected, selectDictationStatus, startRequested, stopRequested } = workspace
  const { cached, idle, log, messageBox, articles, positions } = workspace
  const { replyArrives, holds, unratedReply, ratedUp, typeCharacter } = workspace
  const { samples, measure, browserScrolls } = stepMeasurer(workspace, counter)

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

  printSteps(samples, {
    messageCount: MESSAGE_COUNT,
    firstWindow,
    openWindow,
    styleRead: styleReads[2] ?? Number.NaN,
    slowCheckWarnings: workspace.slowCheckWarnings.count(),
  })

  workspace.close()
}

launchThroughVite(import.meta, { prepareDom: layOutConversation })
