/**
 * The edge where any backend's answers become the SPA's model: every variant a backend that
 * honours the product's description may send, read into one shape.
 */
import { describe, expect, it } from 'vitest'
import { answerReaders } from '../../../../src/services/api/read/answers'
import { readMessage, readOrder, readPatient } from '../../../../src/services/api/read/entities'
import { unwrapList } from '../../../../src/services/api/read/lists'
import { readTimestamp } from '../../../../src/services/api/read/values'
import { isContentVersion } from '../../../../src/services/api/model'

const minimalOrder = {
  id: 7,
  patient_id: 3,
  status: 'scheduled',
  modality: 'CT',
  body_part: 'Chest',
  study_description: 'CT chest without contrast',
  priority: 'stat',
  accession_number: 10452,
}

describe('list answers', () => {
  it('API-6 takes a bare array or an object holding one array, one level deep at most', () => {
    expect(unwrapList([1])).toEqual([1])
    expect(unwrapList({ orders: [1] })).toEqual([1])
    expect(unwrapList({ data: [1] })).toEqual([1])
    expect(unwrapList({ items: [1], total: 1 })).toEqual([1])
    expect(unwrapList({ data: { items: [1], total: 1 } })).toEqual([1])
    expect(unwrapList({ a: [1], b: [2] })).toBeUndefined()
    expect(unwrapList({ total: 1 })).toBeUndefined()
    expect(unwrapList('[]')).toBeUndefined()
    expect(unwrapList(null)).toBeUndefined()
  })

  it('API-6 leaves out the entries it cannot show, counts them and names the fields', () => {
    const reading = answerReaders.listOrders({
      items: [
        minimalOrder,
        { ...minimalOrder, id: 8, priority: 'asap' },
        { ...minimalOrder, id: undefined },
        { ...minimalOrder, id: '9', priority: 'Routine' },
      ],
      total: 4,
    })
    expect(reading.ok).toBe(true)
    if (!reading.ok) return
    expect(reading.value.map((order) => order.id)).toEqual(['7', '9'])
    expect(reading.skipped).toEqual({ count: 2, fields: ['id', 'priority'] })
  })

  it('API-6 an answer with no list at all is malformed', () => {
    expect(answerReaders.listOrders({ error: 'nope' })).toEqual({
      ok: false,
      issues: ['the answer holds no list'],
    })
    expect(answerReaders.listPatients('<html>')).toMatchObject({ ok: false })
  })
})

