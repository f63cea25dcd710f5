/**
 * Dictation into the report and voice commands (VC), with the real store, the in-memory /api/v1
 * (MSW) and the fake speech engine: what the report draft, the chat input and the addendum box
 * end up holding for each command, where the next words land, and what reaches the server.
 */
import { describe, expect, it, vi } from 'vitest'
import type { ReportSections } from '../../../contract'
import { createActionRecorder, replayActionLog, type ActionLog } from '../../../src/app/actionLog'
import { rootReducer } from '../../../src/app/store'
import { sessionStarted } from '../../../src/features/auth'
import { draftEdited, selectDraft } from '../../../src/features/conversation'
import {
  selectCommandNote,
  selectDictationPoint,
  startRequested,
  stopRequested,
  type DictationPoint,
} from '../../../src/features/dictation'
import { studySelected } from '../../../src/features/orders'
import {
  addendumEdited,
  AUTOSAVE_DELAY_MS,
  editStarted,
  selectAddendumDraft,
  selectReportDraft,
  serializeReport,
  textEdited,
} from '../../../src/features/report'
import { buildReport, buildSections, FIXED_TIME } from '../../support/msw/data'
import { apiBackend } from '../../support/msw/server'
import { createTestDeps, makeTestStore } from '../../support/render'
import { openStudy, waitForStatus } from '../../support/speech/dictationHelpers'

function setUp(
  sections: Partial<ReportSections> = {},
  macros: { name: string; text: string }[] = [],
) {
  apiBackend.orders[0]!.report = buildReport({ sections: buildSections(sections) })
  apiBackend.macros = macros.map((macro, index) => ({
    id: `MAC-${String(index + 1)}`,
    ...macro,
    created_at: FIXED_TIME,
    updated_at: FIXED_TIME,
  }))
  const recorder = createActionRecorder()
  // Signed in as the clinician the test backend's claims name, so autosave saves for them.
  const { store, deps } = makeTestStore({
    recorder,
    deps: createTestDeps({ sessionToken: 'session-jwt' }),
  })
  store.dispatch(sessionStarted({ userId: 'U-test' }))
  return { store, engine: deps.speech, logger: deps.logger, recorder }
}

type Setup = ReturnType<typeof setUp>

async function dictate(
  { store, engine }: Setup,
  target: 'report' | 'chat' | 'addendum',
  at?: DictationPoint,
) {
  await openStudy(store)
  store.dispatch(startRequested({ orderId: 'O1', target, ...(at ? { at } : {}) }))
  await waitForStatus(store, 'recording')
  return engine.session
}

const draftOf = ({ store }: Setup) => {
  const draft = selectReportDraft(store.getState(), 'O1')
  return { report: draft?.report ?? '', impression: draft?.impression ?? '' }
}

/** The section's text in the Report draft: what follows its heading up to the next one. */
function section({ store }: Setup, heading: string): string {
  const report = selectReportDraft(store.getState(), 'O1')?.report ?? ''
  const found = new RegExp(`${heading}:\\n([\\s\\S]*?)(?:\\n\\n[A-Z]+:|$)`).exec(report)
  return found?.[1] ?? ''
}

/** The text the store's dictation point selects. */
function selected(setup: Setup): string {
  const point = selectDictationPoint(setup.store.getState(), 'O1')
  if (!point) return ''
  return draftOf(setup)[point.area].slice(point.start, point.end)
}

