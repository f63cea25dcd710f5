/**
 * The report saga with a real store and the in-memory /api/v1: autosave, the session-storage
 * mirror of unsaved drafts and when it is emptied, restoring after a reload (to the user who
 * typed the draft, and to no one else), and finalizing only after the edits before it are saved.
 */
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { logoutRequested, sessionEnded, sessionStarted } from '../../../src/features/auth'
import {
  AUTOSAVE_DELAY_MS,
  editorOpened,
  editStarted,
  finalizeCancelled,
  finalizeConfirmed,
  finalizeRequested,
  saveRequested,
  selectFinalizeState,
  selectReportDraft,
  serializeReport,
  serverReportOf,
  textEdited,
} from '../../../src/features/report'
import type { AppStore } from '../../../src/app/store'
import { conversationApi } from '../../../src/services/api/conversationApi'
import type { ReportSections } from '../../../contract'
import { ordersApi } from '../../../src/services/api/ordersApi'
import {
  createDraftStorage,
  createMemoryDraftStorage,
  type DraftStorage,
  type StoredDraft,
} from '../../../src/services/storage/draftStorage'
import { createMemoryKeyValueStorage } from '../../../src/services/storage/ownedStorage'
import { DRAFT_WRITE_INTERVAL_MS } from '../../../src/sagas/report/draftWrites'
import { nextReportVersion, routePattern } from '../../support/msw/apiBackend'
import { buildReport, buildSections } from '../../support/msw/data'
import { apiBackend, server } from '../../support/msw/server'
import { createTestDeps, makeTestStore, type TestDeps } from '../../support/render'
import { FakePageHide } from '../../support/pageHide'
import { refusingToSave } from '../../support/session'

const EARLIER = '2025-03-04T14:00:00.000Z'
const LATER = '2025-03-04T16:30:00.000Z'
const BASE = buildSections({ findings: 'Lungs clear.', impression: 'Normal.' })
/** User ids as the identity provider's session tokens carry them (`sub`). */
const ADA = 'U-ada'
const GRACE = 'U-grace'

function orderO1() {
  const order = apiBackend.orders.find((candidate) => candidate.id === 'O1')
  if (!order) throw new Error('the demo data has order O1')
  return order
}

/** A store whose session has started for `user` (Ada unless told), as the SessionBridge says. */
function setup(
  options: { draftStorage?: DraftStorage; user?: string; pageHidden?: FakePageHide } = {},
) {
  orderO1().report = buildReport({ sections: BASE, updated_at: EARLIER })
  const deps: TestDeps = {
    ...createTestDeps({ sessionToken: 'session-jwt' }),
    ...(options.draftStorage ? { draftStorage: options.draftStorage } : {}),
    ...(options.pageHidden ? { pageHidden: options.pageHidden.source } : {}),
  }
  const made = makeTestStore({ deps })
  made.store.dispatch(sessionStarted({ userId: options.user ?? ADA }))
  return made
}

async function loadOrder(store: AppStore) {
  const request = store.dispatch(ordersApi.endpoints.getOrder.initiate('O1'))
  const { data } = await request
  if (!data) throw new Error('order O1 did not load')
  return {
    order: data,
    unsubscribe: () => {
      request.unsubscribe()
    },
  }
}

/** What the editor dispatches when the clinician types: the whole text after the keystroke. */
async function typeImpression(store: AppStore, impression: string) {
  const { order, unsubscribe } = await loadOrder(store)
  if (!selectReportDraft(store.getState(), 'O1')) {
    store.dispatch(editStarted({ orderId: 'O1', server: serverReportOf(order.report) }))
  }
  const { report } = serializeReport(BASE)
  store.dispatch(textEdited({ orderId: 'O1', report, impression }))
  unsubscribe()
}

function stored(sections: Partial<ReportSections>, base = BASE, updatedAt = EARLIER): StoredDraft {
  const text = serializeReport({ ...base, ...sections })
  return { owner: ADA, ...text, base: { sections: base, updatedAt } }
}

