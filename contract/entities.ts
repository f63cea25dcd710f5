/**
 * The contract's entities (patient, order, report, message, their parts) and the plain schemas
 * they are made of: what the answers of contract/answers.ts are built from. The index re-exports
 * all of it; see there for the decisions the product spec leaves open.
 */
import { z } from 'zod'
import { LIMITS, REPORT_SECTION_KEYS } from './constants'
import { PRELIMINARY_STATES } from './teachingConstants'
import { inputText } from './inputText'
import { communicationSchema, qaOverrideSchema } from './signing'

export const idSchema = z.string().min(1).max(200)
export type Id = z.infer<typeof idSchema>

/** An id in a request path. */
export const paramIdSchema = inputText(idSchema)

/** ISO 8601 timestamp with a time zone, as the server writes it. */
export const timestampSchema = z.iso.datetime({ offset: true })

export const prioritySchema = z.enum(['stat', 'urgent', 'routine'])
export type Priority = z.infer<typeof prioritySchema>

export const sexSchema = z.enum(['female', 'male', 'other', 'unknown'])
export type Sex = z.infer<typeof sexSchema>

/** Only `in_progress` (IN_PROGRESS) has a meaning the product shows; other statuses pass through. */
export const orderStatusSchema = z.string().min(1).max(40)
export type OrderStatus = z.infer<typeof orderStatusSchema>

export const roleSchema = z.enum(['user', 'assistant'])
export type Role = z.infer<typeof roleSchema>

export const inputTypeSchema = z.enum(['text', 'voice'])
export type InputType = z.infer<typeof inputTypeSchema>

export const ratingSchema = z.enum(['up', 'down'])
export type Rating = z.infer<typeof ratingSchema>

// ---------------------------------------------------------------------------------------------
// Entities

export const patientSchema = z.object({
  id: idSchema,
  first_name: z.string(),
  last_name: z.string(),
  /** Calendar date, YYYY-MM-DD; null for a patient not yet identified (no birth date sent). */
  date_of_birth: z.iso.date().nullable(),
  sex: sexSchema,
})
export type Patient = z.infer<typeof patientSchema>

const sectionText = z.string().max(LIMITS.sectionChars)
export const reportSectionsSchema = z.object({
  history: sectionText,
  technique: sectionText,
  comparison: sectionText,
  findings: sectionText,
  impression: sectionText,
})
export type ReportSections = z.infer<typeof reportSectionsSchema>
/** The sections as a clinician writes them (SEC-3); answers keep the plain schema above. */
const sectionInput = inputText(sectionText)
export const reportSectionsInputSchema = z.object({
  history: sectionInput,
  technique: sectionInput,
  comparison: sectionInput,
  findings: sectionInput,
  impression: sectionInput,
})

/** A signed-in user as the record names them: their id and display name at the time. */
export const userRefSchema = z.object({ user_id: idSchema, name: z.string() })
export type UserRef = z.infer<typeof userRefSchema>

/** An addendum to a final report: appended by a clinician, never changed. */
export const addendumSchema = z.object({
  id: idSchema,
  text: z.string(),
  author: userRefSchema,
  created_at: timestampSchema,
})
export type Addendum = z.infer<typeof addendumSchema>

/**
 * A report's preliminary read (RV-1): who sent it for review and when, the text they sent (the
 * attending's word diff starts from it, RV-3), its state (`signed` once an attending co-signed
 * it, RV-4), and the attending's return with their comment while it is returned (RV-5).
 */
export const preliminarySchema = z.object({
  state: z.enum(PRELIMINARY_STATES),
  by: userRefSchema,
  at: timestampSchema,
  sections: reportSectionsSchema,
  returned: z.object({ by: userRefSchema, at: timestampSchema, comment: z.string() }).nullable(),
})
export type Preliminary = z.infer<typeof preliminarySchema>