describe('orders and patients', () => {
  it('API-6 integer ids become strings everywhere, nested ones included', () => {
    const read = readOrder({
      ...minimalOrder,
      patient: { id: 3, first_name: 'Ada', last_name: 'L' },
    })
    expect(read).toMatchObject({
      ok: true,
      value: { id: '7', patient_id: '3', accession_number: '10452', patient: { id: '3' } },
    })
  })

  it('API-6 an order needs only id, patient_id and priority; the rest of ours are extras', () => {
    const read = readOrder({ id: 'A', patient_id: 'B', priority: 'urgent' })
    expect(read).toEqual({
      ok: true,
      value: {
        id: 'A',
        patient_id: 'B',
        status: '',
        modality: '',
        body_part: '',
        study_description: '',
        priority: 'urgent',
        accession_number: '',
        patient: null,
        report: null,
      },
    })
    expect(
      readOrder({ ...minimalOrder, indication: 'RUQ pain', ordered_at: '2026-11-20T08:00:00Z' }),
    ).toMatchObject({ value: { indication: 'RUQ pain', ordered_at: '2026-11-20T08:00:00.000Z' } })
    expect(readOrder({ ...minimalOrder, patient_id: null })).toEqual({
      ok: false,
      field: 'patient_id',
    })
    expect(readOrder({ ...minimalOrder, priority: 'soon' })).toEqual({
      ok: false,
      field: 'priority',
    })
  })

  it('API-6 priorities in any case and as HL7 codes', () => {
    const priority = (value: string) => {
      const read = readOrder({ ...minimalOrder, priority: value })
      return read.ok ? read.value.priority : read.field
    }
    expect(['STAT', 'Urgent', 'routine', 'S', 'A', 'R'].map(priority)).toEqual([
      'stat',
      'urgent',
      'routine',
      'stat',
      'urgent',
      'routine',
    ])
  })

  it('API-6 sex as HL7 v2, FHIR or free text: known codes recognised, other words kept', () => {
    const sex = (value: unknown) => {
      const read = readPatient({ id: 1, first_name: 'A', last_name: 'B', sex: value })
      return read.ok ? read.value.sex : read.field
    }
    expect(['M', 'F', 'O', 'U', 'male', 'FEMALE', 'Other', 'unknown'].map(sex)).toEqual([
      'male',
      'female',
      'other',
      'unknown',
      'male',
      'female',
      'other',
      'unknown',
    ])
    expect(sex('intersex')).toBe('intersex')
    expect(sex(undefined)).toBe('')
  })

  it('API-6 dates of birth as dates, date-times or HL7 YYYYMMDD; nonsense is no date', () => {
    const born = (value: unknown) => {
      const read = readPatient({ id: 1, date_of_birth: value })
      return read.ok ? read.value.date_of_birth : read.field
    }
    expect(born('1961-04-12')).toBe('1961-04-12')
    expect(born('1961-04-12T00:00:00Z')).toBe('1961-04-12')
    expect(born('19610412')).toBe('1961-04-12')
    expect(born('1961-02-30')).toBeNull()
    expect(born('soon')).toBeNull()
    expect(born(undefined)).toBeNull()
  })

  it('API-6 a report may be absent, null or partial; without a version one is made from its content', () => {
    const order = (report: unknown) => {
      const read = readOrder({ ...minimalOrder, report })
      return read.ok ? read.value.report : undefined
    }
    expect(order(undefined)).toBeNull()
    expect(order(null)).toBeNull()
    const partial = order({ sections: { findings: 'Clear lungs.' }, is_final: false })
    expect(partial?.sections).toEqual({
      history: '',
      technique: '',
      comparison: '',
      findings: 'Clear lungs.',
      impression: '',
    })
    expect(partial?.updated_at).toBeNull()
    expect(isContentVersion(partial!.version)).toBe(true)
    expect(order({ sections: { findings: 'Clear lungs.' } })?.version).toBe(partial?.version)
    expect(order({ sections: { findings: 'Effusion.' } })?.version).not.toBe(partial?.version)
    const versioned = order({
      sections: {},
      is_final: true,
      updated_at: '2026-11-20T08:00:00.123456Z',
    })
    expect(versioned).toMatchObject({ is_final: true, updated_at: '2026-11-20T08:00:00.123456Z' })
    // The backend's version goes back to it untouched (If-Match), so it is never rewritten.
    expect(versioned?.version).toBe('2026-11-20T08:00:00.123456Z')
  })
})

describe('messages', () => {
  const message = {
    id: 11,
    order_id: 7,
    user_id: 'u-1',
    role: 'assistant',
    content: 'No free fluid.',
    input_type: 'text',
    created_at: '2026-11-20T08:15:00Z',
    rating: 'up',
    meta_data: { type: 'reply' },
  }

  it('API-6 a rating of null, "none" or nothing is no rating', () => {
    const rating = (value: unknown) => {
      const read = readMessage({ ...message, rating: value })
      return read.ok ? read.value.rating : read.field
    }
    expect([null, 'none', undefined, 'up', 'DOWN'].map(rating)).toEqual([
      null,
      null,
      null,
      'up',
      'down',
    ])
  })

  it('API-6 meta_data absent or null; a time without a zone is local time', () => {
    const read = readMessage({ ...message, meta_data: null, created_at: '2026-11-20T08:15:00' })
    expect(read).toMatchObject({ ok: true, value: { meta_data: null, id: '11', order_id: '7' } })
    if (!read.ok) return
    expect(read.value.created_at).toBe(new Date(2026, 10, 20, 8, 15).toISOString())
    expect(readMessage({ ...message, meta_data: undefined })).toMatchObject({
      value: { meta_data: null },
    })
    expect(readTimestamp('2026-11-20 08:15:00+01:00')).toBe('2026-11-20T07:15:00.000Z')
    expect(readTimestamp('yesterday')).toBeUndefined()
  })

  it('API-6 a message needs an id, a role and its content', () => {
    expect(readMessage({ ...message, role: 'system' })).toEqual({ ok: false, field: 'role' })
    expect(readMessage({ ...message, content: undefined })).toEqual({ ok: false, field: 'content' })
    expect(readMessage({ ...message, id: undefined, message_id: 12 })).toMatchObject({
      value: { id: '12' },
    })
  })
})