describe('autosave', () => {
  it('RP-2 edits in quick succession are saved once, with the last text, after the pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { store } = setup()

    for (const text of ['N', 'No', 'Nor', 'Normal', 'Normal study.']) {
      await typeImpression(store, text)
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2)
    }
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)

    await vi.waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toEqual({
      sections: { ...BASE, impression: 'Normal study.' },
    })
  })

  it('RP-2 the wall clock set back while typing holds the autosave up no longer than a pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { store } = setup()
    await typeImpression(store, 'Normal')
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS / 2)
    await typeImpression(store, 'Normal study.')
    vi.setSystemTime(Date.now() - 3_600_000)
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2)

    await vi.waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')[0]?.body).toEqual({
      sections: { ...BASE, impression: 'Normal study.' },
    })
  })

  it('RP-2 RP-8 a save the server refused keeps the draft and says why', async () => {
    const { store, deps } = setup()
    await typeImpression(store, 'Normal. Edited.')
    server.use(
      http.put(routePattern('saveReport'), () =>
        HttpResponse.json({ error: 'x', message: 'y' }, { status: 403, statusText: 'Forbidden' }),
      ),
    )

    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))

    await vi.waitFor(() => {
      expect(selectReportDraft(store.getState(), 'O1')?.save).toBe('failed')
    })
    expect(selectReportDraft(store.getState(), 'O1')?.saveError).toEqual({
      status: 403,
      message: 'API Error: Forbidden',
    })
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    expect(deps.draftStorage.load('O1')?.impression).toBe('Normal. Edited.')
  })
})