export const reportSchema = z.object({
  sections: reportSectionsSchema,
  is_final: z.boolean(),
  updated_at: timestampSchema,
  finalized_at: timestampSchema.nullable(),
  /**
   * Who signed it (null while not final) and its addenda, oldest first. Our server always writes
   * both; they are optional so that a report without them (another backend) still conforms.
   */
  finalized_by: userRefSchema.nullable().optional(),
  addenda: z.array(addendumSchema).optional(),
  /** Critical results communicated (./signing), oldest first; our server always writes it. */
  communications: z.array(communicationSchema).optional(),
  /** The pre-sign check issues the signer overrode, and why (null: none). */
  qa_override: qaOverrideSchema.nullable().optional(),
  /** A trainee's preliminary read and its review (RV-1..RV-6); null or absent: none. */
  preliminary: preliminarySchema.nullable().optional(),
})
export type Report = z.infer<typeof reportSchema>

/** Who is reading a study now: the holder of its claim (CLM-1). */
export const claimHolderSchema = z.object({
  user_id: idSchema,
  name: z.string(),
  since: timestampSchema,
})
export type ClaimHolder = z.infer<typeof claimHolderSchema>

export const orderSchema = z.object({
  id: idSchema,
  patient_id: idSchema,
  status: orderStatusSchema,
  modality: z.string().min(1),
  body_part: z.string().min(1),
  study_description: z.string(),
  priority: prioritySchema,
  accession_number: z.string().min(1),
  indication: z.string(),
  ordered_at: timestampSchema,
  patient: patientSchema,
  report: reportSchema.nullable(),
  /** Who reads it now (null: nobody). Optional: a backend without claims leaves it out. */
  claimed_by: claimHolderSchema.nullable().optional(),
  /** The DICOM Study Instance UID (0020,000D) the archive holds the images under; null: unknown. */
  study_instance_uid: z.string().min(1).nullable().optional(),
  /** Where the study's images open (a PACS viewer, VIEWER_URL_TEMPLATE); null: no link. */
  viewer_url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
})
export type Order = z.infer<typeof orderSchema>

/**
 * One of the patient's other studies, as a radiologist reads against it (PR-1): when it was
 * ordered, what it was, and the impression that was signed for it (null when none was).
 */
export const priorStudySchema = z.object({
  id: idSchema,
  ordered_at: timestampSchema,
  modality: z.string().min(1),
  body_part: z.string().min(1),
  study_description: z.string(),
  accession_number: z.string().min(1),
  status: orderStatusSchema,
  impression: z.string().nullable(),
  finalized_at: timestampSchema.nullable(),
})
export type PriorStudy = z.infer<typeof priorStudySchema>

/** The patient's other studies, newest first. */
export const priorListSchema = z.object({ items: z.array(priorStudySchema) })

export const messageMetaSchema = z
  .object({
    type: z.string().min(1),
    structured: z.boolean().optional(),
    /** Report sections an assistant reply changed. */
    sections: z.array(z.enum(REPORT_SECTION_KEYS)).optional(),
    /** Of those, the sections whose text a clinician had written: the reply says so. */
    replaced: z.array(z.enum(REPORT_SECTION_KEYS)).optional(),
  })
  .nullable()
export type MessageMeta = z.infer<typeof messageMetaSchema>

export const messageSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  user_id: idSchema,
  role: roleSchema,
  content: z.string(),
  input_type: inputTypeSchema,
  created_at: timestampSchema,
  rating: ratingSchema.nullable(),
  meta_data: messageMetaSchema,
  /** The display name of the user who wrote a user message; null for the assistant's. */
  author_name: z.string().nullable().optional(),
})
export type Message = z.infer<typeof messageSchema>

/** Content of the structured patient summary message (meta_data.type = PATIENT_SUMMARY). */
export const patientSummarySchema = z.object({
  patient_summary: z.string(),
  exam: z.string(),
  indication: z.string(),
  data: z.array(z.string()),
})
export type PatientSummary = z.infer<typeof patientSummarySchema>
