/**
 * The ways a hospital's own backend may answer what the product spec leaves open (section 7:
 * "The exact shape of the list answers is not shown", section 3: fields without types). Each
 * switch picks one plausible reading; the defaults are the plainest one.
 */

export interface SpecBackendVariants {
  /** `string`: ids like "o-1001"; `integer`: ids like 1001 (in paths too: /orders/1001). */
  ids: 'string' | 'integer'
  /** `bare`: lists are JSON arrays; `wrapped`: {"orders": [...]}, {"data": [...]}, {"items": [...], "total": n}. */
  lists: 'bare' | 'wrapped'
  /** `hl7`: M/F/O/U; `fhir`: male/female/other/unknown; `text`: free text ("Female", "intersex"). */
  sex: 'hl7' | 'fhir' | 'text'
  /** `zoned`: 2026-11-20T08:15:00.000Z; `local`: 2026-11-20T08:15:00 (the server's wall clock, no zone). */
  timestamps: 'zoned' | 'local'
  /**
   * Orders, patients and reports carry only the fields spec section 3 names, nothing more;
   * otherwise they also carry what a hospital system typically adds (indication, ordered_at,
   * mrn, a report's updated_at and finalized_at…).
   */
  minimal: boolean
  /** An unrated message's rating: `null`, the string "none", or no rating key at all. */
  rating: 'null' | 'none' | 'absent'
  /** A message without meta data: `"meta_data": null`, or no meta_data key at all. */
  metaData: 'null' | 'absent'
  /** What PUT report and POST finalize answer: the report, {"success": true}, or 204 and no body. */
  reportWriteAnswer: 'report' | 'success' | 'empty'
  /** What DELETE conversation answers: 204 and no body, or {"success": true}. */
  clearAnswer: 'success' | 'empty'
  /** The order list also holds one order with priority "asap" and one without an id. */
  brokenEntry: boolean
}

export const DEFAULT_VARIANTS: SpecBackendVariants = {
  ids: 'string',
  lists: 'bare',
  sex: 'fhir',
  timestamps: 'zoned',
  minimal: false,
  rating: 'null',
  metaData: 'null',
  reportWriteAnswer: 'report',
  clearAnswer: 'empty',
  brokenEntry: false,
}

/** A short name for a variant, for test titles and screenshot files. */
export function describeVariants(variants: SpecBackendVariants): string {
  return [
    `${variants.lists} lists`,
    `${variants.ids} ids`,
    `${variants.sex} sex`,
    `${variants.timestamps} timestamps`,
    variants.minimal ? 'minimal fields' : 'extra fields',
    `rating ${variants.rating}`,
    `meta_data ${variants.metaData}`,
    `report writes answer ${variants.reportWriteAnswer}`,
    `clear answers ${variants.clearAnswer}`,
    variants.brokenEntry ? 'broken entries' : 'no broken entries',
  ].join(', ')
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = Record<string, Json>

/** Internal ids are numbers; this is how one appears on the wire. */
export function wireId(variants: SpecBackendVariants, prefix: string, id: number): Json {
  return variants.ids === 'integer' ? id : `${prefix}-${String(id)}`
}

/** Reads an id from a path segment, as this variant writes it; null when it is not one. */
export function parseWireId(
  variants: SpecBackendVariants,
  prefix: string,
  segment: string,
): number | null {
  const text = decodeURIComponent(segment)
  const match =
    variants.ids === 'integer' ? /^(\d+)$/.exec(text) : new RegExp(`^${prefix}-(\\d+)$`).exec(text)
  return match?.[1] === undefined ? null : Number(match[1])
}

export type CanonicalSex = 'female' | 'male' | 'other' | 'unknown'

const HL7: Record<CanonicalSex, string> = { female: 'F', male: 'M', other: 'O', unknown: 'U' }
const TEXT: Record<CanonicalSex, string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unknown: 'Not recorded',
}

/** `freeText` is what a free-text registry holds for this patient, when it is not the usual word. */
export function wireSex(variants: SpecBackendVariants, sex: CanonicalSex, freeText?: string) {
  switch (variants.sex) {
    case 'hl7':
      return HL7[sex]
    case 'fhir':
      return sex
    case 'text':
      return freeText ?? TEXT[sex]
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

export function wireTimestamp(variants: SpecBackendVariants, at: Date): string {
  if (variants.timestamps === 'zoned') return at.toISOString()
  return (
    `${String(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}` +
    `T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
  )
}

/** A list answer in this variant's shape; `key` names the wrapper's field when there is no total. */
export function wireList(
  variants: SpecBackendVariants,
  key: 'orders' | 'data' | 'items',
  items: Json[],
): Json {
  if (variants.lists === 'bare') return items
  if (key === 'items') return { items, total: items.length }
  return { [key]: items }
}

export type Rating = 'up' | 'down' | null

/** Sets `rating` on a wire message as this variant writes an unrated one. */
export function putRating(variants: SpecBackendVariants, target: JsonObject, rating: Rating) {
  if (rating !== null) target.rating = rating
  else if (variants.rating === 'null') target.rating = null
  else if (variants.rating === 'none') target.rating = 'none'
}

export function putMetaData(
  variants: SpecBackendVariants,
  target: JsonObject,
  metaData: JsonObject | null,
) {
  if (metaData !== null) target.meta_data = metaData
  else if (variants.metaData === 'null') target.meta_data = null
}
