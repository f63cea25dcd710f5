/**
 * The follow-up finder on its corpus (FU-6): the development set (tuned on) and the held-out set
 * (never tuned on), each beside the naive baseline measured in the same run (every sentence with
 * "recommend" or "follow-up" and a modality word; tests/fixtures/followUpCorpus/baseline.ts).
 * Per set and finder: precision, recall and F1 of the exam found (modality and body part) and of
 * the exam with its window, and the share of reports entirely right; then the reports the finder
 * gets wrong, and how long one report takes. Asserts nothing about the numbers
 * (tests/server/outcomes/extractCorpus.test.ts does).
 *
 * Run: npx tsx scripts/bench-followups.ts [--json FILE]
 */
import { writeFileSync } from 'node:fs'
import { findFollowUps } from '../server/outcomes/extract'
import {
  DEVELOPMENT,
  HELD_OUT,
  SIGNED_ON,
  baselineFinder,
  scoreSet,
  type CorpusCase,
  type SetScore,
} from '../tests/fixtures/followUpCorpus'
import { benchArgs, percentile } from './benchHttp'

const { json: JSON_FILE } = benchArgs()
const fixed = (n: number) => n.toFixed(3)

function table(title: string, cases: readonly CorpusCase[]) {
  const finder = scoreSet(cases, findFollowUps)
  const baseline = scoreSet(cases, baselineFinder)
  const head = ['finder', 'level', 'TP', 'FP', 'FN', 'precision', 'recall', 'F1', 'reports right']
  const rows = (
    [
      ['finder', finder],
      ['baseline', baseline],
    ] as const
  ).flatMap(([name, s]: readonly [string, SetScore]) =>
    (['exam', 'examAndWindow'] as const).map((level) => [
      name,
      level === 'exam' ? 'exam' : 'exam + window',
      String(s[level].tp),
      String(s[level].fp),
      String(s[level].fn),
      fixed(s[level].precision),
      fixed(s[level].recall),
      fixed(s[level].f1),
      level === 'exam' ? '' : fixed(s.caseAccuracy),
    ]),
  )
  const widths = head.map((_, c) => Math.max(...[head, ...rows].map((row) => row[c]?.length ?? 0)))
  console.log(`${title}: ${String(cases.length)} reports, ${String(finder.items)} follow-ups`)
  for (const row of [head, ...rows]) {
    console.log(
      row
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd(),
    )
  }
  console.log(`\nThe finder is wrong on ${String(finder.wrong.length)} reports:`)
  for (const w of finder.wrong) {
    const said = (items: readonly { modality: string; body_part: string }[]) =>
      items.map((i) => `${i.modality} ${i.body_part}`).join(', ') || 'none'
    console.log(
      `  ${w.id}: expected ${said(w.expected)}; found ${said(w.found)}${w.examRight ? ' (window differs)' : ''}`,
    )
  }
  console.log('')
  const strip = ({ wrong, ...rest }: SetScore) => ({ ...rest, wrong: wrong.map((w) => w.id) })
  return { finder: strip(finder), baseline: strip(baseline) }
}

const development = table('Development set (tuned on)', DEVELOPMENT)
const heldOut = table('Held-out set (never tuned on)', HELD_OUT)

// One report's reading, every report in turn, after a warm-up round.
const times: number[] = []
const all = [...DEVELOPMENT, ...HELD_OUT]
for (let round = 0; round < 20; round++) {
  for (const c of all) {
    const started = performance.now()
    findFollowUps({ findings: c.findings ?? '', impression: c.impression }, SIGNED_ON)
    if (round > 0) times.push(performance.now() - started)
  }
}
const timing = { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) }
console.log(
  `One report read in ${timing.p50Ms.toFixed(3)} ms (p50), ${timing.p99Ms.toFixed(3)} ms (p99)`,
)

if (JSON_FILE) {
  writeFileSync(JSON_FILE, `${JSON.stringify({ development, heldOut, timing }, null, 2)}\n`)
}
