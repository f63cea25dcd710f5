/**
 * The session-storage adapter of chat drafts, the same owner-scoped storage as report drafts under
 * keys of its own: what it writes reads back after a reload, a session reads back only its user's
 * drafts, and damaged entries are dropped.
 */
import { describe, expect, it } from 'vitest'
import { chatDrafts, type StoredChatDraft } from '../../../../src/services/storage/chatDraftStorage'

const typed: StoredChatDraft = { owner: 'U-ada', text: 'Is there an effusion?', inputType: 'text' }
const dictated: StoredChatDraft = { owner: 'U-ada', text: 'Small effusion.', inputType: 'voice' }

function keyOf(orderId: string): string {
  const key = Object.keys(sessionStorage).find(
    (candidate) => candidate.startsWith('readout:chatDraft:') && candidate.endsWith(orderId),
  )
  if (!key) throw new Error(`no chat draft of ${orderId} in the tab`)
  return key
}

describe('the session chat draft storage', () => {
  it('CH-12 DC-8 a stored draft reads back, input type included, as a new adapter would after a reload', () => {
    chatDrafts.inTabSession().save('O1', typed)
    chatDrafts.inTabSession().save('O2', dictated)

    const afterReload = chatDrafts.inTabSession()
    expect(afterReload.load('O1')).toEqual(typed)
    expect(afterReload.load('O2')).toEqual(dictated)
    expect(afterReload.loadAll('U-ada')).toEqual({ O1: typed, O2: dictated })
  })

  it('ID-2 a user reads back only their own drafts, and keeping them removes the others’', () => {
    const storage = chatDrafts.inTabSession()
    storage.save('O1', typed)
    storage.save('O2', { ...dictated, owner: 'U-grace' })

    expect(storage.loadAll('U-ada')).toEqual({ O1: typed })
    storage.clearExcept('U-ada')

    expect(storage.load('O2')).toBeNull()
    expect(storage.load('O1')).toEqual(typed)
  })

  it('CH-12 a damaged entry is never read back and is removed', () => {
    const storage = chatDrafts.inTabSession()
    storage.save('O1', typed)
    storage.save('O2', typed)
    sessionStorage.setItem(keyOf('O1'), JSON.stringify({ ...typed, inputType: 'telepathy' }))
    sessionStorage.setItem(keyOf('O2'), '{"text": ')

    expect(storage.loadAll('U-ada')).toEqual({})
    expect(storage.load('O1')).toBeNull()
    storage.clearExcept('U-ada')
    expect(sessionStorage).toHaveLength(0)
  })
})
