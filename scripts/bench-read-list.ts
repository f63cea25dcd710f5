/**
 * List reading benchmark: how long the SPA takes to read GET /orders (10,000 orders by default,
 * as our server writes them: nested patients, a report on every third with long sections, a
 * signature and an addendum on every ninth) into its model, once the JSON is parsed. Prints
 * numbers and asserts nothing (timings depend on the machine):
 * - JSON.parse, for scale (the browser pays it whatever the reader);
 * - the contract's zod schema (`orderListSchema`), what a full validation costs;
 * - the single-order reader (`readOrder`) over every entry: the whole order, as lists were read
 *   before WL-5;
 * - the row reader (`readListedOrder`): what list rows are read with now;
 * - the page reader on a page of 100 (`{items, next_cursor, total}`), what each scroll costs.
 *
 * Run: npx tsx scripts/bench-read-list.ts [orderCount]
 */
import { performance } from 'node:perf_hooks'
import { orderListSchema, type Order } from '../contract'
import { readOrder } from '../src/services/api/read/entities'
import { readList } from '../src/services/api/read/lists'
import { readListedOrder, readOrderPage } from '../src/services/api/read/rows'

const ORDER_COUNT = Number(process.argv[2] ?? 10_000)
const RUNS = 21
const PRIORITIES = ['stat', 'urgent', 'routine'] as const
const TEXT = 'The lungs are clear without focal consolidation, effusion or pneumothorax. '.repeat(4)

function syntheticOrder(index: number): Order {
  const reported = index % 3 === 0
  const final = index % 9 === 0
  const signer = { user_id: 'u-1', name: 'Dr Ada Okafor' }
  const patientId = `p-${String(index % 1000)}`
  return {
    id: `o-${String(index)}`,
    patient_id: patientId,
    status: index % 20 === 0 ? 'in_progress' : 'scheduled',
    modality: 'CT',
    body_part: 'Chest',
    study_description: 'CT chest with contrast',
    priority: PRIORITIES[index % 3] ?? 'routine',
    accession_number: `ACC-${String(index)}`,
    indication: 'Persistent cough',
    ordered_at: new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString(),
    patient: {
      id: patientId,
      first_name: `First${String(index % 1000)}`,
      last_name: `Last${String(index % 1000)}`,
      date_of_birth: '1960-05-17',
      sex: 'female',
    },
    report: reported
      ? {
          sections: {
            history: TEXT,
            technique: TEXT,
            comparison: '',
            findings: TEXT,
            impression: TEXT,
          },
          is_final: final,
          updated_at: '2026-11-21T14:00:00.123Z',
          finalized_at: final ? '2026-11-21T14:00:00.123Z' : null,
          finalized_by: final ? signer : null,
          addenda: final
            ? [
                {
                  id: `a-${String(index)}`,
                  text: TEXT,
                  author: signer,
                  created_at: '2026-11-21T15:00:00.000Z',
                },
              ]
            : [],
        }
      : null,
  }
}

const orders = Array.from({ length: ORDER_COUNT }, (_, index) => syntheticOrder(index))
const wire = JSON.stringify(orders)
const pageWire = JSON.stringify({
  items: orders.slice(0, 100),
  next_cursor: 'o-99',
  total: ORDER_COUNT,
})

/** Median and minimum over RUNS runs of `read` on a freshly parsed answer, after warm-up. */
function time(answer: string, read: (raw: unknown) => unknown): { median: number; min: number } {
  for (let run = 0; run < 5; run += 1) read(JSON.parse(answer))
  const times: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const raw: unknown = JSON.parse(answer)
    const started = performance.now()
    read(raw)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { median: times[Math.floor(RUNS / 2)] ?? Number.NaN, min: times[0] ?? Number.NaN }
}

const rows: [string, { median: number; min: number }][] = [
  ['JSON.parse (for scale)', time(wire, () => JSON.parse(wire))],
  [
    'zod orderListSchema.safeParse (full contract)',
    time(wire, (raw) => orderListSchema.safeParse(raw)),
  ],
  ['readOrder per entry (whole order)', time(wire, (raw) => readList(raw, readOrder))],
  ['readListedOrder per entry (row reader)', time(wire, (raw) => readList(raw, readListedOrder))],
  ['readOrderPage, one page of 100', time(pageWire, readOrderPage)],
]
const ms = (value: number) => `${value.toFixed(value < 1 ? 2 : 1)} ms`
console.log(
  `\nList reading, ${String(ORDER_COUNT)} orders (${(wire.length / 1e6).toFixed(1)} MB), Node ${process.version}, median / min of ${String(RUNS)}`,
)
for (const [label, { median, min }] of rows) {
  console.log(`  ${label.padEnd(48)} ${ms(median).padStart(10)} / ${ms(min)}`)
}
