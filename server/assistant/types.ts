/**
 * The assistant behind the chat. The local provider is deterministic and offline; an LLM provider
 * implements the same interface. The server stores whatever a provider returns, so a provider
 * never touches the database.
 */
import type {
  DraftImpressionAnswer,
  Id,
  InputType,
  PatientSummary,
  Priority,
  ReportSections,
  ReportSectionKey,
  Role,
  Sex,
} from '../../contract'

export interface StudyContext {
  order: {
    id: Id
    modality: string
    bodyPart: string
    studyDescription: string
    indication: string
    priority: Priority
    accessionNumber: string
    orderedAt: Date
  }
  patient: {
    firstName: string
    lastName: string
    /** Null for a patient not yet identified: the summary names no age. */
    dateOfBirth: string | null
    sex: Sex
    history: string[]
  }
  /** The current report, or null when none was started. */
  report: { sections: ReportSections; isFinal: boolean } | null
  /**
   * The patient's other studies, newest first, with the impression signed for each (null: none
   * signed). Absent when the caller did not read them (a summary).
   */
  priors?: PriorContext[]
}

export interface PriorContext {
  description: string
  modality: string
  orderedAt: Date
  impression: string | null
}

export interface ReplyInput {
  study: StudyContext
  text: string
  inputType: InputType
  /** Earlier messages of the conversation, oldest first (the structured summary excluded). */
  history: { role: Role; content: string }[]
  /** Today, for age and "how long ago" answers; injected so replies are reproducible. */
  now: Date
}

export interface AssistantReply {
  content: string
  /** New text for the report sections this reply changes (absent: the report is untouched). */
  sections?: Partial<Record<ReportSectionKey, string>>
}

export interface Assistant {
  readonly name: string
  summarize(study: StudyContext, now: Date): Promise<PatientSummary>
  reply(input: ReplyInput): Promise<AssistantReply>
  cleanup(input: { text: string; modality: string; bodyPart: string }): Promise<string>
  phrases(input: { modality: string; bodyPart: string }): Promise<string[]>
  /**
   * An impression drafted from the Findings text alone (IMP-1), never stored by the server:
   * the clinician accepts, edits or discards it. A provider that cannot answer throws.
   */
  draftImpression(findings: string): Promise<DraftImpressionAnswer>
}
