/**
 * The pre-sign checks (issue 18) on their case table (tests/server/qa/cases/, the table the unit
 * tests read): per rule the true positives, false positives, false negatives and true negatives,
 * precision and recall, and all rules pooled; then the cases the rules get wrong, and how long one
 * report's check takes. A case counts for its own rule only; firing with the wrong severity is a
 * miss. Asserts nothing about the numbers (tests/server/qa/rules.test.ts does).
 *
 * Run: npx tsx scripts/bench-qa.ts [--json FILE]
 */
import { writeFileSync } from 'node:fs'
import { QA_ISSUE_CODES } from '../contract'
import { checkReport } from '../server/qa'
import { measure, QA_CASES, score } from '../tests/server/qa/cases/all'
import { benchArgs, percentile } from './benchHttp'

const { json: JSON_FILE } = benchArgs()
const { rules, overall } = measure()

const fixed = (n: number) => n.toFixed(3)
const head = ['rule', 'cases', 'TP', 'FP', 'FN', 'TN', 'precision', 'recall']
const rows = [
  ...QA_ISSUE_CODES.map((rule) => ({ rule, ...rules[rule] })),
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
console.log(`Pre-sign checks on ${String(QA_CASES.length)} cases`)
for (const row of [head, ...rows]) {
  console.log(row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  '))
}

const wrong = QA_CASES.map((c) => ({ c, outcome: score(c).outcome })).filter(
  ({ outcome }) => outcome === 'FP' || outcome === 'FN',
)
console.log(`\nWrong on ${String(wrong.length)} cases:`)
for (const { c, outcome } of wrong) console.log(`  ${outcome} ${c.id}: ${c.note ?? ''}`)

// One report's check, every case's report in turn.
const times: number[] = []
for (let round = 0; round < 5; round++) {
  for (const c of QA_CASES) {
    const started = performance.now()
    checkReport(c.study, c.sections)
    if (round > 0) times.push(performance.now() - started)
  }
}
const timing = { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) }
console.log(
  `\nOne report checked in ${timing.p50Ms.toFixed(3)} ms (p50), ${timing.p99Ms.toFixed(3)} ms (p99)`,
)

if (JSON_FILE) {
  writeFileSync(
    JSON_FILE,
    `${JSON.stringify(
      {
        cases: QA_CASES.length,
        rules,
        overall,
        wrong: wrong.map(({ c, outcome }) => ({ id: c.id, outcome, note: c.note ?? null })),
        timing,
      },
      null,
      2,
    )}\n`,
  )
}