describe('the session-storage mirror', () => {
  it('RP-2 an unsaved draft is stored at once and removed when the server has it', async () => {
    const { store, deps } = setup()

    await typeImpression(store, 'Normal. Stored.')
    expect(deps.draftStorage.load('O1')).toEqual(stored({ impression: 'Normal. Stored.' }))

    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await vi.waitFor(() => {
      expect(deps.draftStorage.load('O1')).toBeNull()
    })
    expect(orderO1().report?.sections.impression).toBe('Normal. Stored.')
  })

  it('RP-2 typing goes on: the first edit is stored at once, the next ones at most once per interval, the last text at its end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { store, deps } = setup()

    await typeImpression(store, 'N')
    expect(deps.draftStorage.load('O1')?.impression).toBe('N')
    await typeImpression(store, 'No')
    await typeImpression(store, 'Normal')
    expect(deps.draftStorage.load('O1')?.impression).toBe('N')

    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_INTERVAL_MS)
    expect(deps.draftStorage.load('O1')?.impression).toBe('Normal')
    await typeImpression(store, 'Normal study.')
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_INTERVAL_MS)
    expect(deps.draftStorage.load('O1')?.impression).toBe('Normal study.')
  })

  it('RP-2 a reload right after a keystroke keeps it: the page hiding writes the draft at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const pageHidden = new FakePageHide()
    const draftStorage = createMemoryDraftStorage()
    const first = setup({ draftStorage, pageHidden })
    await typeImpression(first.store, 'Normal. Last')
    await typeImpression(first.store, 'Normal. Last words.')
    expect(draftStorage.load('O1')?.impression).toBe('Normal. Last')

    // While the browser's event is dispatched, before the page can go: no timer, no await.
    pageHidden.hide()
    expect(draftStorage.load('O1')?.impression).toBe('Normal. Last words.')

    // The page after the reload: a new store on the same tab storage gives the words back.
    const { store } = setup({ draftStorage })
    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))
    expect(selectReportDraft(store.getState(), 'O1')?.impression).toBe('Normal. Last words.')
    unsubscribe()
  })

  it('RP-2 the page hidden with nothing typed since the last write writes nothing', async () => {
    const pageHidden = new FakePageHide()
    const { store, deps } = setup({ pageHidden })
    await typeImpression(store, 'Normal. Stored.')
    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await vi.waitFor(() => {
      expect(deps.draftStorage.load('O1')).toBeNull()
    })

    pageHidden.hide()

    expect(deps.draftStorage.load('O1')).toBeNull()
  })

  /** Ada types on, the last words not yet written, when her session ends on its own. */
  async function lastWordsAtExpiry() {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const draftStorage = createMemoryDraftStorage()
    const { store } = setup({ draftStorage })
    await typeImpression(store, 'Normal. Ada’s')
    await typeImpression(store, 'Normal. Ada’s last words.')
    store.dispatch(sessionEnded())
    return { store, draftStorage }
  }

  it('ID-2 RP-2 typing not yet written is written for its typist before a session start: the same user keeps the last words', async () => {
    const { store, draftStorage } = await lastWordsAtExpiry()

    store.dispatch(sessionStarted({ userId: ADA }))

    expect(draftStorage.load('O1')).toMatchObject({
      owner: ADA,
      impression: 'Normal. Ada’s last words.',
    })
  })

  it('ID-2 typing not yet written never reaches another user: their session start removes it', async () => {
    const { store, draftStorage } = await lastWordsAtExpiry()

    store.dispatch(sessionStarted({ userId: GRACE }))
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_INTERVAL_MS * 2)

    expect(draftStorage.load('O1')).toBeNull()
    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
  })

  it('RP-2 Log out drops typing not yet written: nothing is stored after it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const pageHidden = new FakePageHide()
    const { store, deps } = setup({ pageHidden })
    await typeImpression(store, 'Normal. Un')
    await typeImpression(store, 'Normal. Unsaved.')

    store.dispatch(logoutRequested())
    pageHidden.hide()
    await vi.advanceTimersByTimeAsync(DRAFT_WRITE_INTERVAL_MS * 2)

    expect(deps.draftStorage.load('O1')).toBeNull()
  })

  it('RP-2 a stored draft is not wiped by the order arriving before the editor restores it', async () => {
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O1', stored({ impression: 'Typed before the reload.' }))
    const { store } = setup({ draftStorage })

    const { unsubscribe } = await loadOrder(store)
    expect(draftStorage.load('O1')?.impression).toBe('Typed before the reload.')

    store.dispatch(editorOpened({ orderId: 'O1' }))
    expect(selectReportDraft(store.getState(), 'O1')).toMatchObject({
      impression: 'Typed before the reload.',
      conflict: null,
    })
    unsubscribe()
  })

  it('RP-6 a restored draft whose study changed on the server meanwhile opens as a conflict', async () => {
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O1', stored({ findings: 'Nodule.' }))
    const { store } = setup({ draftStorage })
    orderO1().report = buildReport({
      sections: { ...BASE, findings: 'Small effusion.' },
      updated_at: LATER,
    })

    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))

    expect(selectReportDraft(store.getState(), 'O1')?.conflict).toMatchObject({
      sections: ['findings'],
      theirs: { sections: { findings: 'Small effusion.' }, updatedAt: LATER },
    })
    unsubscribe()
  })

  it('RP-5 a restored draft of a report finalized meanwhile is kept apart, never sent', async () => {
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O1', stored({ impression: 'Too late.' }))
    const { store } = setup({ draftStorage })
    orderO1().report = buildReport({ sections: BASE, is_final: true, finalized_at: LATER })

    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))
    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))

    expect(selectReportDraft(store.getState(), 'O1')).toMatchObject({
      finalizedElsewhere: true,
      impression: 'Too late.',
    })
    await vi.waitFor(() => {
      expect(apiBackend.requestsTo('getOrder')).toHaveLength(1)
    })
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    expect(draftStorage.load('O1')?.impression).toBe('Too late.')
    unsubscribe()
  })

  it('RP-2 drafts are cleared on Log out, and a pending autosave is dropped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O2', stored({ impression: 'Another study.' }))
    const { store } = setup({ draftStorage })
    await typeImpression(store, 'Normal. Unsaved.')
    expect(draftStorage.load('O1')).not.toBeNull()

    store.dispatch(logoutRequested())

    expect(draftStorage.load('O1')).toBeNull()
    expect(draftStorage.load('O2')).toBeNull()
    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3)
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
  })

  it('RP-2 a session that ends on its own (expiry) keeps the drafts for the next sign-in', async () => {
    const draftStorage = createMemoryDraftStorage()
    const { store } = setup({ draftStorage })
    await typeImpression(store, 'Normal. Unsaved.')

    store.dispatch(sessionEnded())

    expect(draftStorage.load('O1')?.impression).toBe('Normal. Unsaved.')
  })

  it('ID-2 after an expiry the same user signing in again keeps the draft, in the store and in storage', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const draftStorage = createMemoryDraftStorage()
    const { store } = setup({ draftStorage })
    await typeImpression(store, 'Normal. Ada’s words.')
    store.dispatch(sessionEnded())

    store.dispatch(sessionStarted({ userId: ADA }))

    expect(selectReportDraft(store.getState(), 'O1')?.impression).toBe('Normal. Ada’s words.')
    expect(draftStorage.load('O1')?.impression).toBe('Normal. Ada’s words.')
    // Still hers to save: the autosave goes on.
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS)
    await vi.waitFor(() => {
      expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    })
    expect(orderO1().report?.sections.impression).toBe('Normal. Ada’s words.')
  })

  it('ID-2 another user signing in after an expiry gets none of the previous user’s drafts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O2', stored({ impression: 'Ada’s other study.' }))
    const { store } = setup({ draftStorage })
    await typeImpression(store, 'Normal. Ada’s words.')
    store.dispatch(sessionEnded())

    store.dispatch(sessionStarted({ userId: GRACE }))

    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
    expect(draftStorage.load('O1')).toBeNull()
    expect(draftStorage.load('O2')).toBeNull()
    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))
    store.dispatch(editorOpened({ orderId: 'O2' }))
    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
    expect(selectReportDraft(store.getState(), 'O2')).toBeUndefined()
    // Ada's pending autosave is dropped with her draft: nothing is sent in Grace's session.
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 3)
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
    unsubscribe()
  })

  it('ID-2 after a reload, a stored draft is restored to the user who typed it', async () => {
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O1', stored({ impression: 'Typed by Ada before the reload.' }))
    const { store } = setup({ draftStorage, user: ADA })

    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))

    expect(selectReportDraft(store.getState(), 'O1')?.impression).toBe(
      'Typed by Ada before the reload.',
    )
    unsubscribe()
  })

  it('ID-2 after a reload, another user’s session start removes the stored drafts before any restore', async () => {
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O1', stored({ impression: 'Typed by Ada before the reload.' }))
    const { store } = setup({ draftStorage, user: GRACE })

    expect(draftStorage.load('O1')).toBeNull()
    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))
    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
    unsubscribe()
  })

  it('ID-2 a stored draft of another user is never restored, even one written after the session began', async () => {
    const draftStorage = createMemoryDraftStorage()
    const { store } = setup({ draftStorage, user: GRACE })
    draftStorage.save('O1', stored({ impression: 'Typed by Ada.' }))

    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))

    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
    expect(draftStorage.load('O1')).toBeNull()
    unsubscribe()
  })

  it('ID-2 a draft of the older format, which names no owner, is discarded, not restored', async () => {
    const items = createMemoryKeyValueStorage()
    const { owner: _unknown, ...ownerless } = stored({ impression: 'Whose words?' })
    items.setItem('readout:reportDraft:v1:O1', JSON.stringify(ownerless))
    const { store } = setup({ draftStorage: createDraftStorage(items) })

    expect(items.length).toBe(0)
    const { unsubscribe } = await loadOrder(store)
    store.dispatch(editorOpened({ orderId: 'O1' }))
    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
    unsubscribe()
  })

  it('CL-2 clearing a study’s conversation drops its draft, in the store and in storage', async () => {
    const { store, deps } = setup()
    await typeImpression(store, 'Normal. Unsaved.')

    await store.dispatch(conversationApi.endpoints.clearConversation.initiate('O1')).unwrap()

    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
    expect(deps.draftStorage.load('O1')).toBeNull()
  })

  it('RP-2 a browser refusing to store the draft is logged and the draft stays in the store', async () => {
    const refusing = refusingToSave(createMemoryDraftStorage())
    const { store, deps } = setup({ draftStorage: refusing })

    await typeImpression(store, 'Normal. Kept in memory.')

    expect(deps.logger.events('warn')).toContain('report/draftNotStored')
    expect(selectReportDraft(store.getState(), 'O1')?.impression).toBe('Normal. Kept in memory.')
  })
})

