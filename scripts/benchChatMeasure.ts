/**
 * The chat benchmark's measuring (bench-chat.tsx): a step run and waited for, with what React did
 * meanwhile counted (renders per component, commits and their time, the event's synchronous part,
 * the wall time); the scroll event a browser sends and jsdom does not; and the table of the steps
 * with its legend.
 */
import { performance } from 'node:perf_hooks'
import { ROW_PX, VIEWPORT_PX } from './benchChatLayout'
import { SETTLE_MS, sleep, type Workspace } from './benchChatWorkspace'
import { formatMs, tableLines, type RenderCounter, type Tally } from './benchSupport'

export interface Sample {
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

/** The steps' measuring on `workspace`, with `counter` counting its components' renders. */
export function stepMeasurer(workspace: Workspace, counter: RenderCounter) {
  const { act, waitFor, commits, log, articles } = workspace

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

  return { samples, measure, browserScrolls }
}

/** What the table's heading says besides the steps. */
export interface ChatRun {
  messageCount: number
  /** The messages rendered when the study opened, and after the browser's scroll event. */
  firstWindow: (string | null)[]
  openWindow: (string | null)[]
  /** jsdom's getComputedStyle of the text area, ms. */
  styleRead: number
  slowCheckWarnings: number
}

const span = (shown: (string | null)[]) => `${shown[0] ?? '-'}..${shown.at(-1) ?? '-'}`

/** Prints the steps' table, with what the run was and a legend. */
export function printSteps(samples: readonly Sample[], run: ChatRun): void {
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
    `\nChat benchmark: ${String(run.messageCount)} messages (jsdom, Node ${process.version}, React development build)`,
  )
  console.log(
    `  viewport ${String(VIEWPORT_PX)} px, every message ${String(ROW_PX)} px; opening rendered messages ${span(run.firstWindow)} first, then ${span(run.openWindow)} after the browser's scroll event`,
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
    `  jsdom's getComputedStyle of the text area (useAutoGrow, each change of the input): ${formatMs(run.styleRead)} ms;` +
      ` the development store's checks warned ${String(run.slowCheckWarnings)} times`,
  )
}
