/**
 * What the SPA holds of the backend's entities once read at the edge (`read/`): one shape for
 * every backend, whatever it answered. The contract (`contract/`) is what our own server writes,
 * strictly; a hospital's backend honours only the product's description, which leaves list
 * shapes, ids, codes and several fields open. So these types require only what a screen needs
 * and say, field by field, what may be missing:
 * - ids are strings, whatever the backend sent (7 and "7" are one order);
 * - `sex` is 'female', 'male', 'other' or 'unknown' when the backend used any known code for it
 *   (HL7 v2 M/F/O/U, FHIR male/female/other/unknown, any case), else its own words as sent, or ''
 *   when it sent none;
 * - timestamps meant for display are ISO 8601 with a zone (a zone-less time is the browser's
 *   local time), or null when missing or unreadable;
 * - a report's `updated_at` is its version exactly as the backend wrote it, never rewritten,
 *   because it goes back to the backend in `If-Match`; `version` is what the SPA compares
 *   versions by, the same string when the backend gave one, else one made from the content.
 */
import type {
  Id,
  Priority,
  PreliminaryState,
  ReportSectionKey,
  Rating,
  Role,
  InputType,
  UserRole,
} from '../../../contract'

export type { Id, Priority, PreliminaryState, ReportSectionKey, Rating, Role, InputType, UserRole }
export type { ImpressionDraft, Macro, QaIssue, Template } from './modelTools'

/** The spec's sex codes, as the SPA keeps them once recognised. */
export const KNOWN_SEXES = ['female', 'male', 'other', 'unknown'] as const
export type KnownSex = (typeof KNOWN_SEXES)[number]

export interface Patient {
  id: Id
  first_name: string
  last_name: string
  /** Calendar date YYYY-MM-DD, or null when missing or unreadable (no age is shown then). */
  date_of_birth: string | null
  /** A known code, the backend's own words, or '' when none was sent. */
  sex: KnownSex | (string & {})
}

export type ReportSections = Record<ReportSectionKey, string>

/** A person as a record names them: their id (when the backend gives one) and their name. */
export interface UserRef {
  user_id: Id | null
  name: string
}

/** A note appended to a final report, never changed. */
export interface Addendum {
  id: Id
  text: string
  author: UserRef | null
  created_at: string | null
}

/**
 * One of the patient's other studies (PR-2), as the Priors list shows it. Only the id and a
 * description are needed to show it; the rest is null where a backend leaves it out.
 */
export interface PriorStudy {
  id: Id
  ordered_at: string | null
  modality: string | null
  body_part: string | null
  study_description: string
  accession_number: string | null
  /** The impression signed for it; null when none was (or the backend does not say). */
  impression: string | null
}

/** One write of a report, as its history lists it. */
export interface ReportRevision {
  id: Id
  sections: ReportSections
  author: { kind: 'user'; user_id: Id | null; name: string } | { kind: 'assistant' }
  /** Why it was written: save, assistant, finalize, addendum, undo, restore, or a backend's own word. */
  cause: string
  sections_changed: ReportSectionKey[]
  created_at: string | null
  /** A signature's pre-sign check override (QA-22), when its signer gave one. */
  qa_override?: QaSignedOver
}

export interface Report {
  sections: ReportSections
  is_final: boolean
  /** The backend's version of the report, verbatim; null when it gives none. */
  updated_at: string | null
  /** What versions are compared by: `updated_at` when there is one, else made from the content. */
  version: string
  finalized_at: string | null
  /** Who signed it; null while not final, or when the backend does not say. */
  finalized_by: UserRef | null
  /** Oldest first; empty when there are none or the backend keeps none. */
  addenda: Addendum[]
  /** A signature over blocking pre-sign issues: why, and which (QA-14, QA-22); absent when none. */
  qa_override?: QaSignedOver
  /**
   * Critical results communicated, oldest first, when the report carries them (our server's
   * does, so the live stream brings a colleague's record); absent: the list is asked for.
   */
  communications?: Communication[]
  /** A trainee's preliminary read and its review (RV-13); null or absent: none. */
  preliminary?: Preliminary | null
}

/**
 * A trainee's preliminary read (RV-13..RV-20): who sent it and when, the text they sent (the
 * attending's word diff starts from it), its state, and the attending's return while returned.
 */
export interface Preliminary {
  state: PreliminaryState
  by: UserRef
  at: string | null
  sections: ReportSections
  returned: { by: UserRef | null; at: string | null; comment: string } | null
}

/**
 * Who the session's user is to the backend (GET /me, RL-15): their roles, and whether Clear All
 * Studies is theirs (RL-17). A backend without /me: a radiologist who may clear.
 */
export interface SessionAccess {
  user_id: Id | null
  name: string
  roles: UserRole[]
  clear_all: boolean
}

export interface QaSignedOver {
  reason: string
  /** The issue codes signed over, as the backend names them. */
  codes: string[]
}

