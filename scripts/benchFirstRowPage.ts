/**
 * What bench-first-row.ts runs in the page: the scripts that find the first worklist row (the
 * first script's, then the app's own) and time them, what the page reports, and the floor's own
 * ten-line page. Plain JavaScript in strings: the product's CSP forbids evaluating them, so they
 * are registered as init scripts or written as files of the benchmark's own.
 */

/**
 * What the init script finds: the row (an element) or null. Plain JavaScript, run in the page.
 * The first row on screen may be the page's first script's (src/app/boot, inside #first-paint);
 * APP_ROW is the app's own, once it has taken over.
 */
export const worklistRow = (where: string) => `
  for (const list of document.querySelectorAll('[role="listbox"]')) {
    if (!(${where})) continue
    const labelledBy = (list.getAttribute('aria-labelledby') || '').split(/\\s+/)
    const name = list.getAttribute('aria-label') ||
      labelledBy.map((id) => document.getElementById(id)?.textContent || '').join(' ')
    if (name.trim() !== 'Worklist') continue
    const row = list.querySelector('[role="option"]')
    if (row && row.textContent.trim()) return row
  }
  return null`
export const PRODUCT_ROW = worklistRow('true')
export const APP_ROW = worklistRow("list.closest('#first-paint') === null")
export const PAGE_ROW = `
  const row = document.querySelector('#rows li')
  return row && row.textContent.trim() ? row : null`

/**
 * Registered before any of the page's scripts: long tasks (buffered), and the first moment the
 * row is in the DOM with a box, timed at the animation frame that paints it.
 */
export const initScript = (findRow: string, findAppRow: string) => `(() => {
  const bench = { longTasks: [], rowAt: undefined, rowText: undefined, appRowAt: undefined, waiting: false }
  window.__bench = bench
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration])
    }).observe({ type: 'longtask', buffered: true })
  } catch {}
  const findRow = () => { ${findRow} }
  const findAppRow = () => { ${findAppRow} }
  const check = () => {
    if (bench.waiting) return
    const first = bench.rowAt === undefined
    const row = first ? findRow() : findAppRow()
    if (!row) return
    bench.waiting = true
    requestAnimationFrame(() => {
      bench.waiting = false
      if (!row.isConnected || row.getClientRects().length === 0) return check()
      const at = performance.now()
      if (first) {
        bench.rowAt = at
        bench.rowText = row.textContent.trim()
      }
      if (row === findAppRow()) {
        bench.appRowAt = at
        observer.disconnect()
      } else check()
    })
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { childList: true, subtree: true, characterData: true })
})()`

/** What the page measured, read once the row is there. Plain JavaScript, run in the page. */
export const COLLECT = `new Promise((resolve) => setTimeout(() => {
  const bench = window.__bench
  const blockingUntil = (to) => bench.longTasks.reduce((sum, [start, duration]) =>
    sum + Math.max(0, Math.min(start + duration, to) - start - 50), 0)
  const blocking = blockingUntil(bench.rowAt)
  const resource = (part) => performance.getEntriesByType('resource').find((e) => e.name.includes(part))
  const orders = resource('/api/v1/orders')
  const refresh = resource('/v1/auth/try-refresh')
  const busy = (from, to) => bench.longTasks.reduce((sum, [start, duration]) =>
    sum + Math.max(0, Math.min(start + duration, to) - Math.max(start, from)), 0)
  const listIn = orders?.responseEnd ?? 0
  resolve({
    ms: bench.rowAt, tbt: blocking, rowText: bench.rowText, appMs: bench.appRowAt, appTbt: blockingUntil(bench.appRowAt),
    longTasks: bench.longTasks.filter(([start]) => start < bench.rowAt).length,
    ordersStart: orders?.startTime, ordersEnd: orders?.responseEnd,
    ordersBytes: orders?.encodedBodySize, ordersJsonBytes: orders?.decodedBodySize,
    refreshEnd: refresh?.responseEnd,
    busyBeforeList: busy(0, listIn), busyAfterList: busy(listIn, bench.rowAt),
  })
}, 300))`

export type BenchWindow = Window & { __bench?: { rowAt?: number; appRowAt?: number } }

export interface Run {
  ms: number
  /** When the app's own first row was on screen (the same moment when nothing painted first). */
  appMs: number
  /** The total blocking time until then. */
  appTbt: number
  tbt: number
  rowText: string
  longTasks: number
  ordersStart?: number
  ordersEnd?: number
  ordersBytes?: number
  ordersJsonBytes?: number
  refreshEnd?: number
  /** Time in long tasks before the list was in, and from then to the row. */
  busyBeforeList: number
  busyAfterList: number
}
export type Outcome = Run | { timedOut: true }
export const isRun = (outcome: Outcome): outcome is Run => !('timedOut' in outcome)

/** The floor: ten lines, the script a file of its own as the product's CSP wants. */
export const FLOOR_HTML = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Floor</title><ul id="rows"></ul>
<script src="/__bench/floor.js"></script></html>`
export const floorJs = (
  ordersPath: string,
) => `fetch(${JSON.stringify(ordersPath)}, { credentials: 'include', headers: {
  Accept: 'application/json', Authorization: 'Bearer ' + localStorage.getItem('DS') } })
  .then((response) => response.json())
  .then((answer) => {
    const order = (Array.isArray(answer) ? answer : answer.items)[0]
    const row = document.createElement('li')
    row.textContent = order.patient.last_name + ', ' + order.patient.first_name
    document.getElementById('rows').append(row)
  })
`

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&#${String(c.charCodeAt(0))};`)
