/**
 * The report slice's state and what its reducers share (reportSlice.ts): a study's draft, its
 * finalize dialog, the replies a save waits for; the server's report as a version; and the
 * writes every flow makes of a draft (a server answer reconciled with it, a study dropped, text
 * written over it).
 */
import type { Id } from '../../../../contract'
import type { ListedReport, ReportSections } from '../../../services/api/model'
import {
  draftSections,
  EMPTY_SECTIONS,
  newDraft,
  reconcileDraft,
  writeSections,
  type ReportDraft,
  type ReportVersion,
} from './reconcile'
import { serializeReport } from './sectionText'

export type FinalizeStatus = 'idle' | 'confirming' | 'running' | 'failed'

export type FinalizeFailureReason =
  /** Unsaved edits could not be saved first, so nothing was finalized. */
  | 'save_failed'
  /** The report changed on the server meanwhile; the clinician has a choice to make first. */
  | 'report_changed'
  /** The server refused (409): already final, or empty. */
  | 'refused'
  /** Our server refused (409): `[bracketed fields]` left, or a critical finding nobody was told of. */
  | 'unfilled_fields'
  | 'critical_not_communicated'
  | 'request_failed'

export interface FinalizeFailure {
  reason: FinalizeFailureReason
  message: string
}

export interface FinalizeState {
  status: FinalizeStatus
  error: FinalizeFailure | null
}

export interface ReportState {
  drafts: Record<Id, ReportDraft>
  finalize: Record<Id, FinalizeState>
  /**
   * Messages to the assistant still waiting for their reply, per study: a reply may rewrite the
   * report, so the saga holds a save back until the reply has landed.
   */
  pendingReplies: Record<Id, number>
}

export const initialState: ReportState = { drafts: {}, finalize: {}, pendingReplies: {} }

/** The server's report of an order as a version; an order without a report is an empty one. */
export function versionOf(report: ListedReport | null): ReportVersion {
  return report
    ? { sections: report.sections, updatedAt: report.version }
    : { sections: EMPTY_SECTIONS, updatedAt: null }
}

export interface ServerReport {
  version: ReportVersion
  isFinal: boolean
  /** ED-5: the text a draft of a new report starts from, when not the server's (startingText.ts). */
  start?: ReportSections
}

export function serverReportOf(report: ListedReport | null, start?: ReportSections): ServerReport {
  const server = { version: versionOf(report), isFinal: report?.is_final ?? false }
  return start ? { ...server, start } : server
}

/** A new draft of the report on the server: its text, or the starting text of a new report. */
export function draftOf(server: ServerReport): ReportDraft {
  const text = serializeReport(server.start ?? server.version.sections)
  return newDraft(text, server.version, server.start ?? null)
}

export interface OrderPayload {
  orderId: Id
}

export const IDLE_FINALIZE: FinalizeState = { status: 'idle', error: null }

export function applyServerReport(state: ReportState, orderId: Id, server: ServerReport): void {
  const draft = state.drafts[orderId]
  if (!draft) return
  if (reconcileDraft(draft, server.version, server.isFinal) === 'drop') {
    // Immer drafts: deleting the key is the state change.
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
    delete state.drafts[orderId]
  }
}

export function dropOrder(state: ReportState, orderId: Id): void {
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
  delete state.drafts[orderId]
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
  delete state.finalize[orderId]
}

/** Whether the draft accepts the clinician's typing. */
export function editable(draft: ReportDraft | undefined): draft is ReportDraft {
  return draft !== undefined && draft.conflict === null && !draft.finalizedElsewhere
}

/**
 * Writes `sections` over the study's draft (started from the server's report when there is none);
 * the written draft, or undefined when the report is final or the draft cannot take it now.
 */
export function writeOver(
  state: ReportState,
  orderId: Id,
  sections: Partial<ReportSections>,
  server: ServerReport,
): ReportDraft | undefined {
  if (server.isFinal) return undefined
  const draft = state.drafts[orderId] ?? draftOf(server)
  if (!editable(draft)) return undefined
  writeSections(draft, { ...draftSections(draft), ...sections })
  state.drafts[orderId] = draft
  return draft
}