/** Versions the SPA makes from a report's content start so; the backend never sees them. */
const CONTENT_VERSION_PREFIX = 'content:'

export function isContentVersion(version: string): boolean {
  return version.startsWith(CONTENT_VERSION_PREFIX)
}

export function contentVersionOf(hash: string): string {
  return `${CONTENT_VERSION_PREFIX}${hash}`
}

export interface Order {
  id: Id
  patient_id: Id
  /** '' when the backend sent none; only `in_progress` has a meaning the product shows. */
  status: string
  modality: string
  body_part: string
  study_description: string
  priority: Priority
  accession_number: string
  /** Extras of some backends: shown when present, never required. */
  indication?: string
  ordered_at?: string
  /** Who reads the study now (a backend with claims); null: nobody; absent: the backend has none. */
  claimed_by?: ClaimHolder | null
  /** The study's DICOM Study Instance UID; null or absent: unknown. */
  study_instance_uid?: string | null
  /** Where the study's images open (an http(s) address, new tab); null or absent: no link. */
  viewer_url?: string | null
  /** The nested patient, when the backend sends one. */
  patient: Patient | null
  report: Report | null
}

/**
 * A report as a list entry holds it: what the sidebar shows ('Final') and what a saga may read
 * of a study no single read of which is cached (its version and sections). Who signed it, when,
 * and its addenda come with the study's own read (`getOrder`), which the editor shows. Its
 * preliminary read comes with it when the backend sends one (the row's 'Awaiting review', RV-21).
 */
export type ListedReport = Pick<
  Report,
  'sections' | 'is_final' | 'updated_at' | 'version' | 'preliminary'
>

/**
 * An order as a list answer holds it (the worklist, Active Studies, a search): what a row and the
 * patient header show, the status and report fields the sidebar uses, nothing more. Lists are
 * read cheaply, row by row, and a hospital's list is thousands of rows; the extras a row does not
 * show (`indication`, the report's signer and addenda) are read with the order
 * itself. Every `Order` is a `ListedOrder`.
 */
export interface ListedOrder {
  id: Id
  patient_id: Id
  /** '' when the backend sent none; only `in_progress` has a meaning the product shows. */
  status: string
  modality: string
  body_part: string
  study_description: string
  priority: Priority
  accession_number: string
  /** When the study was ordered (ISO 8601), for the waiting clock; absent when not sent. */
  ordered_at?: string
  /** Who reads the study now; null: nobody; absent: a backend without claims (the spec's). */
  claimed_by?: ClaimHolder | null
  /** The study's DICOM Study Instance UID; null or absent: unknown. */
  study_instance_uid?: string | null
  /** Where the study's images open, for the header's 'Open images'; null or absent: no link. */
  viewer_url?: string | null
  patient: Patient | null
  report: ListedReport | null
}

/**
 * One answer of GET /orders with page parameters. A backend that answers the whole list instead
 * (the product spec's answer, whatever the query) gives one page holding everything, `paged`
 * false: the SPA then sorts, filters and searches it itself.
 */
export interface OrderPage {
  items: ListedOrder[]
  /** The cursor of the next page; null on the last page (and for a whole list). */
  next_cursor: string | null
  /** How many orders match the query, when the backend says. */
  total: number | null
  /** Whether the backend answered a page (true) or the whole list (false). */
  paged: boolean
}

export interface MessageMeta {
  type: string
  structured?: boolean
  /** Report sections an assistant reply changed. */
  sections?: ReportSectionKey[]
}

export interface Message {
  id: Id
  order_id: Id | null
  user_id: Id | null
  role: Role
  content: string
  input_type: InputType
  /** ISO 8601 with a zone, or null when the backend sent no readable time. */
  created_at: string | null
  rating: Rating | null
  meta_data: MessageMeta | null
  /** The name of the person who wrote a user message, when the backend gives it. */
  author_name: string | null
}

/**
 * The answer to a sent message. A backend may answer less than the product describes; the
 * message was stored all the same, so a missing reply id or text is null, never a failure (a
 * failure would invite sending it twice): the refetched conversation shows the reply then.
 */
export interface SendMessageAnswer {
  message_id: Id | null
  content: string | null
  created_at: string | null
  report_updated: boolean
}

export interface InitializeAnswer {
  content?: string
}

/** Who reads a study now (a backend with claims): their id, name, and since when (null: unknown). */
export interface ClaimHolder {
  user_id: Id
  name: string
  since: string | null
}

/** A claim the caller now holds: on which order, as whom, and until when unless renewed. */
export interface Claim {
  order_id: Id
  claimed_by: ClaimHolder
  /** null when the backend did not say. */
  expires_at: string | null
}

/**
 * A critical result told to someone (CR-1, CR-19). `method` is the contract's when recognised,
 * else the backend's own words; times are null when missing or unreadable.
 */
export interface Communication {
  id: Id
  recipient: string
  role: string
  method: string
  communicated_at: string | null
  read_back: boolean
  recorded_by: UserRef | null
}
