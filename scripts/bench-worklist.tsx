/**
 * Worklist benchmark: the real Sidebar, the real store and selectors, 10,000 orders, in jsdom.
 * Prints numbers and asserts nothing (timings depend on the machine):
 * - rows in the page after the first render, and how long that render took;
 * - how long the selectors take to filter and sort 10,000 orders;
 * - how many rows render again when another row is selected, or the keyboard moves by one,
 *   and how long React spent on it (React Profiler);
 * - the same after scrolling to the middle of the list.
 *
 * Run: npx tsx scripts/bench-worklist.tsx [orderCount]
 *
 * The SPA's modules read `import.meta.env`, which only Vite provides, so this file starts
 * itself a second time through Vite's module runner (benchSupport.ts): the first run (plain
 * tsx) prepares jsdom and a React DevTools-style hook that counts row renders, then imports
 * this same file through Vite, whose `runBench` does the work with the app's modules.
 */
import { performance } from 'node:perf_hooks'
// Types only: erased, so the first (plain tsx) run loads none of the app's modules.
import type { AppDeps } from '../src/shared/deps'
import {
  countSlowCheckWarnings,
  launchThroughVite,
  ms,
  renderCounter,
  tableLines,
} from './benchSupport'

const ORDER_COUNT = Number(process.argv[2] ?? 10_000)
const PATIENT_COUNT = Math.max(1, Math.round(ORDER_COUNT / 10))
/** Repetitions of the selector timing; the median is printed. */
const SELECTOR_RUNS = 15

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** The benchmark proper; runs inside Vite's module runner, where the app's modules load. */
export async function runBench(): Promise<void> {
  const counter = renderCounter('bench-worklist.tsx')
  const rowTally = () => counter.tally('OrderRow')

  const { ChakraProvider } = await import('@chakra-ui/react')
  const { act, fireEvent, render, within } = await import('@testing-library/react')
  const { Profiler } = await import('react')
  const { Provider } = await import('react-redux')
  const { ConfigContext, loadConfig } = await import('../src/shared/config')
  const { DepsContext } = await import('../src/shared/deps')
  const { makeStore } = await import('../src/app/store')
  const { appSystem } = await import('../src/app/theme')
  const system = appSystem()
  const { Sidebar, studySelected } = await import('../src/features/orders')
  const { OrderRow } = await import('../src/features/orders/worklist/OrderRow')
  const { selectWorklist, sortWorklist } = await import('../src/features/orders/worklist/selectors')
  const { ordersApi } = await import('../src/services/api/ordersApi')
  const { buildOrder, buildPatient } = await import('../tests/support/msw/data')
  const { readOrder, readPatient } = await import('../src/services/api/read/entities')
  // What the backend sends, read as the SPA reads every answer.
  const read = <T,>(reading: { ok: true; value: T } | { ok: false; field: string }): T => {
    if (!reading.ok) throw new Error(`fixture not readable: ${reading.field}`)
    return reading.value
  }
  counter.targets.set(OrderRow, 'OrderRow')

  // The store is the development one, whose serializable and immutable checks walk the whole
  // state on every action and warn when that is slow with 10,000 orders; production has neither.
  const slowCheckWarnings = countSlowCheckWarnings()

  // A deterministic worklist: the same numbers from run to run.
  const priorities = ['routine', 'routine', 'urgent', 'stat'] as const
  const sentPatients = Array.from({ length: PATIENT_COUNT }, (_, index) =>
    buildPatient({ id: `P${String(index)}`, last_name: `Patient${String(index)}` }),
  )
  const patients = sentPatients.map((patient) => read(readPatient(patient)))
  const orders = Array.from({ length: ORDER_COUNT }, (_, index) =>
    buildOrder({
      id: `O${String(index)}`,
      patient: sentPatients[(index * 7) % PATIENT_COUNT],
      priority: priorities[(index * 13) % priorities.length],
      status: index % 50 === 0 ? 'in_progress' : 'scheduled',
      accession_number: `ACC-${String(index)}`,
    }),
  ).map((order) => read(readOrder(order)))

  // Selectors: filtering unknown patients and sorting by priority, from a cold cache each run.
  const known = new Map(patients.map((patient) => [patient.id, patient]))
  const sortTimes: number[] = []
  for (let run = 0; run < SELECTOR_RUNS; run += 1) {
    const started = performance.now()
    sortWorklist(orders, (order) => known.get(order.patient_id))
    sortTimes.push(performance.now() - started)
  }

  const silent = { debug() {}, info() {}, warn() {}, error() {} }
  // The app's collaborators grow with its features (speech, draft storage); the sidebar and
  // the sagas it sets off use only these, and nothing here leaves the process.
  const deps = {
    session: { getSessionToken: () => undefined },
    navigator: { assign() {}, reload() {}, currentPath: () => '/' },
    logger: silent,
  } as unknown as AppDeps
  const store = makeStore(undefined, deps, { devTools: false })
  await store.dispatch(ordersApi.util.upsertQueryData('listPatients', undefined, patients))
  // The worklist as a backend that answers the whole list gives it: one page holding everything.
  const wholeList = { items: orders, next_cursor: null, total: orders.length, paged: false }
  await store.dispatch(ordersApi.util.upsertQueryData('listOrderPage', {}, wholeList))
  const storeSelectStarted = performance.now()
  const worklist = selectWorklist(store.getState())
  const storeSelectTime = performance.now() - storeSelectStarted

  const commits: { phase: string; actual: number; base: number }[] = []
  const config = loadConfig({ DEV: false })
  counter.reset()
  const renderStarted = performance.now()
  const view = render(
    <ConfigContext.Provider value={config}>
      <DepsContext.Provider value={deps}>
        <Provider store={store}>
          <ChakraProvider value={system}>
            <Profiler
              id="sidebar"
              onRender={(_id, phase, actual, base) => commits.push({ phase, actual, base })}
            >
              <Sidebar open />
            </Profiler>
          </ChakraProvider>
        </Provider>
      </DepsContext.Provider>
    </ConfigContext.Provider>,
  )
  const firstRenderTime = performance.now() - renderStarted
  const listbox = view.getByRole('listbox', { name: 'Worklist' })
  const rows = () => within(listbox).getAllByRole('option')
  const firstRows = rows().length
  const firstMounts = rowTally().mounts

  /** Runs `action`, then reports the row renders and React's time for what it caused. */
  async function measure(action: () => void) {
    commits.length = 0
    counter.reset()
    const started = performance.now()
    await act(async () => {
      action()
      await Promise.resolve()
    })
    return {
      wall: performance.now() - started,
      react: commits.reduce((sum, commit) => sum + commit.actual, 0),
      whole: commits.at(-1)?.base ?? 0,
      renders: rowTally().renders,
      mounts: rowTally().mounts,
    }
  }

  await measure(() => store.dispatch(studySelected({ orderId: worklist[2]?.id ?? '' })))
  const select = await measure(() => {
    fireEvent.click(rows()[5] ?? listbox)
  })
  const keyboard = await measure(() => {
    fireEvent.keyDown(rows()[5] ?? listbox, { key: 'ArrowDown' })
  })

  // Scroll to the middle: jsdom has no layout, so the list gets a viewport and a scroll height.
  Object.defineProperty(listbox, 'clientHeight', { configurable: true, get: () => 1000 })
  Object.defineProperty(listbox, 'scrollHeight', {
    configurable: true,
    get: () => Number.parseFloat((listbox.firstElementChild as HTMLElement).style.height),
  })
  const scroll = await measure(() => {
    listbox.scrollTop = (worklist.length / 2) * 76
    listbox.dispatchEvent(new Event('scroll'))
  })
  const middleRows = rows()
  const middleSelect = await measure(() => {
    fireEvent.click(middleRows[8] ?? listbox)
  })

  const table: [string, string][] = [
    ['orders / patients', `${String(ORDER_COUNT)} / ${String(PATIENT_COUNT)}`],
    ['worklist rows (known patients)', String(worklist.length)],
    ['selectors: filter + sort, median of 15', ms(median(sortTimes))],
    ['selectors: selectWorklist from the store', ms(storeSelectTime)],
    ['first render: wall time', ms(firstRenderTime)],
    ['first render: rows in the page', String(firstRows)],
    ['first render: rows mounted (both lists)', String(firstMounts)],
    [
      'select another row: rows rendered again',
      `${String(select.renders)} (mounted ${String(select.mounts)})`,
    ],
    ['select another row: React time / whole tree', `${ms(select.react)} / ${ms(select.whole)}`],
    [
      'ArrowDown: rows rendered again',
      `${String(keyboard.renders)} (mounted ${String(keyboard.mounts)})`,
    ],
    [
      'scroll to the middle: rows rendered / mounted',
      `${String(scroll.renders)} / ${String(scroll.mounts)}`,
    ],
    ['scroll to the middle: rows in the page', String(middleRows.length)],
    ['scroll to the middle: React time', ms(scroll.react)],
    ['select a row in the middle: rows rendered again', String(middleSelect.renders)],
  ]
  console.log(`\nWorklist benchmark (jsdom, Node ${process.version}, React development build)`)
  for (const line of tableLines(table, { numbers: false })) console.log(`  ${line}`)
  console.log(
    `  (wall times include the development store's state checks; they warned ${String(slowCheckWarnings.count())} times)`,
  )
  view.unmount()
  slowCheckWarnings.restore()
}

launchThroughVite(import.meta)