describe('finalizing', () => {
  it('RP-3 when the unsaved edits cannot be saved, nothing is finalized and the text stays', async () => {
    const { store, deps } = setup()
    server.use(
      http.put(routePattern('saveReport'), () =>
        HttpResponse.json({ error: 'x', message: 'y' }, { status: 400, statusText: 'Bad Request' }),
      ),
    )
    await typeImpression(store, 'Normal. Final words.')

    store.dispatch(finalizeRequested({ orderId: 'O1' }))
    store.dispatch(finalizeConfirmed({ orderId: 'O1' }))

    await vi.waitFor(() => {
      expect(selectFinalizeState(store.getState(), 'O1').status).toBe('failed')
    })
    expect(selectFinalizeState(store.getState(), 'O1').error).toEqual({
      reason: 'save_failed',
      message: 'Your changes could not be saved, so the report was not finalized.',
    })
    expect(apiBackend.requestsTo('finalizeReport')).toHaveLength(0)
    expect(deps.draftStorage.load('O1')?.impression).toBe('Normal. Final words.')
  })

  it('RP-3 a finalize asked while a save is running waits for it, then saves what came after', async () => {
    const { store } = setup()
    await typeImpression(store, 'Normal. First.')
    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await typeImpression(store, 'Normal. First. Second.')

    store.dispatch(finalizeRequested({ orderId: 'O1' }))
    store.dispatch(finalizeConfirmed({ orderId: 'O1' }))

    await vi.waitFor(() => {
      expect(orderO1().report?.is_final).toBe(true)
    })
    // The pre-sign check (issue 18) writes nothing.
    const writes = apiBackend.requests.filter(
      (request) => request.method !== 'GET' && request.route !== 'checkReport',
    )
    expect(writes.map((request) => request.route)).toEqual([
      'saveReport',
      'saveReport',
      'finalizeReport',
    ])
    expect(writes[1]?.body).toEqual({ sections: { ...BASE, impression: 'Normal. First. Second.' } })
    expect(selectReportDraft(store.getState(), 'O1')).toBeUndefined()
  })

  it('RP-3 finalizing removes the study’s stored draft, even one this tab never restored', async () => {
    const draftStorage = createMemoryDraftStorage()
    draftStorage.save('O1', stored({ impression: 'From a crashed page.' }))
    const { store } = setup({ draftStorage })

    store.dispatch(finalizeRequested({ orderId: 'O1' }))
    store.dispatch(finalizeConfirmed({ orderId: 'O1' }))

    await vi.waitFor(() => {
      expect(orderO1().report?.is_final).toBe(true)
    })
    await vi.waitFor(() => {
      expect(draftStorage.load('O1')).toBeNull()
    })
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(0)
  })

  it('RP-3 after Cancel, a stray confirmation finalizes nothing', async () => {
    const { store } = setup()

    store.dispatch(finalizeRequested({ orderId: 'O1' }))
    expect(selectFinalizeState(store.getState(), 'O1').status).toBe('confirming')
    store.dispatch(finalizeCancelled({ orderId: 'O1' }))
    store.dispatch(finalizeConfirmed({ orderId: 'O1' }))

    expect(selectFinalizeState(store.getState(), 'O1').status).toBe('idle')
    const { unsubscribe } = await loadOrder(store)
    expect(apiBackend.requestsTo('finalizeReport')).toHaveLength(0)
    expect(orderO1().report?.is_final).toBe(false)
    unsubscribe()
  })
})

