/**
 * What a worklist row says, as plain text (WS-5, WL-8..10): the React row (the orders feature's
 * OrderRow.tsx and its marks) and the page's first paint (src/app/boot, before React has loaded) both write it from
 * here, so the rows a returning clinician sees first are the rows the app then shows.
 */
import type { Priority } from '../../contract'

/** The patient as a row names them: 'Last, First'. */
export function patientLabel(order: {
  patient: { last_name: string; first_name: string }
}): string {
  return `${order.patient.last_name}, ${order.patient.first_name}`
}

/** The row's second line: modality, body part and study description. */
export function studyLabel(order: {
  modality: string
  body_part: string
  study_description: string
}): string {
  return `${order.modality} · ${order.body_part} · ${order.study_description}`
}

/** WS-5: the priority written out, so it does not depend on telling colours apart. */
export const PRIORITY_LABEL: Readonly<Record<Priority, string>> = {
  stat: 'STAT',
  urgent: 'URGENT',
  routine: 'ROUTINE',
}

/** '7 min', '2 h 5 min', '3 d 4 h': how long since `minutes` ago, as dense as a row needs. */
export function waitingText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes))
  if (m < 60) return `${String(m)} min`
  const hours = Math.floor(m / 60)
  if (hours < 24) return `${String(hours)} h ${String(m % 60)} min`
  return `${String(Math.floor(hours / 24))} d ${String(hours % 24)} h`
}

export const MINUTE_MS = 60_000

/** The minute `nowMs` falls in: every waiting clock on the page counts from the same one. */
export const minuteOf = (nowMs: number) => Math.floor(nowMs / MINUTE_MS) * MINUTE_MS

/**
 * WL-9, WL-13: minutes a study of a priority may wait before its row is marked past the target
 * (stat and urgent; a routine study has none).
 */
export type WaitTargets = Partial<Record<Priority, number>>

/**
 * WL-8, WL-9, WL-13: whole minutes the study has waited at `nowMs`, and whether it waits past its
 * priority's target; null when the order has no time to count from. A signed study (`is_final`)
 * is read, not waiting: it is never overdue (EV-11).
 */
export function waitingOf(
  order: { ordered_at?: string | undefined; priority: Priority; is_final?: boolean },
  nowMs: number,
  targets: WaitTargets,
): { minutes: number; overdue: boolean } | null {
  const since = order.ordered_at === undefined ? Number.NaN : Date.parse(order.ordered_at)
  if (Number.isNaN(since)) return null
  const minutes = Math.floor((nowMs - since) / MINUTE_MS)
  const target = targets[order.priority]
  return { minutes, overdue: order.is_final !== true && target !== undefined && minutes > target }
}

/**
 * 'the urgent target of 60 min': an overdue clock's title says 'Past ' before it, and screen
 * readers hear ', past ' and it after the clock (WL-9, WL-13).
 */
export const pastTarget = (priority: Priority, targets: WaitTargets) =>
  `the ${priority} target of ${String(targets[priority])} min`

/** 'Being read by NAME' for a study someone else claims (WL-10); the clinician's own says nothing. */
export function claimLabel(
  holder: { user_id: string; name: string } | null | undefined,
  viewerId: string | null,
): string | null {
  return holder && holder.user_id !== viewerId ? `Being read by ${holder.name}` : null
}
