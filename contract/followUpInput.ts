/**
 * A follow-up recommendation as the pre-sign check finds it and as a signature confirms it
 * (FU-1, FU-2): apart from ./outcomes.ts so that ./signing.ts and ./answers.ts can hold it without
 * importing the entities that import them.
 */
import { z } from 'zod'
import { FOLLOW_UP_LIMITS } from './outcomesConstants'
import { honestText, inputText } from './inputText'

const dayOf = z.iso.date()

/** A recommendation as found in a report (the check's answer) and as confirmed at signing. */
export const followUpFields = {
  /** The recommended exam's modality, as orders name it ('CT', 'MR', 'US', 'XR', 'NM', ...). */
  modality: z.string().trim().min(1).max(FOLLOW_UP_LIMITS.modalityChars),
  /** Its body part, lower-case words as orders name it ('chest', 'abdomen', 'thyroid'). */
  body_part: z.string().trim().min(1).max(FOLLOW_UP_LIMITS.bodyPartChars),
  /** The window the exam is due in: calendar dates, inclusive. */
  due_from: dayOf,
  due_to: dayOf,
  /** Why it is recommended ('pulmonary nodule'); may be empty. */
  reason: z.string().max(FOLLOW_UP_LIMITS.reasonChars),
}
const windowInOrder = (item: { due_from: string; due_to: string }) => item.due_from <= item.due_to
export const followUpProposalSchema = z.object({
  ...followUpFields,
  /** The sentence it was read from, as written. */
  text: z.string().max(FOLLOW_UP_LIMITS.textChars),
})
export type FollowUpProposal = z.infer<typeof followUpProposalSchema>
/** One confirmed follow-up of a signature (finalize's `follow_ups`). */
export const followUpInputSchema = z
  .strictObject({
    modality: inputText(followUpFields.modality),
    body_part: inputText(followUpFields.body_part),
    due_from: dayOf,
    due_to: dayOf,
    reason: honestText(followUpFields.reason),
    text: honestText(z.string().max(FOLLOW_UP_LIMITS.textChars)).optional(),
  })
  .refine(windowInOrder, { message: 'due_from must not be after due_to', path: ['due_to'] })
export type FollowUpInput = z.input<typeof followUpInputSchema>
export const followUpInputListSchema = z.array(followUpInputSchema).max(FOLLOW_UP_LIMITS.perReport)
