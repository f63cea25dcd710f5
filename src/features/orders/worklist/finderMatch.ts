/**
 * How the patient finder matches in the browser: patients by name, either way round, any case;
 * studies by name or by the words of their accession number, modality, body part and description.
 */
import { createSelector } from '@reduxjs/toolkit'
import type { ListedOrder, Patient } from '../../../services/api/model'
import { studyText } from '../../../services/api/studyText'
import { selectFinder } from '../ordersSlice'

export function normalize(text: string): string {
  return text.trim().toLocaleLowerCase()
}

/**
 * WL-2, WL-3: whether a study matches the finder's text in the browser: its patient's name holds
 * the text (either way round), or each of its words appears in the name, the accession number,
 * the modality, the body part or the description ('CT', 'chest', 'ct chest').
 */
export function studyMatches(
  order: Pick<ListedOrder, 'accession_number' | 'modality' | 'body_part' | 'study_description'> & {
    patient: Pick<Patient, 'first_name' | 'last_name'>
  },
  query: string,
): boolean {
  if (query === '' || nameMatches(order.patient, query)) return true
  const text = studyText(order).toLocaleLowerCase()
  return query.split(/\s+/).every((word) => text.includes(word))
}

/** 'Last, First' and 'First Last', so either way of typing a name finds the patient. */
export function nameMatches(
  patient: Pick<Patient, 'first_name' | 'last_name'>,
  query: string,
): boolean {
  const first = patient.first_name.toLocaleLowerCase()
  const last = patient.last_name.toLocaleLowerCase()
  return `${last}, ${first}`.includes(query) || `${first} ${last}`.includes(query)
}

/** The finder's text as it is matched: trimmed, lower case. */
export const selectFinderQuery = createSelector([selectFinder], (finder) => normalize(finder.query))