describe('write answers', () => {
  it('API-6 a report write may answer the report, a success flag or nothing', () => {
    expect(answerReaders.saveReport({ success: true })).toEqual({ ok: true, value: null })
    expect(answerReaders.finalizeReport(null)).toEqual({ ok: true, value: null })
    expect(
      answerReaders.saveReport({ sections: { impression: 'Normal.' }, is_final: false }),
    ).toMatchObject({ ok: true, value: { sections: { impression: 'Normal.' } } })
  })

  it('API-6 any successful rating answer is a success; the send answer takes integer ids', () => {
    expect(answerReaders.rateMessage(null)).toEqual({ ok: true, value: { success: true } })
    expect(
      answerReaders.sendMessage({
        message_id: 5,
        content: 'Noted.',
        created_at: '2026-11-20T08:15:00Z',
      }),
    ).toEqual({
      ok: true,
      value: {
        message_id: '5',
        content: 'Noted.',
        created_at: '2026-11-20T08:15:00.000Z',
        report_updated: false,
      },
    })
  })

  it('CH-12 API-6 a send answered without its reply is still a send: the reply is read later', () => {
    expect(answerReaders.sendMessage({ ok: true })).toEqual({
      ok: true,
      value: { message_id: null, content: null, created_at: null, report_updated: false },
    })
  })

  it('DC-5 a blank speech token is a malformed answer', () => {
    expect(answerReaders.speechToken({ token: '  ', region: 'westeurope' })).toMatchObject({
      ok: false,
    })
  })
})

describe('claims in list rows', () => {
  const row = (extra: Record<string, unknown>) => {
    const read = answerReaders.listOrders([{ ...minimalOrder, ...extra }])
    return read.ok ? read.value[0] : undefined
  }

  it('WL-10 claimed_by is read tolerantly: absent stays absent, null is nobody, a holder needs an id', () => {
    expect(row({})).not.toHaveProperty('claimed_by')
    expect(row({ claimed_by: null })?.claimed_by).toBeNull()
    expect(row({ claimed_by: { user_id: 7, name: ' Dr Seven ', since: 'x' } })?.claimed_by).toEqual(
      { user_id: '7', name: 'Dr Seven', since: null },
    )
    expect(row({ claimed_by: { id: 'U1' } })?.claimed_by).toEqual({
      user_id: 'U1',
      name: 'U1',
      since: null,
    })
    // A holder that cannot be read is nobody the SPA can name: the row still shows.
    expect(row({ claimed_by: 'someone' })?.claimed_by).toBeNull()
  })

  it('WL-8 ordered_at is kept for the waiting clock, in any readable form; nonsense is none', () => {
    expect(row({ ordered_at: '2026-11-20T08:00:00.000Z' })?.ordered_at).toBe(
      '2026-11-20T08:00:00.000Z',
    )
    expect(row({ ordered_at: '2026-11-20T08:00:00+01:00' })?.ordered_at).toBe(
      '2026-11-20T07:00:00.000Z',
    )
    expect(row({ ordered_at: 'soon' })).not.toHaveProperty('ordered_at')
  })
})
