/**
 * RP-6 at the level of one draft: the three-way comparison of the clinician's text, the version it
 * started from and the server's new version, section by section.
 */
import { describe, expect, it } from 'vitest'
import {
  chooseConflictSection,
  newDraft,
  reconcileDraft,
  type ReportVersion,
} from '../../../../../src/features/report/editor/reconcile'
import { parseReport, serializeReport } from '../../../../../src/features/report/editor/sectionText'
import { buildSections } from '../../../../support/msw/data'

const base: ReportVersion = {
  sections: buildSections({ history: 'Cough.', findings: 'Clear.', impression: 'Normal.' }),
  updatedAt: '2025-03-04T14:00:00.000Z',
}
const LATER = '2025-03-04T16:30:00.000Z'

function draftWith(edits: Parameters<typeof buildSections>[0]) {
  return newDraft(serializeReport({ ...base.sections, ...edits }), base)
}

function server(edits: Parameters<typeof buildSections>[0]): ReportVersion {
  return { sections: { ...base.sections, ...edits }, updatedAt: LATER }
}

describe('reconciling a draft with a new server version', () => {
  it('RP-6 a draft without edits gives way to the new report', () => {
    expect(reconcileDraft(draftWith({}), server({ findings: 'Effusion.' }), false)).toBe('drop')
  })

  it('RP-6 sections only the server changed are taken; the clinician’s own edits stay', () => {
    const draft = draftWith({ history: 'Cough, smoker.' })

    expect(reconcileDraft(draft, server({ findings: 'Effusion.' }), false)).toBe('keep')

    expect(parseReport(draft.report, draft.impression)).toEqual({
      ...base.sections,
      history: 'Cough, smoker.',
      findings: 'Effusion.',
    })
    expect(draft.conflict).toBeNull()
    expect(draft.base.updatedAt).toBe(LATER)
  })

  it('RP-6 a section both changed differently becomes a conflict and keeps the clinician’s text', () => {
    const draft = draftWith({ findings: 'Nodule.' })

    reconcileDraft(draft, server({ findings: 'Effusion.', impression: 'Abnormal.' }), false)

    expect(draft.conflict?.sections).toEqual(['findings'])
    expect(draft.conflict?.theirs.sections.findings).toBe('Effusion.')
    // The impression changed on the server only: taken at once, nothing of the clinician's lost.
    expect(parseReport(draft.report, draft.impression)).toEqual({
      ...base.sections,
      findings: 'Nodule.',
      impression: 'Abnormal.',
    })
    expect(draft.base.sections.findings).toBe(base.sections.findings)
  })

  it('RP-6 a second server change of a section taken from the server is no conflict', () => {
    const draft = draftWith({ findings: 'Nodule.' })
    reconcileDraft(draft, server({ findings: 'Effusion.', impression: 'Abnormal.' }), false)

    reconcileDraft(
      draft,
      {
        sections: { ...base.sections, findings: 'Effusion.', impression: 'Very abnormal.' },
        updatedAt: '2025-03-04T17:00:00.000Z',
      },
      false,
    )

    expect(draft.conflict?.sections).toEqual(['findings'])
    expect(draft.impression).toBe('Very abnormal.')
  })

  it('RP-6 both sides writing the same text is no conflict', () => {
    const draft = draftWith({ findings: 'Effusion.' })

    reconcileDraft(draft, server({ findings: 'Effusion.' }), false)

    expect(draft.conflict).toBeNull()
    expect(draft.base.updatedAt).toBe(LATER)
  })

  it('RP-6 choosing for every conflicting section merges, keeping the server’s other changes', () => {
    const draft = draftWith({ findings: 'Nodule.', impression: 'Follow up.' })
    reconcileDraft(
      draft,
      server({ findings: 'Effusion.', impression: 'Abnormal.', history: 'Fever.' }),
      false,
    )
    expect(draft.conflict?.sections).toEqual(['findings', 'impression'])

    chooseConflictSection(draft, 'findings', 'theirs')
    expect(draft.conflict).not.toBeNull()
    chooseConflictSection(draft, 'impression', 'mine')

    expect(draft.conflict).toBeNull()
    expect(parseReport(draft.report, draft.impression)).toEqual({
      ...base.sections,
      history: 'Fever.',
      findings: 'Effusion.',
      impression: 'Follow up.',
    })
    expect(draft.base.updatedAt).toBe(LATER)
  })

  it('RP-6 the server answering with the save under way is recognised as our own', () => {
    const draft = draftWith({ findings: 'Nodule.' })
    draft.save = 'saving'
    draft.inFlight = parseReport(draft.report, draft.impression)
    draft.report = serializeReport({ ...base.sections, findings: 'Nodule, 6 mm.' }).report

    reconcileDraft(draft, server({ findings: 'Nodule.' }), false)

    expect(draft.conflict).toBeNull()
    expect(draft.base.sections.findings).toBe('Nodule.')
  })

  it('RP-5 a report finalized under unsaved edits keeps the edits apart', () => {
    const draft = draftWith({ findings: 'Nodule.' })

    expect(reconcileDraft(draft, server({}), true)).toBe('keep')

    expect(draft.finalizedElsewhere).toBe(true)
    expect(parseReport(draft.report, draft.impression).findings).toBe('Nodule.')
  })
})
