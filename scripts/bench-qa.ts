/**
 * The pre-sign checks on two sets of cases: the tuned table (tests/server/qa/cases/, the cases the
 * rules were written against and the unit tests read) and the held-out corpus
 * (tests/server/qa/published/, written after published laterality, sex and anatomy errors, which
 * the rules were not tuned on). Per rule and set: true positives, false positives, false negatives
 * and true negatives, precision and recall, and all rules pooled; then the cases the rules get
 * wrong, and how long one report's check takes. A case counts for its own rule only; firing with
 * the wrong severity is a miss. Asserts nothing about the numbers (tests/server/qa/rules.test.ts
 * and published.test.ts do).
 *
 * Run: npx tsx scripts/bench-qa.ts [--json FILE]
 * (the JSON keeps the tuned set's figures at its top level, as `npm run bench` reads them, and
 * the held-out set's under `published`)
 */
import { writeFileSync } from 'node:fs'
import { QA_ISSUE_CODES } from '../contract'
import { checkReport } from '../server/qa'
import { measure, QA_CASES, score, type QaCase } from '../tests/server/qa/cases/all'
import { PUBLISHED_CASES } from '../tests/server/qa/published'
import { benchArgs, percentile } from './benchHttp'

const { json: JSON_FILE } = benchArgs()

const fixed = (n: number) => n.toFixed(3)

/** Prints one set's table and the cases it gets wrong; answers its figures. */
function report(title: string, cases: readonly QaCase[]) {
  const { rules, overall } = measure(cases)
  const head = ['rule', 'cases', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall']
  const rows = [
    ...QA_ISSUE_CODES.filter((rule) => rules[rule].cases > 0).map((rule) => ({
      rule,
      ...rules[rule],
    })),
    { rule: 'overall', ...overall },
  ].map((m) => [
    m.rule,
    String(m.cases),
    String(m.tp),
    String(m.fp),
    String(m.fn),
    String(m.tn),
    fixed(m.precision),
    fixed(m.recall),
  ])
  const widths = head.map((_, c) => Math.max(...[head, ...rows].map((row) => row[c]?.length ?? 0)))
  console.log(`${title}: ${String(cases.length)} cases`)
  for (const row of [head, ...rows]) {
    console.log(
      row
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd(),
    )
  }
  const wrong = cases
    .map((c) => ({ c, outcome: score(c).outcome }))
    .filter(({ outcome }) => outcome === 'FP' || outcome === 'FN')
  console.log(`\nWrong on ${String(wrong.length)} cases:`)
  for (const { c, outcome } of wrong) console.log(`  ${outcome} ${c.id}: ${c.note ?? ''}`)
  console.log('')
  return {
    cases: cases.length,
    rules,
    overall,
    wrong: wrong.map(({ c, outcome }) => ({ id: c.id, outcome, note: c.note ?? null })),
  }
}

const tuned = report('Tuned table (tests/server/qa/cases)', QA_CASES)
const published = report('Held-out published corpus (tests/server/qa/published)', PUBLISHED_CASES)

// One report's check, every case's report in turn.
const times: number[] = []
const all = [...QA_CASES, ...PUBLISHED_CASES]
for (let round = 0; round < 5; round++) {
  for (const c of all) {
    const started = performance.now()
    checkReport(c.study, c.sections)
    if (round > 0) times.push(performance.now() - started)
  }
}
const timing = { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) }
console.log(
  `One report checked in ${timing.p50Ms.toFixed(3)} ms (p50), ${timing.p99Ms.toFixed(3)} ms (p99)`,
)

if (JSON_FILE) {
  writeFileSync(JSON_FILE, `${JSON.stringify({ ...tuned, timing, published }, null, 2)}\n`)
}
