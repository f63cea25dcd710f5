/**
 * `npm run bench`: every figure of the scale table, each as product, floor and ratio measured in
 * the same run, one benchmark after another (each in a process of its own, so none measures
 * another's leftovers). Prints the table and writes it, with every benchmark's own JSON, to
 * bench-results/latest.json. Asserts nothing about the numbers.
 *
 * Run: npm run bench [-- --quick]   (--quick: fewer sizes and shorter runs, for a first look)
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const quick = process.argv.includes('--quick')
const out = path.resolve('bench-results')
mkdirSync(out, { recursive: true })

/** Runs `scripts/NAME.ts` with `--json`, and answers what it wrote. */
function run(name: string, args: string[], json = path.join(out, `${name}.json`)): unknown {
  console.log(`\n== ${name} ${args.join(' ')}`)
  const result = spawnSync('npx', ['tsx', `scripts/${name}.ts`, ...args, '--json', json], {
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error(`${name} failed (exit ${String(result.status)})`)
  return JSON.parse(readFileSync(json, 'utf8')) as unknown
}

// The JSON each benchmark writes, as far as this table reads it.
interface InitialJs {
  product: { gzip: number }
  floor: { gzip: number }
  ratio: number
}
interface Crowd {
  product: { perSecond: number; failed: number }
  floor: { perSecond: number }
  ratio: number
  memoryMb: { aboveIdle: number; peakAboveIdle: number }
}
interface FirstRow {
  sizes: {
    orders: number
    /** `ms`: the first row on screen (the first script's); `appMs`: the app's own row. */
    product: { ms: number; tbt: number; appMs: number; appTbt: number }
    floor: { ms: number }
    ratio: number
  }[]
}
interface Pg {
  postgres: {
    product: { getP50Ms: number; questionP50Ms: number; postP50Ms: number }
    floor: { getP50Ms: number; questionP50Ms: number; postP50Ms: number }
  }
  ratios: { get: number; question: number; post: number }
}
interface Events {
  clients: number
  product: Record<'first' | 'all' | 'answer', { p50: number; p99: number }>
  floor: Record<'first' | 'all', { p50: number; p99: number }>
  ratios: { first: number; all: number }
}
interface Hl7Ingest {
  product: { perSecond: number; p95Ms: number; refused: number }
  floor: { perSecond: number; p95Ms: number }
  ratio: number
}
interface QaMetrics {
  precision: number
  recall: number
}
interface Qa {
  cases: number
  overall: QaMetrics
  rules: Record<string, QaMetrics>
  timing: { p50Ms: number }
}
interface FollowUpLevel {
  precision: number
  recall: number
  f1: number
}
interface FollowUps {
  heldOut: Record<'finder' | 'baseline', { cases: number; examAndWindow: FollowUpLevel }>
}
interface Restart {
  product: Record<'clean' | 'crash', { healthMs: number; readMs: number }>
  floor: Record<'clean' | 'crash', { healthMs: number; readMs: number }>
  ratios: { read: number; crashRead: number }
}
interface Keystroke {
  results: Record<'textarea' | 'chat' | 'report', { p95: number }>
  ratios: { chatToTextarea: number; reportToTextarea: number }
}

// initial-js writes its own file (bench-results/initial-js.json) and takes no --json.
console.log('\n== bench-initial-js')
if (spawnSync('npx', ['tsx', 'scripts/bench-initial-js.ts'], { stdio: 'inherit' }).status !== 0) {
  throw new Error('bench-initial-js failed')
}
const initialJs = JSON.parse(readFileSync(path.join(out, 'initial-js.json'), 'utf8')) as InitialJs
const crowd = run('bench-crowd', ['10000', '50', quick ? '10' : '30']) as Crowd
// 300 pairs even in a quick run: the p50 of fewer varies too much from run to run.
const pg = run('bench-pg', ['10000', '300']) as Pg
const firstRow = run(
  'bench-first-row',
  quick ? ['10000', '50000'] : ['10000', '50000', '100000'],
) as FirstRow
const keystroke = run('bench-keystroke', ['10000']) as Keystroke
const events = run('bench-events', quick ? ['200', '50'] : ['200', '200']) as Events
const qa = run('bench-qa', []) as Qa
const hl7 = run('bench-hl7', quick ? ['200'] : ['600']) as Hl7Ingest
const restart = run('bench-restart', ['10000', quick ? '2' : '5']) as Restart
const followUps = run('bench-followups', []) as FollowUps
const heldOut = followUps.heldOut
const worstRule = (key: keyof QaMetrics) =>
  Math.min(...Object.values(qa.rules).map((rule) => rule[key])).toFixed(3)

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`
const at = (orders: number) => firstRow.sizes.find((size) => size.orders === orders)
const base = at(10_000)
const rows: [string, string, string, string, string][] = [
  [
    'initial JS of / (gzip) / library floor',
    `${(initialJs.product.gzip / 1024).toFixed(1)} KiB`,
    `${(initialJs.floor.gzip / 1024).toFixed(1)} KiB`,
    `${initialJs.ratio.toFixed(2)}x`,
    '<= 1.10x',
  ],
  [
    'GET /orders, 10,000 orders, 50 clients / same bytes from memory',
    `${crowd.product.perSecond.toFixed(0)}/s (${String(crowd.product.failed)} failed)`,
    `${crowd.floor.perSecond.toFixed(0)}/s`,
    `${crowd.ratio.toFixed(2)}x`,
    '>= 0.5x, 0 failures',
  ],
  [
    'first worklist row, 10,000 orders / ten-line fetch page',
    base ? ms(base.product.ms) : 'n/a',
    base ? ms(base.floor.ms) : 'n/a',
    base ? `${base.ratio.toFixed(2)}x` : 'n/a',
    '<= 1.5x',
  ],
  [
    "the app's own first row (it takes over from the first script), 10,000 orders",
    base ? `${ms(base.product.appMs)}, TBT ${ms(base.product.appTbt)}` : 'n/a',
    '',
    '',
    'none set',
  ],
  ...firstRow.sizes
    .filter((size) => size.orders !== 10_000)
    .map((size): [string, string, string, string, string] => [
      `first row, app's row TBT, ${size.orders.toLocaleString('en')} orders / at 10,000`,
      `${ms(size.product.ms)}, TBT ${ms(size.product.appTbt)}`,
      base ? `${ms(base.product.ms)}, TBT ${ms(base.product.appTbt)}` : 'n/a',
      base ? `${(size.product.ms / base.product.ms).toFixed(2)}x` : 'n/a',
      'no worse',
    ]),
  [
    'GET /orders/{id} on PostgreSQL / raw SQL',
    ms(pg.postgres.product.getP50Ms),
    ms(pg.postgres.floor.getP50Ms),
    `${pg.ratios.get.toFixed(2)}x`,
    '<= 2x',
  ],
  [
    'POST message (a question) on PostgreSQL / raw SQL',
    ms(pg.postgres.product.questionP50Ms),
    ms(pg.postgres.floor.questionP50Ms),
    `${pg.ratios.question.toFixed(2)}x`,
    '<= 2x',
  ],
  [
    'POST message (a dictation into the report) on PostgreSQL / raw SQL',
    ms(pg.postgres.product.postP50Ms),
    ms(pg.postgres.floor.postP50Ms),
    `${pg.ratios.post.toFixed(2)}x`,
    '<= 2x',
  ],
  [
    'HL7 order ingest on PostgreSQL, one connection (p95) / bare pg',
    `${hl7.product.perSecond.toFixed(0)}/s (${ms(hl7.product.p95Ms)}, ${String(hl7.product.refused)} not AA)`,
    `${hl7.floor.perSecond.toFixed(0)}/s (${ms(hl7.floor.p95Ms)})`,
    `${hl7.ratio.toFixed(2)}x`,
    '>= 0.5x',
  ],
  [
    'server memory after the 50-client run, above idle',
    `${crowd.memoryMb.aboveIdle.toFixed(0)} MB (peak +${crowd.memoryMb.peakAboveIdle.toFixed(0)})`,
    '',
    '',
    '<= 400 MB',
  ],
  [
    'write on instance B to event at A, p50 (p99) / bare pg+http',
    `${ms(events.product.first.p50)} (${ms(events.product.first.p99)})`,
    `${ms(events.floor.first.p50)} (${ms(events.floor.first.p99)})`,
    `${events.ratios.first.toFixed(2)}x`,
    'none set',
  ],
  [
    `same, until all ${String(events.clients)} streams have it / bare fan-out`,
    `${ms(events.product.all.p50)} (${ms(events.product.all.p99)})`,
    `${ms(events.floor.all.p50)} (${ms(events.floor.all.p99)})`,
    `${events.ratios.all.toFixed(2)}x`,
    'none set',
  ],
  [
    'keystroke to next frame p95, chat / bare textarea',
    ms(keystroke.results.chat.p95),
    ms(keystroke.results.textarea.p95),
    `${keystroke.ratios.chatToTextarea.toFixed(2)}x`,
    '<= 2x, < 16 ms',
  ],
  [
    'keystroke to next frame p95, report editor / bare textarea',
    ms(keystroke.results.report.p95),
    ms(keystroke.results.textarea.p95),
    `${keystroke.ratios.reportToTextarea.toFixed(2)}x`,
    '<= 2x, < 16 ms',
  ],
  [
    `pre-sign checks, ${String(qa.cases)} cases: precision / recall (worst rule)`,
    `${qa.overall.precision.toFixed(3)} / ${qa.overall.recall.toFixed(3)}`,
    `${worstRule('precision')} / ${worstRule('recall')}`,
    '',
    '>= 0.9 / 0.85 per rule',
  ],
  ['pre-sign check of one report, p50', `${qa.timing.p50Ms.toFixed(3)} ms`, '', '', 'none set'],
  [
    `follow-up extraction, ${String(heldOut.finder.cases)} held-out reports: exam and window P / R / naive baseline`,
    `${heldOut.finder.examAndWindow.precision.toFixed(3)} / ${heldOut.finder.examAndWindow.recall.toFixed(3)}`,
    `${heldOut.baseline.examAndWindow.precision.toFixed(3)} / ${heldOut.baseline.examAndWindow.recall.toFixed(3)}`,
    `F1 ${(heldOut.finder.examAndWindow.f1 / heldOut.baseline.examAndWindow.f1).toFixed(2)}x`,
    '>= 0.93 / 0.87',
  ],
  ...(['clean', 'crash'] as const).map((kind): [string, string, string, string, string] => [
    `restart, 10,000 orders, after ${kind === 'clean' ? 'SIGTERM' : 'kill -9'}: /healthz, worklist / bare Fastify+PGlite`,
    `${ms(restart.product[kind].healthMs)}, ${ms(restart.product[kind].readMs)}`,
    `${ms(restart.floor[kind].healthMs)}, ${ms(restart.floor[kind].readMs)}`,
    `${(kind === 'clean' ? restart.ratios.read : restart.ratios.crashRead).toFixed(2)}x`,
    'worklist < 5 s quiet',
  ]),
]

const head: [string, string, string, string, string] = [
  'figure',
  'product',
  'floor',
  'ratio',
  'goal',
]
const widths = head.map((_, column) =>
  Math.max(...[head, ...rows].map((row) => row[column]?.length ?? 0)),
)
console.log(`\nReadout benchmarks, ${new Date().toISOString()} (${String(os.cpus().length)} cores)`)
for (const row of [head, ...rows]) {
  console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
}
writeFileSync(
  path.join(out, 'latest.json'),
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      cores: os.cpus().length,
      loadAverage: os.loadavg(),
      table: rows.map(([figure, product, floor, ratio, goal]) => ({
        figure,
        product,
        floor,
        ratio,
        goal,
      })),
      benchmarks: {
        initialJs,
        crowd,
        pg,
        events,
        firstRow,
        keystroke,
        qa,
        hl7,
        restart,
        followUps,
      },
    },
    null,
    2,
  )}\n`,
)
console.log(`\nwritten ${path.relative(process.cwd(), path.join(out, 'latest.json'))}`)
