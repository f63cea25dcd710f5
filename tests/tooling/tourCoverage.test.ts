/**
 * TR-2: the tour (tests/e2e/tour.spec.ts and its flows in tests/e2e/tour/) uses every control of
 * the SPA and presses every key of the '?' overlay. The controls and their names are read from
 * src/ as text (./controlNames.ts); the tour's own words are read the same way: the `name` of each
 * `getByRole`, each `getByLabel`, and each key a `press` sends. A control the tour leaves out
 * fails here unless EXCLUDED says why (another test reaches it); a name only data or state gives
 * is named in BY_HAND.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe as suite, expect, it } from 'vitest'
import {
  collectControls,
  describe,
  isDataNamed,
  example,
  matcher,
  type Control,
  type SourceFile,
} from './controlNames'
import { keyOf, overlayKeys, tourWords, type TourWords } from './tourWords'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Controls the tour does not reach, by name, and why; each is proven elsewhere. An entry for a
 * name src/ no longer has, or that the tour now uses, fails too: the list stays short and true.
 */
const ADMIN_PAGE =
  'the Admin page, an admin’s (ADM-10..ADM-22): tests/e2e/admin.spec.ts and tests/src/features/admin/'

const FOLLOW_UPS =
  'follow-ups, confirmed at signing, listed, closed by hand and by an arriving order (FU-25..FU-40): tests/e2e/followUps.spec.ts'
const PEER_REVIEW =
  'peer review, asked on opening a study at PEER_REVIEW_SHARE=1 on its own server (PEER-*): tests/e2e/peerReview.spec.ts'
const DEPARTMENT =
  'the Department view, its charts and their tables (DEPT-*): tests/e2e/departmentView.spec.ts'

const EXCLUDED: Readonly<Record<string, string>> = {
  Retry:
    'shown only after a request failed (a list page, the chat, the report, its history, a save, Clear All): tests/e2e/faults.spec.ts and the component tests (WL-1, CH-6, RP-5, RH-3, CL-2)',
  Reload: 'the error page of a route that threw (RT-5): tests/src/app/routes.test.tsx',
  'Go to the worklist':
    'the error page of a route that threw (RT-5): tests/src/app/routes.test.tsx',
  'Keep mine':
    'a conflict needs the same report saved elsewhere while a save of this tab is held or lost on its way (RP-6): tests/e2e/conflict.spec.ts',
  'Use saved':
    'a conflict needs the same report saved elsewhere while a save of this tab is held or lost on its way (RP-6): tests/e2e/conflict.spec.ts',
  'Discard my unsaved text':
    'the report signed elsewhere while this tab’s edits were unsaved (RP-5): tests/src/features/report/reportEditor.test.tsx',
  Users: ADMIN_PAGE,
  'Audit trail': ADMIN_PAGE,
  User: ADMIN_PAGE,
  Newer: ADMIN_PAGE,
  Older: ADMIN_PAGE,
  'Export CSV': ADMIN_PAGE,
  'Deactivate …': ADMIN_PAGE,
  'Reactivate …': ADMIN_PAGE,
  Admin: `${ADMIN_PAGE}; the link to it among the views, an admin's (RL-16): tests/e2e/teaching.spec.ts`,
  'Show table': DEPARTMENT,
  'Hide table': `${DEPARTMENT}; tests/src/features/department/`,
  'Group by': DEPARTMENT,
  Status: FOLLOW_UPS,
  'Show more': `${FOLLOW_UPS}; a second page: tests/src/features/followUps/`,
  'Open report': FOLLOW_UPS,
  Complete: `${FOLLOW_UPS}; completing by hand: tests/src/features/followUps/`,
  Decline: FOLLOW_UPS,
  'Mark completed': `${FOLLOW_UPS}; completing by hand: tests/src/features/followUps/`,
  'Decline follow-up': FOLLOW_UPS,
  Edit: `${FOLLOW_UPS}; correcting a found follow-up in the Finalize dialog (FU-28)`,
  Done: `${FOLLOW_UPS}; correcting a found follow-up in the Finalize dialog (FU-28)`,
  'Add follow-up':
    'a follow-up added by hand in the Finalize dialog (FU-29): tests/src/features/report/signing/followUps.test.tsx',
  'Submit score': PEER_REVIEW,
  'Not now': `${PEER_REVIEW}; not now: tests/src/features/peerReview/`,
  'Follow-ups': FOLLOW_UPS,
  Department: DEPARTMENT,
  'Peer review': PEER_REVIEW,
  'Return to trainee':
    'an attending reviewing a trainee’s report, with three clinicians of three roles (RV-17, RV-28): tests/e2e/teaching.spec.ts and tests/src/features/report/review/',
}