describe('dictating into the report', () => {
  it('VC-1 without a cursor the words land at the end of FINDINGS, as an edit of the draft that autosave sends', async () => {
    const setup = setUp({ history: 'Cough.', findings: 'Lungs clear.' })
    const session = await dictate(setup, 'report')

    session.say('Small effusion.')

    expect(section(setup, 'FINDINGS')).toBe('Lungs clear. Small effusion.')
    expect(section(setup, 'HISTORY')).toBe('Cough.')
    await vi.waitFor(
      () => {
        expect(apiBackend.requestsTo('saveReport').at(-1)?.body).toMatchObject({
          sections: { history: 'Cough.', findings: 'Lungs clear. Small effusion.' },
        })
      },
      { timeout: AUTOSAVE_DELAY_MS + 3000 },
    )
  })

  it('VC-1 the words land where the clinician’s cursor was, in the Impression too', async () => {
    const setup = setUp({ findings: 'Clear.', impression: 'Normal study.' })
    const session = await dictate(setup, 'report', { area: 'impression', start: 0, end: 0 })

    session.say('No change.')

    expect(draftOf(setup).impression).toBe('No change. Normal study.')
    expect(section(setup, 'FINDINGS')).toBe('Clear.')
  })

  it('VC-1 a report without a FINDINGS heading takes the words at the end of its text', async () => {
    const setup = setUp({})
    await openStudy(setup.store)
    // The clinician rewrote the Report area as free text.
    setup.store.dispatch(
      editStarted({
        orderId: 'O1',
        server: { version: { sections: buildSections(), updatedAt: FIXED_TIME }, isFinal: false },
      }),
    )
    setup.store.dispatch(textEdited({ orderId: 'O1', report: 'Free text report.', impression: '' }))
    setup.store.dispatch(startRequested({ orderId: 'O1', target: 'report' }))
    await waitForStatus(setup.store, 'recording')

    setup.engine.session.say('more words')

    expect(draftOf(setup).report).toBe('Free text report. More words')
  })
})

