/**
 * The tour (TR-1): clinicians use every control of Readout in Chromium against the real server,
 * the real Speech SDK and the loopback speech service, and after each look at what it did. Its
 * steps read as the tour; each flow is in tests/e2e/tour/. tests/tooling/tourCoverage.test.ts
 * (TR-2) fails when a control or key of src/ is not used here, unless it says why.
 *
 * It runs last (playwright.config.ts, project 'tour', after 'browser'), on the server the other
 * browser tests used: it reads studies no other test opens, asserts what it did itself, and
 * clears all studies at its end. `READOUT_SCREENSHOTS=docs` makes it write README's pictures
 * (docs/screenshots/), all but the conflict (tests/e2e/conflict.spec.ts).
 *
 * Two clinicians, each in a browser of their own: A reads and signs; B reads along, takes a study
 * over, and is warned before the automatic logoff.
 */
import { test } from '@playwright/test'
import { speechService } from './fixtures/speechService'
import { askAndRate, dictateFindings, jumpToLatest, speechServiceDrops } from './tour/chat'
import { expectSignedInAs, newClinician, type Clinician } from './tour/clinicians'
import { criticalResult, idleWarning, takeOverAndBack } from './tour/colleagues'
import { makeAdmin } from './fixtures/accounts'
import { clearAllStudies, logOut, shortcutsOverlay } from './tour/end'
import {
  assistantChanges,
  dictateReport,
  draftImpression,
  historyAndRestore,
} from './tour/impression'
import { editorShownAndHidden, insertTemplate, macros, priors } from './tour/report'
import {
  addendum,
  finalFilter,
  finalizeCancelled,
  openImages,
  signedWithOverride,
} from './tour/signing'
import {
  findPatient,
  nextStudies,
  priorityAndModality,
  sidebarAndSections,
  worklistAsItOpens,
} from './tour/worklist'

/** Studies no other browser test opens. */
const WRIST = { accession: 'A26114735', patient: 'Kim, Daniel' } // XR Wrist left, urgent
const WRIST_INDICATION =
  'Fall on outstretched hand, anatomic snuffbox tenderness; evaluate for scaphoid fracture'
const WRIST_PRIOR = 'MRI Wrist left without contrast'
const HEAD = 'A26115624' // CT Head without contrast, urgent

// A control that never comes fails its step in seconds, not at the tour's time limit.
test.use({ actionTimeout: 20_000 })

test('TR-1 HK-17 two clinicians use every control of Readout against the real server, and see what each did', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000)
  await speechService.reset(request)
  const step = test.step.bind(test)

  const [a, b] = await step(
    'A and B sign up: asked first whether the address is right',
    async () => {
      const clinicians: [Clinician, Clinician] = [
        await newClinician(browser, 'tour-ada', 'Dr Ada Tour', {
          firstTime: true,
          loginShot: 'login',
        }),
        await newClinician(browser, 'tour-ben', 'Dr Ben Tour'),
      ]
      await expectSignedInAs(clinicians[0])
      return clinicians
    },
  )
  const { page } = a
  // A clears all studies at the end: an admin's once other accounts exist (RL-6).
  await step('the admin makes A an admin too', () => makeAdmin(page, a.email))

  await step('the worklist, sorted stat, urgent, routine', () => worklistAsItOpens(page))
  await step('Priority and Modality narrow it', () => priorityAndModality(page))
  await step('Toggle sidebar; the sections close and open', () => sidebarAndSections(page))
  const nextTwo = await step('Next study; Mine and Unclaimed; Alt+N', () => nextStudies(page))
  await step('Find patient opens the wrist film', () =>
    findPatient(page, WRIST.patient, WRIST.accession),
  )
  await step('Open images', () => openImages(page, WRIST.accession))
  await step('the summary card; a question, rated, unrated, rated down; a reload', () =>
    askAndRate(page, WRIST_INDICATION),
  )
  await step('Toggle report editor, and Alt+R', () => editorShownAndHidden(page))
  await step('Insert template, Tab through its fields, Ctrl+S; Back, Add below, Replace', () =>
    insertTemplate(page),
  )
  await step('Start dictation, Stop, Undo cleanup; F4 twice, sent as voice', () =>
    dictateFindings(page, request),
  )
  await step('the speech service drops: Dismiss', () => speechServiceDrops(page, request))
  await step('Dictate report', () => dictateReport(page, request))
  await step('Macros: Add or remove macros…, Remove, Close; one chosen (Alt+I)', () => macros(page))
  await step('Priors: Use as comparison, Undo comparison', () => priors(page, WRIST_PRIOR))
  await step('Draft impression: Accept, Undo impression draft, Discard', () =>
    draftImpression(page),
  )
  await step('Save; the assistant changes the Impression: Undo assistant change, Alt+U', () =>
    assistantChanges(page),
  )
  await step('Report history: Restore, Close', () => historyAndRestore(page, a.name))
  await step('Jump to latest', () => jumpToLatest(page))
  await step('HK-17 the ? overlay lists exactly the keys this tour pressed', () =>
    shortcutsOverlay(page),
  )
  await step('Finalize: Cancel', () => finalizeCancelled(page))
  await step('Finalize: Override with a reason', () => signedWithOverride(page, a.name))
  await step('an addendum, typed and dictated, signed', () => addendum(page, request, a.name))
  await step('Final lists the signed study', () => finalFilter(page, WRIST.accession))
  await step('a critical result communicated, signed with Ctrl+Shift+F; B sees it arrive', () =>
    criticalResult(a, b, HEAD),
  )
  await step('B takes over, A takes it back and signs with Ctrl+Shift+F, Enter', () =>
    takeOverAndBack(a, b, nextTwo[1]),
  )
  await step('B is warned before the automatic logoff: Stay signed in', () => idleWarning(b))
  await step('B logs out', () => logOut(b.page))
  await step('Clear All Studies: Cancel, then Continue', () =>
    clearAllStudies(page, WRIST.accession),
  )
  await step('A logs out', () => logOut(page))
})
