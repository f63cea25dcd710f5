/**
 * The reporting library (TPL-1, MAC-1): normal templates (GET /templates) and each clinician's own
 * macros (AutoText, /macros). Lists are bare arrays, as every unpaged list of the contract.
 */
import { z } from 'zod'
import { LIMITS, MACRO_LIMITS, MACRO_NAME_PATTERN } from './constants'
import { honestText, inputText } from './inputText'

const sectionText = z.string().max(LIMITS.sectionChars)

/**
 * A template's sections, keyed like a report's; a section it leaves out (the history, mostly:
 * the order's indication belongs there) is left as the report has it.
 */
export const templateSectionsSchema = z.object({
  history: sectionText.optional(),
  technique: sectionText.optional(),
  comparison: sectionText.optional(),
  findings: sectionText,
  impression: sectionText,
})
export type TemplateSections = z.infer<typeof templateSectionsSchema>

export const templateSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  /** CT, MR, XR, US, NM or MG. */
  modality: z.string().min(1).max(20),
  /** Lower-case words, as the worklist shows a body part. */
  body_part: z.string().min(1).max(100),
  sections: templateSectionsSchema,
})
export type Template = z.infer<typeof templateSchema>
export const templateListSchema = z.array(templateSchema)

const term = inputText(z.string().trim().max(LIMITS.termChars))
/**
 * GET /templates: every parameter optional. `modality` and `body_part` narrow the list (matched
 * without regard to letter case, CR/DX/DR read as XR, MRI as MR, body part synonyms); the
 * study's `description` only ranks what matches, best first.
 */
export const templatesQuerySchema = z.object({
  modality: term.optional(),
  body_part: term.optional(),
  description: term.optional(),
})
export type TemplatesQuery = z.infer<typeof templatesQuerySchema>

export const macroSchema = z.object({
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  text: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
})
export type Macro = z.infer<typeof macroSchema>
export const macroListSchema = z.array(macroSchema)

// POST /macros, PUT /macros/{id}: the name is what the clinician types before Tab.
export const macroRequestSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(MACRO_LIMITS.nameChars)
    .regex(MACRO_NAME_PATTERN, 'may hold only letters, digits, spaces and dashes'),
  // Inserted into reports as it is: nothing reordering or invisible (SEC-33).
  text: honestText(z.string().trim().min(1, 'must not be blank').max(MACRO_LIMITS.textChars)),
})
export type MacroRequest = z.input<typeof macroRequestSchema>

export const macroParamsSchema = z.object({ id: inputText(z.string().min(1).max(200)) })
