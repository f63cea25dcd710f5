/**
 * The first paint's DOM (firstPaint.ts): the sidebar's frame, the 'Worklist' heading with its
 * count, and the rows of the first page, each saying what the app's row says (the texts come
 * from src/shared/worklistRowText.ts; the look from index.html's stylesheet). Plain DOM: React
 * has not loaded yet. Only the list is for assistive technology (a list box named 'Worklist' of
 * options, as the app's); the frame around it is for the eye.
 */
import type { Priority } from '../../../contract'
import { IN_PROGRESS } from '../../../contract/constants'
import {
  claimLabel,
  minuteOf,
  pastTarget,
  patientLabel,
  PRIORITY_LABEL,
  studyLabel,
  waitingOf,
  waitingText,
  type WaitTargets,
} from '../../shared/worklistRowText'

/** A row of the first page, as the first paint reads it (firstRows.ts). */
export interface FirstRow {
  id: string
  patient: { first_name: string; last_name: string }
  modality: string
  body_part: string
  study_description: string
  accession_number: string
  priority: Priority
  ordered_at?: string
  status: string
  is_final: boolean
  claimed_by: { user_id: string; name: string } | null
}

export interface PaintContext {
  productTitle: string
  /** How many orders the worklist holds (its heading's count). */
  count: number
  /** How many rows the list has loaded (each option's `aria-setsize`, as the app's). */
  loaded: number
  /** The study the address names (`?study=`), shown selected. */
  selectedId: string | null
  /** Whose session it is: their own claims say nothing (WL-10). */
  viewerId: string | null
  nowMs: number
  /** The stat and urgent targets past which a row's clock is marked (WL-9, WL-13). */
  targets: WaitTargets
  /** A row was clicked: the study the app opens when it takes over. */
  onOpen: (orderId: string) => void
}

/** Height of a row in px (the app's ROW_HEIGHT) and the list's top (under the sidebar's tools). */
const ROW_HEIGHT = 76
const LIST_TOP = 276

export const FIRST_PAINT_ID = 'first-paint'

/** How many rows a window `viewportHeight` px high shows of the list (at least one). */
export const visibleRows = (viewportHeight: number) =>
  Math.max(1, Math.ceil((viewportHeight - LIST_TOP) / ROW_HEIGHT))

function element(
  document: Document,
  tag: string,
  className: string | null,
  ...children: (Node | string | null)[]
): HTMLElement {
  const node = document.createElement(tag)
  if (className) node.className = className
  for (const child of children) if (child !== null) node.append(child)
  return node
}

function rowOf(document: Document, row: FirstRow, index: number, context: PaintContext) {
  const text = (className: string | null, value: string, title = false, tag = 'span') => {
    const node = element(document, tag, className, value)
    if (title) node.title = value
    return node
  }
  const waiting = waitingOf(row, minuteOf(context.nowMs), context.targets)
  let clock: HTMLElement | null = null
  if (waiting) {
    clock = element(
      document,
      'span',
      waiting.overdue ? `fp-wait fp-over fp-${row.priority}` : 'fp-wait',
      waiting.overdue ? element(document, 'span', null, '⚠ ') : null,
      text('fp-hidden', 'Waiting '),
      waitingText(waiting.minutes),
      waiting.overdue
        ? text('fp-hidden', `, past ${pastTarget(row.priority, context.targets)}`)
        : null,
    )
    clock.firstElementChild?.setAttribute('aria-hidden', 'true')
  }
  const state = row.is_final
    ? text('fp-final', 'Final')
    : row.status === IN_PROGRESS
      ? text('fp-progress', 'In progress')
      : null
  const claim = claimLabel(row.claimed_by, context.viewerId)
  const option = element(
    document,
    'div',
    null,
    element(
      document,
      'div',
      'fp-line',
      text('fp-name fp-cut', patientLabel(row), true),
      clock,
      text(`fp-badge fp-${row.priority}`, PRIORITY_LABEL[row.priority]),
    ),
    text('fp-study fp-cut', studyLabel(row), true, 'div'),
    element(
      document,
      'div',
      'fp-line fp-marks',
      text('fp-acc', row.accession_number),
      state,
      claim === null ? null : text('fp-claim fp-cut', claim, true),
    ),
  )
  // The app's own option id (the orders feature's OrderList: `worklist-ID`), so a row found by
  // its id is the same study before and after the app takes over.
  option.id = `worklist-${row.id}`
  option.setAttribute('role', 'option')
  option.setAttribute('aria-selected', String(row.id === context.selectedId))
  option.setAttribute('aria-setsize', String(context.loaded))
  option.setAttribute('aria-posinset', String(index + 1))
  option.dataset.orderId = row.id
  return option
}

/**
 * Paints the sidebar with `rows` (as many as the window shows) into `document`; answers the
 * painted element, which the app removes when it takes over.
 */
export function paintRows(
  document: Document,
  rows: readonly FirstRow[],
  context: PaintContext,
  viewportHeight: number,
): HTMLElement {
  const shown = rows.slice(0, visibleRows(viewportHeight))
  const list = element(
    document,
    'div',
    null,
    ...shown.map((row, index) => rowOf(document, row, index, context)),
  )
  list.setAttribute('role', 'listbox')
  list.setAttribute('aria-label', 'Worklist')
  list.addEventListener('click', (event) => {
    const option = (event.target as Element | null)?.closest<HTMLElement>('[role="option"]')
    const orderId = option?.dataset.orderId
    if (!option || orderId === undefined) return
    for (const other of list.children) other.setAttribute('aria-selected', 'false')
    option.setAttribute('aria-selected', 'true')
    context.onOpen(orderId)
  })
  // The frame's words are drawn by the stylesheet (`data-label`), not written into the page: a
  // search of the page by text finds them once, in the app's sidebar underneath.
  const label = (className: string, value: string) => {
    const node = element(document, 'div', className)
    node.dataset.label = value
    return node
  }
  const frame = element(
    document,
    'div',
    null,
    label('fp-title', context.productTitle),
    element(document, 'div', 'fp-tools'),
    element(
      document,
      'div',
      'fp-head',
      label('fp-label', 'Worklist'),
      label('fp-count', String(context.count)),
    ),
  )
  frame.setAttribute('aria-hidden', 'true')
  const painted = element(document, 'div', null, frame, list)
  painted.id = FIRST_PAINT_ID
  painted.setAttribute('aria-busy', 'true')
  document.body.prepend(painted)
  return painted
}