type ByHand = Readonly<Record<string, { names?: readonly string[]; why: string }>>

/**
 * Controls whose name comes from data or state, by `file <Tag>`: the names they can have, or none
 * with the reason the tour reaches them anyway. Each listed name must be in src/ as written.
 */
const BY_HAND: ByHand = {
  'src/app/ViewLinks.tsx <Link>': {
    names: ['Worklist', 'Follow-ups', 'Department', 'Peer review', 'Admin'],
    why: 'the ways to the views, listed by role in VIEWS (RL-18)',
  },
  'src/components/ui/CheckboxField.tsx <Checkbox.Root>': {
    why: 'a checkbox named by its caller: the critical result form’s (Read back), the override’s, and each found follow-up’s, named by its exam and window (FU-25), which the tour and tests/e2e/followUps.spec.ts tick',
  },
  'src/features/followUps/ResolveDialog.tsx <Button>': {
    names: ['Mark completed', 'Decline follow-up'],
    why: 'the dialog’s confirmation, named by the closing chosen (FU-33, FU-34)',
  },
  'src/features/dictation/MicButton.tsx <IconButton>': {
    names: [
      'Start dictation',
      'Stop dictation',
      'Dictate report',
      'Dictate addendum',
      'Stop dictating addendum',
    ],
    why: 'its label is the dictation state’s (micButtonView in src/features/dictation/selectors.ts)',
  },
  'src/features/orders/worklist/OrderRow.tsx <Box>': {
    why: 'a worklist row, named by its study: the tour opens rows found by accession number',
  },
  'src/features/orders/worklist/PatientFinder.tsx <chakra.button>': {
    why: 'a matching patient, named by the patient: the tour chooses one by name',
  },
  'src/features/report/library/MacrosMenu.tsx <Menu.Item>': {
    why: 'a macro, named by the clinician: the tour makes one and chooses it',
  },
  'src/features/report/library/TemplatePicker.tsx <Button>': {
    why: 'a template, named by the server’s library: the tour chooses one by name',
  },
}

function filesUnder(folder: string, pattern: RegExp): SourceFile[] {
  const found: SourceFile[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (pattern.test(name)) {
        found.push({ path: path.relative(root, full), text: readFileSync(full, 'utf8') })
      }
    }
  }
  walk(path.join(root, folder))
  return found
}

/** What data may put in a name, to try the tour's regular expressions on. */
const FILLS = ['1', '2', 'x', 'Dr Ada Tour']

/** Whether one of the tour's names finds the control. */
function used(control: Control, words: TourWords): boolean {
  return control.alternatives.some((alternative) => {
    const whole = matcher(alternative)
    return (
      words.names.some((name) => whole.test(name.trim())) ||
      words.patterns.some((pattern) =>
        FILLS.some((fill) => pattern.test(example(alternative, fill))),
      )
    )
  })
}

/**
 * The controls the tour leaves out and nothing excuses, as lines for the failure message. A
 * by-hand entry speaks only for the controls of its file and tag whose name comes from data; a
 * control there with a name of its own is checked as any other.
 */
function uncovered(
  controls: readonly Control[],
  words: TourWords,
  byHand: ByHand = BY_HAND,
): string[] {
  const missing: string[] = []
  for (const control of controls) {
    if (control.alternatives.some(isDataNamed)) {
      const hand = byHand[control.key]
      if (!hand) {
        missing.push(`${control.where}: named by data (${describeAll(control)}): add it to BY_HAND`)
      }
      for (const name of hand?.names ?? []) {
        if (!words.names.includes(name) && !(name in EXCLUDED)) {
          missing.push(`${control.where}: '${name}'`)
        }
      }
      continue
    }
    if (used(control, words)) continue
    if (control.alternatives.some((alternative) => describe(alternative) in EXCLUDED)) continue
    missing.push(`${control.where}: ${describeAll(control)}`)
  }
  return missing
}

function describeAll(control: Control): string {
  return control.alternatives.map((alternative) => `'${describe(alternative)}'`).join(' or ')
}

const SRC = filesUnder('src', /\.tsx?$/).filter((file) => !/\.test\.tsx?$/.test(file.path))
const TOUR = [
  ...filesUnder('tests/e2e', /^tour\.spec\.ts$/),
  ...filesUnder('tests/e2e/tour', /\.ts$/),
]

