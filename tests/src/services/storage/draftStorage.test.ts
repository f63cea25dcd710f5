/**
 * The session-storage adapter of report drafts: what it writes reads back, anything else in the
 * tab's storage is left alone, and damaged entries are dropped instead of shown.
 */
import { describe, expect, it } from 'vitest'
import {
  createSessionDraftStorage,
  type StoredDraft,
} from '../../../../src/services/storage/draftStorage'

const draft: StoredDraft = {
  report: 'HISTORY:\nCough\n\nTECHNIQUE:\n\n\nCOMPARISON:\n\n\nFINDINGS:\nNodule.',
  impression: 'Follow up.',
  base: {
    sections: { history: '', technique: '', comparison: '', findings: '', impression: '' },
    updatedAt: null,
  },
}

describe('the session draft storage', () => {
  it('RP-2 a stored draft reads back from the tab’s session storage, as a new adapter would after a reload', () => {
    createSessionDraftStorage().save('O1', draft)

    expect(createSessionDraftStorage().load('O1')).toEqual(draft)
    expect(createSessionDraftStorage().load('O2')).toBeNull()
  })

  it('RP-2 clearing removes every draft and nothing else of the tab', () => {
    const storage = createSessionDraftStorage()
    storage.save('O1', draft)
    storage.save('O2', { ...draft, impression: 'Other.' })
    sessionStorage.setItem('someone-else', 'kept')

    storage.clear()

    expect(storage.load('O1')).toBeNull()
    expect(storage.load('O2')).toBeNull()
    expect(sessionStorage.getItem('someone-else')).toBe('kept')
  })

  it('RP-2 a damaged entry is dropped rather than restored', () => {
    const storage = createSessionDraftStorage()
    storage.save('O1', draft)
    const key = Object.keys(sessionStorage).find((candidate) => candidate.endsWith('O1'))!
    sessionStorage.setItem(key, '{"report": 3}')

    expect(storage.load('O1')).toBeNull()
    expect(sessionStorage.getItem(key)).toBeNull()
  })

  it('RP-2 removing one draft leaves the others', () => {
    const storage = createSessionDraftStorage()
    storage.save('O1', draft)
    storage.save('O2', draft)

    storage.remove('O1')

    expect(storage.load('O1')).toBeNull()
    expect(storage.load('O2')).toEqual(draft)
  })
})
