/**
 * Build-size check: the JavaScript the browser must load before it can show `/` (the entry chunk
 * and the chunks index.html preloads, measured by initialJs.ts) stays within a budget, and
 * neither the Azure Speech SDK nor the Descope flow widget is among them. Prints the numbers;
 * exits 1 when over budget.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fileLine, measureInitialJs } from './initialJs'

/**
 * Initial JS budget in gzip bytes; docs/benchmarks.md ("Size budget") says where the number comes
 * from (221,002 B on 2026-11-26, about 2% below, after the workspace's slices left the first
 * screen). Raised by 1 KiB on 2026-11-27, a decision: the first screen carries the order-change
 * action every source of a change dispatches (EV-12) and the urgent target (WL-13), 225,332 B.
 * Raised by half a KiB on 2026-11-28, a decision: the login screen says why a deactivated account
 * is refused (RL-5), the router knows the lazily loaded /admin (ADM-10), and the first rows and
 * the worklist's request carry the review filter and mark (RV-21): 226,455 B, after the teaching
 * constants moved out of the first screen (contract/teachingConstants.ts).
 * Raised by half a KiB again on 2026-11-28, a decision: the router knows the three lazily loaded
 * views of follow-ups, peer review and the department (RL-18), 227,232 B, 777 B above the last
 * figure; the chart library takes its own copy of Redux Toolkit (vite.config.ts), which would
 * otherwise have added 1.7 KB of the toolkit to the first screen.
 * Lower it when the first screen shrinks; never raise it by habit.
 */
export const INITIAL_JS_BUDGET_GZIP = 222 * 1024

/**
 * The page's first script (src/main.tsx and what it imports statically: the entry chunk) runs
 * before the app's chunk evaluates and paints a returning clinician's rows (src/app/boot): it stays
 * small and imports no other chunk but the bundler's runtime, or the app would evaluate first.
 * 5,806 B on 2026-11-26.
 */
export const FIRST_SCRIPT_BUDGET_GZIP = 8 * 1024
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']\.\/([^"']+)["']/g

// Markers that identify the two libraries that must stay lazy.
const forbidden: Record<string, RegExp> = {
  'Azure Speech SDK': /SpeechRecognizer|cognitiveservices/,
  'Descope flow widget': /descope-wc|@descope\/web-component/,
}

function main(): void {
  let measured: ReturnType<typeof measureInitialJs>
  try {
    measured = measureInitialJs(path.resolve('dist'))
  } catch (error) {
    console.error(`size: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  const problems: string[] = []
  for (const file of measured.initial) {
    console.log(fileLine('initial', file))
    const text = measured.code.get(file.file)?.toString('utf8') ?? ''
    for (const [name, marker] of Object.entries(forbidden)) {
      if (marker.test(text)) problems.push(`${name} is in the initial chunk ${file.file}`)
    }
  }
  const [entry] = measured.initial
  if (entry) {
    const text = measured.code.get(entry.file)?.toString('utf8') ?? ''
    if (entry.gzip > FIRST_SCRIPT_BUDGET_GZIP)
      problems.push(
        `the first script ${entry.file} is ${entry.gzip} B gzip, over ${FIRST_SCRIPT_BUDGET_GZIP} B`,
      )
    for (const [, imported] of text.matchAll(STATIC_IMPORT)) {
      if (!imported?.startsWith('rolldown-runtime'))
        problems.push(`the first script ${entry.file} imports ${imported ?? ''} before it runs`)
    }
  }
  for (const file of measured.lazy) console.log(fileLine('lazy', file))
  const { raw, gzip } = measured
  console.log(`initial JS: ${raw} B raw, ${gzip} B gzip; budget ${INITIAL_JS_BUDGET_GZIP} B gzip`)
  if (gzip > INITIAL_JS_BUDGET_GZIP)
    problems.push(`initial JS ${gzip} B gzip exceeds the budget of ${INITIAL_JS_BUDGET_GZIP} B`)
  if (problems.length > 0) {
    for (const p of problems) console.error(`size: ${p}`)
    process.exit(1)
  }
}

// Run as a script (npm run size); importing it (the benchmark reads the budget) runs nothing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
