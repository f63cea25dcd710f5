/**
 * What signing a report holds beyond its text (QA-13..QA-15, CR-1): the pre-sign check issues
 * the signer overrode, with their reason, and each documented communication of a critical result
 * (ACR Practice Parameter for Communication of Diagnostic Imaging Findings: who was told, how,
 * when, and whether the recipient read the finding back).
 *
 * - POST /orders/{id}/report/finalize takes an optional body `{qa_override: {reason, codes},
 *   follow_ups}`; no body, or `{}`, stays valid (the spec's call has none).
 * - POST /orders/{id}/report/communications records one communication (201); GET lists them,
 *   oldest first. A final report still takes one: it is often documented after the signature.
 * - Our server refuses to sign (409) a report holding `[bracketed fields]` (`UNFILLED_FIELDS_ERROR`,
 *   with their `count`) and, unless switched off, one asserting a critical finding while no
 *   communication is recorded (`CRITICAL_NOT_COMMUNICATED_ERROR`).
 */
import { z } from 'zod'
import { QA_ISSUE_CODES } from './constants'
import { honestText, nameText } from './inputText'
import { followUpInputListSchema } from './followUpInput'

export const COMMUNICATION_METHODS = ['phone', 'in_person', 'secure_message'] as const
export type CommunicationMethod = (typeof COMMUNICATION_METHODS)[number]

export const SIGNING_LIMITS = {
  reasonChars: 1000,
  recipientChars: 200,
  roleChars: 100,
  /** How far past the server's clock `communicated_at` may be (clocks of two machines differ). */
  futureSkewMs: 5 * 60_000,
} as const

export const CRITICAL_NOT_COMMUNICATED_ERROR = 'critical_result_not_communicated'
export const UNFILLED_FIELDS_ERROR = 'unfilled_fields'

// A recipient and a role read in the signed text: a name's rule (SEC-32).
const words = (max: number) =>
  nameText(z.string().trim().min(1, 'must not be blank').max(max)).refine(
    (text) => !/[\r\n]/.test(text),
    'must be one line',
  )

/** The pre-sign check issues a signature goes over, and why. */
export const qaOverrideSchema = z.strictObject({
  reason: honestText(z.string().trim().min(1, 'must not be blank').max(SIGNING_LIMITS.reasonChars)),
  codes: z
    .array(z.enum(QA_ISSUE_CODES))
    .min(1, 'must name at least one issue code')
    .max(QA_ISSUE_CODES.length)
    .refine((codes) => new Set(codes).size === codes.length, 'must not repeat a code'),
})
export type QaOverride = z.infer<typeof qaOverrideSchema>

// POST /orders/{id}/report/finalize: an optional body (none, or `{}`: the spec's call).
export const finalizeRequestSchema = z.strictObject({
  qa_override: qaOverrideSchema.optional(),
  /**
   * The follow-ups the signer confirmed (./followUpInput.ts), `[]` for none. Absent: the server
   * tracks every recommendation it finds in the signed text itself (FU-3).
   */
  follow_ups: followUpInputListSchema.optional(),
})
export type FinalizeRequest = z.input<typeof finalizeRequestSchema>

/** The 409 of a refused signature: `count` says how many `[bracketed fields]` are left. */
export const finalizeConflictSchema = z.object({
  error: z.string(),
  message: z.string(),
  count: z.number().int().positive().optional(),
})
export type FinalizeConflict = z.infer<typeof finalizeConflictSchema>

// POST /orders/{id}/report/communications
export const communicationRequestSchema = z.strictObject({
  recipient: words(SIGNING_LIMITS.recipientChars),
  role: words(SIGNING_LIMITS.roleChars),
  method: z.enum(COMMUNICATION_METHODS),
  /** When the clinician told the recipient: with a time zone, not in the future. */
  communicated_at: z.iso.datetime({ offset: true }),
  read_back: z.boolean(),
})
export type CommunicationRequest = z.input<typeof communicationRequestSchema>

export const communicationSchema = z.object({
  id: z.string().min(1).max(200),
  recipient: z.string(),
  role: z.string(),
  method: z.enum(COMMUNICATION_METHODS),
  communicated_at: z.iso.datetime({ offset: true }),
  read_back: z.boolean(),
  recorded_by: z.object({ user_id: z.string().min(1).max(200), name: z.string() }),
  recorded_at: z.iso.datetime({ offset: true }),
})
export type Communication = z.infer<typeof communicationSchema>
export const communicationListSchema = z.array(communicationSchema)

const METHOD_WORDS: Record<CommunicationMethod, string> = {
  phone: 'by phone',
  in_person: 'in person',
  secure_message: 'by secure message',
}

/**
 * How a communication reads in the signed text (the HL7 result's OBX, the FHIR presentedForm)
 * and in the Finalize dialog: "Critical result communicated to Dr. Hopper (referring physician)
 * by phone at 2026-11-26T10:05:00.000Z; read back." `at` is written as given.
 */
export function communicationSentence(c: {
  recipient: string
  role: string
  method: string
  at: string
  readBack: boolean
}): string {
  const how = c.method in METHOD_WORDS ? METHOD_WORDS[c.method as CommunicationMethod] : c.method
  const role = c.role.trim() === '' ? '' : ` (${c.role.trim()})`
  const readBack = c.readBack ? 'read back' : 'not read back'
  return `Critical result communicated to ${c.recipient.trim()}${role} ${how} at ${c.at}; ${readBack}.`
}