describe('a report written by someone else between our read and our write (412)', () => {
  /** Another workstation writes the findings just before each of our next `times` PUTs lands. */
  function anotherWriterBeforeEachPut(times: number) {
    let written = 0
    server.use(
      http.put(routePattern('saveReport'), () => {
        if (written >= times) return undefined
        written += 1
        const order = orderO1()
        order.report = buildReport({
          sections: { ...(order.report?.sections ?? BASE), findings: `Elsewhere ${written}.` },
          updated_at: nextReportVersion(order.report),
        })
        return undefined
      }),
    )
  }

  it('RP-6 a refused save conflicting with our edit waits for the choice and keeps the text', async () => {
    const { store, deps } = setup()
    anotherWriterBeforeEachPut(1)
    const { order, unsubscribe } = await loadOrder(store)
    store.dispatch(editStarted({ orderId: 'O1', server: serverReportOf(order.report) }))
    const mine = serializeReport({ ...BASE, findings: 'Mine.' })
    store.dispatch(textEdited({ orderId: 'O1', ...mine }))

    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))

    await vi.waitFor(() => {
      expect(selectReportDraft(store.getState(), 'O1')?.conflict?.sections).toEqual(['findings'])
    })
    expect(selectReportDraft(store.getState(), 'O1')).toMatchObject({
      ...mine,
      save: 'idle',
      saveError: null,
    })
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(1)
    expect(orderO1().report?.sections.findings).toBe('Elsewhere 1.')
    expect(deps.draftStorage.load('O1')).toMatchObject(mine)
    unsubscribe()
  })

  it('RP-2 a server that keeps refusing is asked twice, then the draft says why and waits for Retry', async () => {
    const { store, deps } = setup()
    anotherWriterBeforeEachPut(5)
    await typeImpression(store, 'Normal. Mine.')

    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))

    await vi.waitFor(() => {
      expect(selectReportDraft(store.getState(), 'O1')?.save).toBe('failed')
    })
    expect(selectReportDraft(store.getState(), 'O1')?.saveError).toEqual({
      status: 412,
      message: 'The report was changed by someone else since you opened it.',
    })
    expect(apiBackend.requestsTo('saveReport')).toHaveLength(2)
    expect(orderO1().report?.sections.impression).toBe('Normal.')
    expect(deps.draftStorage.load('O1')?.impression).toBe('Normal. Mine.')
  })

  it('RP-3 finalizing a study this tab never loaded sends no precondition, as before', async () => {
    const { store } = setup()

    store.dispatch(finalizeRequested({ orderId: 'O1' }))
    store.dispatch(finalizeConfirmed({ orderId: 'O1' }))

    await vi.waitFor(() => {
      expect(orderO1().report?.is_final).toBe(true)
    })
    const [post] = apiBackend.requestsTo('finalizeReport')
    expect(post?.headers.get('if-match')).toBeNull()
    expect(post?.headers.get('if-none-match')).toBeNull()
  })

  it('RP-3 finalizing signs the version the clinician saw', async () => {
    const { store } = setup()
    const { unsubscribe } = await loadOrder(store)

    store.dispatch(finalizeRequested({ orderId: 'O1' }))
    store.dispatch(finalizeConfirmed({ orderId: 'O1' }))

    await vi.waitFor(() => {
      expect(orderO1().report?.is_final).toBe(true)
    })
    expect(apiBackend.requestsTo('finalizeReport')[0]?.headers.get('if-match')).toBe(`"${EARLIER}"`)
    unsubscribe()
  })
})

