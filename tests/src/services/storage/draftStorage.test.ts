/**
 * The session-storage adapter of report drafts: what it writes reads back, anything else in the
 * tab's storage is left alone, damaged entries are dropped instead of shown, and a session start
 * can remove every draft but its own user's.
 */
import { describe, expect, it } from 'vitest'
import { chatDrafts } from '../../../../src/services/storage/chatDraftStorage'
import {
  createSessionDraftStorage,
  type StoredDraft,
} from '../../../../src/services/storage/draftStorage'

const draft: StoredDraft = {
  owner: 'U-ada',
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

/** Every value of the tab's session storage, as one text. */
function everythingStored(): string {
  return Object.keys(sessionStorage)
    .map((key) => sessionStorage.getItem(key))
    .join('\n')
}

describe('drafts of several users in one tab', () => {
  it('ID-2 keeping one user’s drafts removes the other users’ and leaves the rest of the tab', () => {
    const storage = createSessionDraftStorage()
    storage.save('O1', draft)
    storage.save('O2', { ...draft, owner: 'U-grace', impression: 'Grace’s words.' })
    sessionStorage.setItem('someone-else', 'kept')

    storage.clearExcept('U-ada')

    expect(storage.load('O1')).toEqual(draft)
    expect(storage.load('O2')).toBeNull()
    expect(everythingStored()).not.toContain('Grace’s words.')
    expect(sessionStorage.getItem('someone-else')).toBe('kept')
  })

  it('ID-2 a draft of the older format, which names no owner, is never read back and is removed', () => {
    const { owner: _unknown, ...ownerless } = draft
    sessionStorage.setItem('readout:reportDraft:v1:O1', JSON.stringify(ownerless))
    const storage = createSessionDraftStorage()

    expect(storage.load('O1')).toBeNull()
    storage.clearExcept('U-ada')

    expect(sessionStorage.getItem('readout:reportDraft:v1:O1')).toBeNull()
    expect(sessionStorage).toHaveLength(0)
  })

  it('ID-2 an entry of the current format without an owner is dropped rather than restored', () => {
    const storage = createSessionDraftStorage()
    storage.save('O1', draft)
    const key = Object.keys(sessionStorage).find((candidate) => candidate.endsWith('O1'))!
    const { owner: _unknown, ...ownerless } = draft
    sessionStorage.setItem(key, JSON.stringify(ownerless))

    expect(storage.load('O1')).toBeNull()
    expect(sessionStorage.getItem(key)).toBeNull()
  })

  it('RP-2 clearing on Log out removes the older format’s drafts too', () => {
    sessionStorage.setItem('readout:reportDraft:v1:O1', JSON.stringify(draft))
    const storage = createSessionDraftStorage()
    storage.save('O2', draft)

    storage.clear()

    expect(sessionStorage).toHaveLength(0)
  })
})

describe('report drafts and chat drafts in one tab', () => {
  it('ID-2 they keep apart: clearing one kind leaves the other', () => {
    const reports = createSessionDraftStorage()
    const chat = chatDrafts.inTabSession()
    const message = { owner: 'U-ada', text: 'Is there an effusion?', inputType: 'text' } as const
    reports.save('O1', draft)
    chat.save('O1', message)

    reports.clear()
    expect(chat.load('O1')).toEqual(message)

    reports.save('O1', draft)
    chat.clear()
    expect(reports.load('O1')).toEqual(draft)
    expect(chat.load('O1')).toBeNull()
  })
})
