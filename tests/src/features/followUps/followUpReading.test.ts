/**
 * FU-37: follow-ups as any backend answers them are read tolerantly: ids as numbers, a status
 * it does not know as open (still to be done), an entry without its exam or window left out and
 * counted, the check's proposals absent when the answer holds none.
 */
import { describe, expect, it } from 'vitest'
import {
  matchingAccession,
  readFollowUpPage,
  readFollowUpProposals,
} from '../../../../src/services/api/read/followUps'
import { readCheckAnswer } from '../../../../src/services/api/read/qa'

const item = {
  id: 7,
  patient_id: 3,
  source_order_id: 11,
  modality: 'CT',
  body_part: 'chest',
  due_from: '20270213',
  due_to: '2027-04-13T00:00:00Z',
  status: 'pending',
  patient: { first_name: 'Ada', last_name: 'Lovelace', mrn: 'M-1' },
  source: { accession_number: 4711 },
}

describe('reading follow-ups', () => {
  it('FU-37 a page reads what it can show and counts what it cannot', () => {
    const read = readFollowUpPage({
      items: [item, { ...item, id: 8, body_part: ' ' }, { ...item, id: 9, due_from: 'soon' }],
      next_cursor: '',
    })
    expect(read.ok && read.value.items).toEqual([
      expect.objectContaining({
        id: '7',
        patient_id: '3',
        source_order_id: '11',
        due_from: '2027-02-13',
        due_to: '2027-04-13',
        status: 'open',
        reason: '',
        patient: { first_name: 'Ada', last_name: 'Lovelace', mrn: 'M-1' },
        source: { accession_number: '4711', study_description: '' },
        resolution: null,
      }),
    ])
    expect(read.ok && read.value.next_cursor).toBeNull()
    expect(read.ok && read.skipped).toEqual({ count: 2, fields: ['body_part', 'due_from'] })
  })

  it('FU-37 the check’s follow-ups: absent when not said, a list (possibly empty) when said', () => {
    expect(readCheckAnswer({ issues: [] })).toEqual({ issues: [] })
    expect(readCheckAnswer({ issues: [], follow_ups: [] })).toEqual({ issues: [], follow_ups: [] })
    expect(readFollowUpProposals({ follow_ups: [{ modality: 'US' }, item] })).toEqual([
      {
        modality: 'CT',
        body_part: 'chest',
        due_from: '2027-02-13',
        due_to: '2027-04-13',
        reason: '',
        text: '',
      },
    ])
  })

  it('FU-41 a completing order is named by its accession number, else by the words of a backend that gives none', () => {
    const completed = (resolution: Record<string, unknown>) => {
      const read = readFollowUpPage({
        items: [{ ...item, status: 'completed', resolution: { by: null, ...resolution } }],
      })
      const [first] = read.ok ? read.value.items : []
      return first?.resolution ? matchingAccession(first.resolution) : undefined
    }
    expect(completed({ reason: 'Order received', order_id: 9, accession_number: 'A-9 ' })).toBe(
      'A-9',
    )
    expect(completed({ reason: 'Matching order ACC456 received' })).toBe('ACC456')
    expect(completed({ reason: 'Done elsewhere', accession_number: '' })).toBeNull()
  })
})
