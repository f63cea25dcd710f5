/**
 * Build-size check: the JavaScript the browser must load before it can show `/` (the entry chunk
 * and the chunks index.html preloads) stays within a budget, and neither the Azure Speech SDK nor
 * the Descope flow widget is among them. Prints the numbers; exits 1 when over budget.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/** Initial JS budget in gzip bytes; README explains where the number comes from. */
export const INITIAL_JS_BUDGET_GZIP = 300 * 1024

const dist = path.resolve('dist')
const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const initial = new Set<string>()
for (const match of html.matchAll(
  /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g,
)) {
  if (match[1]) initial.add(match[1])
}
if (initial.size === 0) {
  console.error('size: no entry script found in dist/index.html')
  process.exit(1)
}

// Markers that identify the two libraries that must stay lazy.
const forbidden: Record<string, RegExp> = {
  'Azure Speech SDK': /SpeechRecognizer|cognitiveservices/,
  'Descope flow widget': /descope-wc|@descope\/web-component/,
}

let total = 0
let raw = 0
const problems: string[] = []
for (const file of initial) {
  const code = readFileSync(path.join(dist, file))
  const gz = gzipSync(code, { level: 9 }).length
  total += gz
  raw += code.length
  console.log(
    `initial  ${file.padEnd(48)} ${String(code.length).padStart(9)} B  ${String(gz).padStart(8)} B gzip`,
  )
  for (const [name, marker] of Object.entries(forbidden)) {
    if (marker.test(code.toString('utf8'))) problems.push(`${name} is in the initial chunk ${file}`)
  }
}
const lazy = readdirSync(path.join(dist, 'assets')).filter(
  (f) => f.endsWith('.js') && !initial.has(`assets/${f}`),
)
for (const file of lazy) {
  const code = readFileSync(path.join(dist, 'assets', file))
  console.log(
    `lazy     ${`assets/${file}`.padEnd(48)} ${String(code.length).padStart(9)} B  ${String(gzipSync(code, { level: 9 }).length).padStart(8)} B gzip`,
  )
}
console.log(`initial JS: ${raw} B raw, ${total} B gzip; budget ${INITIAL_JS_BUDGET_GZIP} B gzip`)
if (total > INITIAL_JS_BUDGET_GZIP)
  problems.push(`initial JS ${total} B gzip exceeds the budget of ${INITIAL_JS_BUDGET_GZIP} B`)
if (problems.length > 0) {
  for (const p of problems) console.error(`size: ${p}`)
  process.exit(1)
}
