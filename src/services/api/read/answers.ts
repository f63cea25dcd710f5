/**
 * The answer of every route, read at the edge: the base query hands each JSON answer to the
 * reader of its route and keeps what it answers. A reader refuses an answer only when nothing of
 * it can serve the screen (the product's malformed-answer error follows); lists leave out the
 * entries they cannot show and say so.
 */
import type {
  CleanupAnswer,
  PhrasesAnswer,
  RouteName,
  SpeechTokenAnswer,
} from '../../../../contract'
import type {
  Addendum,
  Claim,
  ImpressionDraft,
  Communication,
  InitializeAnswer,
  ListedOrder,
  Macro,
  Message,
  Order,
  OrderPage,
  Patient,
  PriorStudy,
  QaIssue,
  Report,
  ReportRevision,
  SendMessageAnswer,
  SessionAccess,
  Template,
} from '../model'
import {
  holdsReport,
  readAddendum,
  readCommunication,
  readMessage,
  readOrder,
  readPatient,
  readReport,
  readRevision,
} from './entities'
import { readClaim } from './claims'
import { readPrior } from './priors'
import { readCheckAnswer } from './qa'
import { readMacro, readTemplate } from './library'
import { readList, unwrapList, type Skipped } from './lists'
import { readAdminUser, readAuditCsv, readAuditPage, type AdminUser, type AuditPage } from './admin'
import { readListedOrder, readOrderPage } from './rows'
import { readSessionAccess } from './session'
import {
  readFollowUpAnswer,
  readFollowUpPage,
  type FollowUp,
  type FollowUpPage,
  type FollowUpProposal,
} from './followUps'
import {
  readMyPeerReviews,
  readPeerReviewAnswer,
  readPeerReviewAsk,
  readPeerReviewRates,
  type MyPeerReviews,
  type PeerReview,
  type PeerReviewAsk,
  type PeerReviewRate,
} from './peerReview'
import {
  readCriticalCommunicationStats,
  readFollowUpStats,
  readTurnaroundStats,
  readVolumeStats,
  type CriticalCommunicationStats,
  type FollowUpStats,
  type TurnaroundStats,
  type VolumeStats,
} from './stats'
import { isRecord, readId, readText, readTimestamp, readBoolean } from './values'

/** What each route's answer is, once read. */
export interface Answers {
  listPatients: Patient[]
  /** The whole list, each entry read as a row (`ListedOrder`). */
  listOrders: ListedOrder[]
  getOrder: Order
  listMessages: Message[]
  sendMessage: SendMessageAnswer
  rateMessage: { success: true }
  initializeOrder: InitializeAnswer
  /** null: the backend answered the write without the report (`{"success": true}`, 204...). */
  saveReport: Report | null
  finalizeReport: Report | null
  listReportRevisions: ReportRevision[]
  addReportAddendum: Addendum
  clearConversation: null
  speechToken: SpeechTokenAnswer
  speechPhrases: PhrasesAnswer
  speechCleanup: CleanupAnswer
  claimOrder: Claim
  releaseClaim: null
  /** null: nothing is left to read (204). */
  nextStudy: Order | null
  listPriors: PriorStudy[]
  /** `follow_ups` absent: the backend finds none itself (FU-27: the signature leaves them out). */
  checkReport: { issues: QaIssue[]; follow_ups?: FollowUpProposal[] }
  draftImpression: ImpressionDraft
  listTemplates: Template[]
  listMacros: Macro[]
  createMacro: Macro
  updateMacro: Macro
  deleteMacro: null
  listCommunications: Communication[]
  recordCommunication: Communication
  whoAmI: SessionAccess
  /** null: the backend answered the write without the report. */
  sendForReview: Report | null
  returnToTrainee: Report | null
  listUsers: AdminUser[]
  updateUser: AdminUser
  listAuditEvents: AuditPage
  /** The CSV text of every matching event. */
  exportAuditEvents: string
  listFollowUps: FollowUpPage
  resolveFollowUp: FollowUp
  askPeerReview: PeerReviewAsk
  recordPeerReview: PeerReview
  listMyPeerReviews: MyPeerReviews
  peerReviewRates: PeerReviewRate[]
  turnaroundStats: TurnaroundStats
  volumeStats: VolumeStats
  criticalCommunicationStats: CriticalCommunicationStats
  followUpStats: FollowUpStats
}

export type Reading<T> =
  { ok: true; value: T; skipped?: Skipped | null } | { ok: false; issues: string[] }

type Readers = { [N in RouteName]: (raw: unknown) => Reading<Answers[N]> }

const ok = <T>(value: T): Reading<T> => ({ ok: true, value })
const malformed = (...issues: string[]): { ok: false; issues: string[] } => ({ ok: false, issues })

/** Whatever a successful send answered: the message is stored, so nothing here is a failure. */
function readSendAnswer(raw: unknown): Reading<SendMessageAnswer> {
  const answer = isRecord(raw) ? raw : {}
  return ok({
    message_id: readId(answer.message_id) ?? readId(answer.id) ?? null,
    content: readText(answer.content) ?? null,
    created_at: readTimestamp(answer.created_at) ?? null,
    report_updated: readBoolean(answer.report_updated) ?? false,
  })
}

