/**
 * A study's priors (PR-1, PR-2), read tolerantly: an entry needs an id and something to call it by.
 */
import type { PriorStudy } from '../model'
import type { Read } from './lists'
import { refused } from './rows'
import { isRecord, readId, readText, readTimestamp } from './values'

export function readPrior(raw: unknown): Read<PriorStudy> {
  if (!isRecord(raw)) return refused('prior')
  const id = readId(raw.id)
  if (id === undefined) return refused('id')
  const modality = readText(raw.modality)?.trim() || null
  const bodyPart = readText(raw.body_part)?.trim() || null
  const description =
    readText(raw.study_description)?.trim() ||
    [modality, bodyPart].filter((part) => part !== null).join(' ')
  if (description === '') return refused('study_description')
  return {
    ok: true,
    value: {
      id,
      ordered_at: readTimestamp(raw.ordered_at) ?? null,
      modality,
      body_part: bodyPart,
      study_description: description,
      accession_number: readText(raw.accession_number)?.trim() || null,
      impression: readText(raw.impression)?.trim() || null,
    },
  }
}