describe('voice commands in the report', () => {
  const TEMPLATE = { findings: 'Heart [size]. Lungs [lungs].', impression: '[impression]' }

  it('VC-2 "previous field" and "next field" select a field from the insertion point, and the next words replace it', async () => {
    const setup = setUp(TEMPLATE)
    const session = await dictate(setup, 'report')

    session.say('Previous field.')
    expect(selected(setup)).toBe('[lungs]')
    session.say('clear')
    expect(section(setup, 'FINDINGS')).toBe('Heart [size]. Lungs clear.')

    session.say('previous field')
    expect(selected(setup)).toBe('[size]')
    session.say('Enlarged.')
    expect(section(setup, 'FINDINGS')).toBe('Heart enlarged. Lungs clear.')

    session.say('Next field.')
    expect(selected(setup)).toBe('[impression]')
    session.say('cardiomegaly.')
    expect(draftOf(setup).impression).toBe('Cardiomegaly.')
  })

  it('VC-9 words before a command are typed, then the command runs; neither the interim nor the final text shows the command', async () => {
    const setup = setUp(TEMPLATE)
    const heart = serializeReport(buildSections(TEMPLATE)).report.indexOf('Heart')
    const session = await dictate(setup, 'report', { area: 'report', start: heart, end: heart })

    session.hear('small effusion next field')
    expect(draftOf(setup).report).not.toMatch(/next field/i)
    session.say('small effusion next field')

    expect(section(setup, 'FINDINGS')).toBe('Small effusion Heart [size]. Lungs [lungs].')
    expect(selected(setup)).toBe('[size]')
    expect(JSON.stringify(draftOf(setup))).not.toMatch(/next|field\b/i)
  })

  it('VC-3 "scratch that" removes the last dictated phrase of this recording, and the next words land in its place', async () => {
    const setup = setUp({ findings: 'Typed before.' })
    const session = await dictate(setup, 'report')

    session.say('Small effusion.')
    session.say('Heart enlarged.')
    session.say('Scratch that.')
    expect(section(setup, 'FINDINGS')).toBe('Typed before. Small effusion.')

    session.say('Heart normal.')
    expect(section(setup, 'FINDINGS')).toBe('Typed before. Small effusion. Heart normal.')

    // Nothing of the clinician's own typing is scratched.
    session.say('scratch that')
    session.say('scratch that')
    session.say('scratch that')
    expect(section(setup, 'FINDINGS')).toBe('Typed before.')
  })

  it('VC-4 "new paragraph" leaves a blank line, and the next words open the paragraph', async () => {
    const setup = setUp({ findings: 'Lungs clear.' })
    const session = await dictate(setup, 'report')

    session.say('New paragraph.')
    session.say('heart normal')

    expect(section(setup, 'FINDINGS')).toBe('Lungs clear.\n\nHeart normal')
  })

  it('VC-5 "stop dictation" stops as the button does, and what was said before it stays', async () => {
    const setup = setUp({})
    const session = await dictate(setup, 'report')

    session.say('Lungs clear. Stop dictation.')

    await waitForStatus(setup.store, 'idle')
    expect(session.stops).toBe(1)
    expect(section(setup, 'FINDINGS')).toBe('Lungs clear.')
    expect(selectDictationPoint(setup.store.getState(), 'O1')).toBeNull()
  })

  it('VC-6 VC-11 "go to" a section puts the next words at its end, opening with a capital', async () => {
    const setup = setUp({ comparison: '', findings: 'Lungs clear', impression: 'Normal' })
    const session = await dictate(setup, 'report')

    session.say('Go to impression.')
    session.say('stable appearance')
    expect(draftOf(setup).impression).toBe('Normal Stable appearance')

    session.say('go to comparison')
    session.say('prior CT from 2024.')
    expect(section(setup, 'COMPARISON')).toBe('Prior CT from 2024.')

    session.say('Go to findings.')
    session.say('small effusion')
    expect(section(setup, 'FINDINGS')).toBe('Lungs clear Small effusion')
  })

  it('VC-11 the first word at the start of a section or after a sentence end is capitalised, and not inside a sentence', async () => {
    const setup = setUp({})
    const session = await dictate(setup, 'report')

    session.say('small effusion.')
    session.say('heart size normal')
    session.say('And stable.')

    expect(section(setup, 'FINDINGS')).toBe('Small effusion. Heart size normal and stable.')
  })

  it('VC-7 VC-12 "insert NAME" writes the clinician’s macro (any letter case), and the macro names are recognizer hints', async () => {
    const setup = setUp({ findings: 'Heart normal.' }, [
      { name: 'Nml Lungs', text: 'Lungs are clear.' },
    ])
    const session = await dictate(setup, 'report')

    expect(session.options.phrases).toEqual(
      expect.arrayContaining([
        'CT Chest',
        'next field',
        'previous field',
        'scratch that',
        'new paragraph',
        'go to findings',
        'go to impression',
        'go to comparison',
        'stop dictation',
        'insert Nml Lungs',
      ]),
    )
    session.say('Insert nml lungs.')

    expect(section(setup, 'FINDINGS')).toBe('Heart normal. Lungs are clear.')
  })

  it('VC-8 an unknown macro name is not typed; a short note says so', async () => {
    const setup = setUp({ findings: 'Heart normal.' }, [
      { name: 'nml lungs', text: 'Lungs are clear.' },
    ])
    const session = await dictate(setup, 'report')

    session.say('Insert spine normal.')

    expect(section(setup, 'FINDINGS')).toBe('Heart normal.')
    expect(selectCommandNote(setup.store.getState(), 'report')).toBe(
      'No macro is named ‘spine normal’.',
    )
  })

  it('VC-17 a field or section that is not there leaves the text alone and says so', async () => {
    const setup = setUp({ findings: 'No fields here.' })
    const session = await dictate(setup, 'report')

    session.say('Next field.')
    expect(selectCommandNote(setup.store.getState(), 'report')).toBe(
      'No bracketed field after the cursor.',
    )
    session.say('and more')
    expect(section(setup, 'FINDINGS')).toBe('No fields here. And more')
  })
})