function readSpeechToken(raw: unknown): Reading<SpeechTokenAnswer> {
  if (!isRecord(raw)) return malformed('the answer is not an object')
  const token = readText(raw.token)
  // DC-5: a blank token cannot open a recognizer.
  if (token === undefined || token.trim() === '')
    return malformed('token: the speech token is blank')
  const region = readText(raw.region)
  if (region === undefined) return malformed('region: missing')
  const host = readText(raw.host)
  return ok(host ? { token, region, host } : { token, region })
}

function readPhrases(raw: unknown): Reading<PhrasesAnswer> {
  const list = unwrapList(raw)
  if (!list) return malformed('phrases: missing')
  const phrases = list.filter((phrase): phrase is string => typeof phrase === 'string')
  return ok({ phrases, count: phrases.length })
}

function readCleaned(raw: unknown): Reading<CleanupAnswer> {
  const cleaned = isRecord(raw) ? readText(raw.cleaned) : undefined
  return cleaned === undefined ? malformed('cleaned: missing') : ok({ cleaned })
}

function readOne(raw: unknown): Reading<Order> {
  const read = readOrder(raw)
  return read.ok ? ok(read.value) : malformed(`${read.field}: cannot be read`)
}

function readReportWrite(raw: unknown): Reading<Report | null> {
  return ok(holdsReport(raw) ? readReport(raw) : null)
}

/** The draft's text (`impression`, or a bare string); a source other than ours is unknown. */
function readImpressionDraft(raw: unknown): Reading<ImpressionDraft> {
  const impression = isRecord(raw) ? readText(raw.impression) : readText(raw)
  if (impression === undefined) return malformed('impression: missing')
  const source =
    isRecord(raw) && (raw.source === 'llm' || raw.source === 'local') ? raw.source : null
  return ok({ impression: impression.trim(), source })
}

function readMacroAnswer(raw: unknown): Reading<Macro> {
  const read = readMacro(raw)
  return read.ok ? ok(read.value) : malformed(`${read.field}: cannot be read`)
}

function readAddendumAnswer(raw: unknown): Reading<Addendum> {
  const read = readAddendum(raw)
  return read.ok ? ok(read.value) : malformed(`${read.field}: cannot be read`)
}

export const answerReaders: Readers = {
  listPatients: (raw) => readList(raw, readPatient),
  listOrders: (raw) => readList(raw, readListedOrder),
  getOrder: readOne,
  listMessages: (raw) => readList(raw, readMessage),
  sendMessage: readSendAnswer,
  // Any successful answer is the success the product shows; its body says nothing more.
  rateMessage: () => ok({ success: true }),
  initializeOrder: (raw) => {
    const content = isRecord(raw) ? readText(raw.content) : undefined
    return ok(content ? { content } : {})
  },
  saveReport: readReportWrite,
  finalizeReport: readReportWrite,
  listReportRevisions: (raw) => readList(raw, readRevision),
  addReportAddendum: readAddendumAnswer,
  clearConversation: () => ok(null),
  speechToken: readSpeechToken,
  speechPhrases: readPhrases,
  speechCleanup: readCleaned,
  claimOrder: (raw) => {
    const claim = readClaim(raw)
    return claim ? ok(claim) : malformed('claimed_by: cannot be read')
  },
  releaseClaim: () => ok(null),
  nextStudy: (raw) => (raw === null || raw === undefined || raw === '' ? ok(null) : readOne(raw)),
  listPriors: (raw) => readList(raw, readPrior),
  checkReport: (raw) => {
    const answer = readCheckAnswer(raw)
    return answer ? ok(answer) : malformed('issues: missing')
  },
  draftImpression: readImpressionDraft,
  listTemplates: (raw) => readList(raw, readTemplate),
  listMacros: (raw) => readList(raw, readMacro),
  createMacro: readMacroAnswer,
  updateMacro: readMacroAnswer,
  deleteMacro: () => ok(null),
  listCommunications: (raw) => readList(raw, readCommunication),
  recordCommunication: (raw) => {
    const read = readCommunication(raw)
    return read.ok ? ok(read.value) : malformed(`${read.field}: cannot be read`)
  },
  whoAmI: readSessionAccess,
  sendForReview: readReportWrite,
  returnToTrainee: readReportWrite,
  listUsers: (raw) => readList(raw, readAdminUser),
  updateUser: (raw) => {
    const read = readAdminUser(raw)
    return read.ok ? ok(read.value) : malformed(`${read.field}: cannot be read`)
  },
  listAuditEvents: readAuditPage,
  exportAuditEvents: readAuditCsv,
  listFollowUps: readFollowUpPage,
  resolveFollowUp: readFollowUpAnswer,
  askPeerReview: readPeerReviewAsk,
  recordPeerReview: readPeerReviewAnswer,
  listMyPeerReviews: readMyPeerReviews,
  peerReviewRates: readPeerReviewRates,
  turnaroundStats: readTurnaroundStats,
  volumeStats: readVolumeStats,
  criticalCommunicationStats: readCriticalCommunicationStats,
  followUpStats: readFollowUpStats,
}

/**
 * The answers a route gives when asked with page parameters (the contract's `pageAnswer`): the
 * base query reads such a request's answer with this reader instead.
 */
export interface PageAnswers {
  listOrders: OrderPage
}

export const pageAnswerReaders: {
  [N in keyof PageAnswers]: (raw: unknown) => Reading<PageAnswers[N]>
} = { listOrders: readOrderPage }