suite('the tour reaches every control', () => {
  const controls = collectControls(SRC)
  const words = tourWords(TOUR)

  it('TR-2 every button, link, menu item, checkbox and select of src/ is used by the tour, or excused with a reason', () => {
    expect(controls.length).toBeGreaterThan(50)
    expect(uncovered(controls, words)).toEqual([])
  })

  it('TR-2 every key of the shortcuts overlay is pressed by the tour', () => {
    const keys = overlayKeys(readFileSync(path.join(root, 'src/shared/hotkeys.ts'), 'utf8'))
    expect(keys.length).toBeGreaterThanOrEqual(8)
    const pressed = new Set(words.keys.map(keyOf))
    expect(keys.filter((key) => !pressed.has(keyOf(key)))).toEqual([])
  })

  it('TR-2 each exclusion names a control src/ has and the tour leaves out; each by-hand entry a control of src/ named by data', () => {
    const names = new Set(
      controls.flatMap((control) => [
        ...control.alternatives.map(describe),
        ...(BY_HAND[control.key]?.names ?? []),
      ]),
    )
    const stale = Object.keys(EXCLUDED).filter(
      (name) => !names.has(name) || words.names.includes(name),
    )
    expect(stale).toEqual([])
    const keys = new Set(
      controls
        .filter((control) => control.alternatives.some(isDataNamed))
        .map((control) => control.key),
    )
    expect(Object.keys(BY_HAND).filter((key) => !keys.has(key))).toEqual([])
    const sourceText = SRC.map((file) => file.text).join('\n')
    const unwritten = Object.values(BY_HAND)
      .flatMap((entry) => entry.names ?? [])
      .filter((name) => !sourceText.includes(`'${name}'`))
    expect(unwritten).toEqual([])
  })

  it('TR-2 a control the tour does not use is caught, by its text, its label, a prop or a constant', () => {
    const file = (text: string): SourceFile => ({ path: 'src/Dummy.tsx', text })
    const sample = collectControls([
      file(`
        const LABEL = 'Export as PDF'
        function Toggle({ children, hint = 'Pin the study' }) {
          return <Button aria-label={hint}>{children}</Button>
        }
        export function Dummy({ name }) {
          return (
            <>
              <Button onClick={go}>Archive study<Kbd aria-hidden="true">Alt+A</Kbd></Button>
              <IconButton aria-label={LABEL} />
              <Toggle>Anything</Toggle>
              <Menu.Item value="x">{\`Share with \${name}\`}</Menu.Item>
              <Box role="option" onClick={open}>{name}</Box>
            </>
          )
        }`),
    ])
    const none: TourWords = { names: [], patterns: [], keys: [] }
    expect(uncovered(sample, none)).toEqual([
      "src/Dummy.tsx:4 <Button>: 'Pin the study'",
      "src/Dummy.tsx:9 <Button>: 'Archive study'",
      "src/Dummy.tsx:10 <IconButton>: 'Export as PDF'",
      "src/Dummy.tsx:12 <Menu.Item>: 'Share with …'",
      "src/Dummy.tsx:13 <Box>: named by data ('…'): add it to BY_HAND",
    ])
    const tour: TourWords = {
      names: ['Archive study', 'Share with Dr Ada', 'Pin the study'],
      patterns: [/Export as PDF/],
      keys: [],
    }
    expect(uncovered(sample, tour)).toEqual([
      "src/Dummy.tsx:13 <Box>: named by data ('…'): add it to BY_HAND",
    ])
    // An entry by hand excuses the row named by data, and only it: the Button beside it counts.
    const rows = { 'src/Dummy.tsx <Box>': { why: 'a row, named by its study' } }
    expect(uncovered(sample, { ...none, names: ['Pin the study'] }, rows)).toEqual([
      "src/Dummy.tsx:9 <Button>: 'Archive study'",
      "src/Dummy.tsx:10 <IconButton>: 'Export as PDF'",
      "src/Dummy.tsx:12 <Menu.Item>: 'Share with …'",
    ])
    const sameTag = { 'src/Dummy.tsx <Button>': { why: 'as if a Button were named by data' } }
    expect(uncovered(sample, tour, sameTag)).toEqual([
      "src/Dummy.tsx:13 <Box>: named by data ('…'): add it to BY_HAND",
    ])
    expect(uncovered(sample, { ...tour, names: ['Pin the study'] }, sameTag)).toContain(
      "src/Dummy.tsx:9 <Button>: 'Archive study'",
    )
  })
})