describe('a backend that answers report writes without the report', () => {
  /**
   * The backend keeps reports without versions and answers writes `{"success": true}` or 204;
   * it records the precondition headers it was sent.
   */
  function versionlessBackend() {
    orderO1().report = null
    const held = {
      sections: null as ReportSections | null,
      final: false,
      preconditions: [] as (string | null)[],
    }
    const note = (request: Request) => {
      held.preconditions.push(request.headers.get('if-match'))
    }
    server.use(
      http.get(routePattern('getOrder'), () =>
        HttpResponse.json({
          ...orderO1(),
          report: held.sections ? { sections: held.sections, is_final: held.final } : null,
        }),
      ),
      http.put(routePattern('saveReport'), async ({ request }) => {
        note(request)
        held.sections = ((await request.json()) as { sections: ReportSections }).sections
        return HttpResponse.json({ success: true })
      }),
      http.post(routePattern('finalizeReport'), ({ request }) => {
        note(request)
        held.final = true
        return new HttpResponse(null, { status: 204 })
      }),
    )
    return held
  }

  const cachedReport = (store: AppStore) =>
    ordersApi.endpoints.getOrder.select('O1')(store.getState()).data?.report

  it('RP-2 API-6 a save answered {"success": true} is saved: the order is read back, no made-up version is sent', async () => {
    const { store, deps } = setup()
    const held = versionlessBackend()
    await typeImpression(store, 'Small effusion.')

    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await vi.waitFor(() => {
      expect(cachedReport(store)?.sections.impression).toBe('Small effusion.')
    })
    expect(selectReportDraft(store.getState(), 'O1')?.saveError ?? null).toBeNull()
    expect(held.sections?.impression).toBe('Small effusion.')
    expect(deps.draftStorage.load('O1')).toBeNull()

    // A second save is based on a version the SPA made from the content: none is sent.
    await typeImpression(store, 'Small left effusion.')
    store.dispatch(saveRequested({ orderId: 'O1', trigger: 'manual' }))
    await vi.waitFor(() => {
      expect(held.sections?.impression).toBe('Small left effusion.')
    })
    expect(held.preconditions).toEqual([null, null])
  })

  it('RP-3 API-6 finalizing answered 204 leaves the report final on screen, with no made-up version sent', async () => {
    const { store } = setup()
    const held = versionlessBackend()
    await typeImpression(store, 'No acute findings.')

    store.dispatch(finalizeRequested({ orderId: 'O1' }))
    store.dispatch(finalizeConfirmed({ orderId: 'O1' }))

    await vi.waitFor(() => {
      expect(cachedReport(store)?.is_final).toBe(true)
    })
    expect(cachedReport(store)?.sections.impression).toBe('No acute findings.')
    expect(held.final).toBe(true)
    expect(held.preconditions.every((header) => header === null)).toBe(true)
    expect(held.preconditions).toHaveLength(2)
  })
})
