/** How the patient finder matches in the browser: by patient name, either way round, any case. */
import { createSelector } from '@reduxjs/toolkit'
import type { Patient } from '../../services/api/model'
import { selectFinder } from './ordersSlice'

export function normalize(text: string): string {
  return text.trim().toLocaleLowerCase()
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
