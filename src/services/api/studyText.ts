import type { ListedOrder, Patient } from './model'

/**
 * The words a search looks for in a study (WL-2, WL-3): its patient's name, accession number,
 * modality, body part and description, as one text. The finder in the browser and the placement
 * of a changed order in a searched list read the same words.
 */
export function studyText(
  order: Pick<ListedOrder, 'accession_number' | 'modality' | 'body_part' | 'study_description'> & {
    patient: Pick<Patient, 'first_name' | 'last_name'>
  },
): string {
  return [
    order.patient.first_name,
    order.patient.last_name,
    order.accession_number,
    order.modality,
    order.body_part,
    order.study_description,
  ].join(' ')
}