describe('what dictation into the report leaves', () => {
  it('VC-14 another study opening keeps every word dictated into the report, and frees its areas', async () => {
    const setup = setUp({ findings: 'Clear.' })
    const session = await dictate(setup, 'report')
    session.say('Small effusion.')
    session.hear('and a nodule')

    setup.store.dispatch(studySelected({ orderId: 'O2' }))
    await vi.waitFor(() => {
      expect(session.closes).toBe(1)
    })

    expect(section(setup, 'FINDINGS')).toBe('Clear. Small effusion. And a nodule')
    expect(selectDictationPoint(setup.store.getState(), 'O1')).toBeNull()
  })

  it('VC-14 a lost connection keeps what was dictated into the report; the button stops the rest', async () => {
    const setup = setUp({})
    const session = await dictate(setup, 'report')
    session.say('Lungs clear.')
    session.cancel('error')
    await waitForStatus(setup.store, 'idle')
    expect(section(setup, 'FINDINGS')).toBe('Lungs clear.')

    const again = await (async () => {
      setup.store.dispatch(startRequested({ orderId: 'O1', target: 'report' }))
      await waitForStatus(setup.store, 'recording')
      return setup.engine.session
    })()
    again.say('Heart normal.')
    setup.store.dispatch(stopRequested({ orderId: 'O1' }))
    await waitForStatus(setup.store, 'idle')
    expect(section(setup, 'FINDINGS')).toBe('Lungs clear. Heart normal.')
    // No cleanup of a report's dictation: its words are spread over sections and fields.
    expect(apiBackend.requestsTo('speechCleanup')).toHaveLength(0)
  })

  it('VC-16 the insertion point is in the store, and replaying the action log gives the same text and point', async () => {
    const setup = setUp({ findings: 'Heart [size].' })
    const session = await dictate(setup, 'report')
    session.say('previous field')
    session.say('normal')
    session.say('previous field')

    const state = setup.store.getState()
    const replayed = replayActionLog(
      rootReducer,
      JSON.parse(JSON.stringify(setup.recorder.log())) as ActionLog,
    )
    expect(replayed.report.drafts).toEqual(state.report.drafts)
    expect(replayed.dictation.point).toEqual(state.dictation.point)
    expect(state.dictation.point).toMatchObject({ area: 'report' })
  })
})

describe('voice commands in the chat input and the addendum box', () => {
  it('VC-3 VC-4 "scratch that" and "new paragraph" edit what this recording said in the chat input, never the typed text', async () => {
    const setup = setUp()
    await openStudy(setup.store)
    setup.store.dispatch(draftEdited({ orderId: 'O1', text: 'Typed.' }))
    const session = await dictate(setup, 'chat')

    session.say('Any nodules?')
    session.say('Scratch that.')
    session.say('Any masses?')
    session.say('New paragraph.')
    session.say('And effusion?')
    expect(selectDraft(setup.store.getState(), 'O1').text).toBe(
      'Typed. Any masses?\n\nAnd effusion?',
    )

    session.say('scratch that')
    session.say('scratch that')
    session.say('scratch that')
    expect(selectDraft(setup.store.getState(), 'O1').text).toBe('Typed.')
  })

  it('VC-5 VC-10 "stop dictation" stops chat dictation; report commands are ordinary words there', async () => {
    const setup = setUp()
    const session = await dictate(setup, 'chat')

    session.say('Go to findings next field.')
    session.say('Stop dictation.')

    await waitForStatus(setup.store, 'idle')
    expect(session.stops).toBe(1)
    expect(selectDraft(setup.store.getState(), 'O1').text).toBe('Go to findings next field.')
  })

  it('VC-3 VC-5 the commands of free text work in the addendum box too', async () => {
    const setup = setUp()
    await openStudy(setup.store)
    setup.store.dispatch(addendumEdited({ orderId: 'O1', text: 'Surgeon informed.' }))
    const session = await dictate(setup, 'addendum')

    session.say('At noon.')
    session.say('By phone.')
    session.say('Scratch that. Stop dictation.')

    await waitForStatus(setup.store, 'idle')
    expect(selectAddendumDraft(setup.store.getState(), 'O1')).toBe('Surgeon informed. At noon.')
  })
})
