/**
 * What the in-browser-like benchmarks (bench-worklist.tsx, bench-chat.tsx) share: the jsdom
 * set-up of the web tests, a React DevTools-style hook that counts component renders, the
 * launch of the benchmark through Vite's module runner, and the printing of their numbers.
 *
 * The SPA's modules read `import.meta.env`, which only Vite provides, so a benchmark starts
 * itself a second time: the first run (plain tsx) calls `launchThroughVite`, which prepares
 * jsdom and the render counter, then imports the same file through Vite, whose exported
 * `runBench` does the work with the app's modules. This module loads none of the app's modules
 * and imports jsdom and Vite only when asked, so either run may import it.
 */
import { fileURLToPath } from 'node:url'
import { installBrowserStubs } from '../tests/support/browserStubs'

interface FiberLike {
  elementType: unknown
  flags: number
  alternate: FiberLike | null
  child: FiberLike | null
  sibling: FiberLike | null
}

/** One component's renders (its render function ran again) and mounts since the last reset. */
export interface Tally {
  renders: number
  mounts: number
}

export interface RenderCounter {
  /** The components whose renders are counted (a function, or what memo() returned), by name. */
  targets: Map<unknown, string>
  tallies: Map<string, Tally>
  /** The named component's tally since the last reset (zeros if it did not render). */
  tally(name: string): Tally
  reset(): void
}

/** React's fiber flag for "this component's render function ran in this commit". */
const PERFORMED_WORK = 1

declare global {
  var __benchRenderCounter: RenderCounter | undefined
}

/**
 * What React DevTools does to tell which components rendered in a commit: React hands every
 * committed root to a global hook. A fiber of a target type rendered in this commit when it
 * performed work and is not the very object of the previous commit (a subtree React skipped
 * keeps its old fibers, flags included; a rendered one is the other buffer of the pair). Must
 * be installed before React loads.
 */
function installRenderCounter(): void {
  const counter: RenderCounter = {
    targets: new Map(),
    tallies: new Map(),
    tally(name) {
      let tally = counter.tallies.get(name)
      if (!tally) {
        tally = { renders: 0, mounts: 0 }
        counter.tallies.set(name, tally)
      }
      return tally
    },
    reset() {
      counter.tallies.clear()
    },
  }
  let previous = new WeakSet<FiberLike>()
  let current = new WeakSet<FiberLike>()
  const visit = (fiber: FiberLike | null) => {
    for (let node = fiber; node; node = node.sibling) {
      const name = counter.targets.get(node.elementType)
      if (name !== undefined) {
        current.add(node)
        if (!previous.has(node)) {
          if (node.alternate === null) counter.tally(name).mounts += 1
          else if ((node.flags & PERFORMED_WORK) !== 0) counter.tally(name).renders += 1
        }
      }
      visit(node.child)
    }
  }
  Object.assign(globalThis, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: (_id: number, root: { current: FiberLike }) => {
        current = new WeakSet()
        visit(root.current.child)
        previous = current
      },
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      checkDCE: () => undefined,
    },
  })
  globalThis.__benchRenderCounter = counter
}

/** The counter `launchThroughVite` installed; `script` names the file to start instead. */
export function renderCounter(script: string): RenderCounter {
  const counter = globalThis.__benchRenderCounter
  if (!counter) throw new Error(`Start the benchmark with: npx tsx scripts/${script}`)
  return counter
}

/**
 * The web tests' jsdom set-up: Vitest's jsdom environment plus the stubs of
 * tests/support/browserStubs.ts, which tests/support/setupDom.ts installs too (that file
 * registers Vitest hooks, so it cannot be imported here).
 */
async function installDom(): Promise<void> {
  const { builtinEnvironments } = await import('vitest/runtime')
  await builtinEnvironments.jsdom.setup(globalThis, {
    jsdom: { url: 'http://127.0.0.1/', pretendToBeVisual: true },
  })
  installBrowserStubs()
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
}

/**
 * Replaces a layout getter of every HTMLElement (jsdom lays nothing out); `fallback` reads
 * jsdom's own value.
 */
export function stubLayoutGetter(
  name: 'clientHeight' | 'offsetHeight' | 'scrollHeight',
  get: (element: HTMLElement, fallback: () => number) => number,
): void {
  const own =
    Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ??
    Object.getOwnPropertyDescriptor(Element.prototype, name)
  Object.defineProperty(HTMLElement.prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      return get(this, () => Number(own?.get?.call(this) ?? 0))
    },
  })
}

export interface LaunchOptions {
  /** What the benchmark adds to the jsdom set-up (a layout), before the app's modules load. */
  prepareDom?: () => void
}

async function launch(moduleUrl: string, options: LaunchOptions): Promise<void> {
  installRenderCounter()
  await installDom()
  options.prepareDom?.()
  const { createServer, createServerModuleRunner } = await import('vite')
  // No HTTP server, no file watching: Vite only transforms the app's modules for this process.
  const server = await createServer({
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
  })
  const runner = createServerModuleRunner(server.environments.ssr, { hmr: false })
  try {
    const bench = await runner.import<{ runBench: () => Promise<void> }>(fileURLToPath(moduleUrl))
    await bench.runBench()
  } finally {
    await runner.close()
    await server.close()
  }
}

/**
 * Called at the end of a benchmark with its own `import.meta`: in the first, plain run (no
 * `import.meta.env`) prepares jsdom and the render counter, runs the file's `runBench` through
 * Vite and exits; inside Vite it does nothing.
 */
export function launchThroughVite(meta: ImportMeta, options: LaunchOptions = {}): void {
  if ((meta as { env?: unknown }).env) return
  launch(meta.url, options).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}

/**
 * The development store warns when its serializable and immutable checks take long (large
 * cached payloads); production has neither. Counts those warnings instead of printing them.
 */
export function countSlowCheckWarnings(): { count: () => number; restore: () => void } {
  const warn = console.warn.bind(console)
  let count = 0
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && /Middleware took/.test(args[0])) {
      count += 1
      return
    }
    warn(...args)
  }
  return {
    count: () => count,
    restore: () => {
      console.warn = warn
    },
  }
}

/** Milliseconds with one decimal, for a table whose legend gives the unit. */
export const formatMs = (value: number) => value.toFixed(1)

/** Milliseconds with one decimal and the unit. */
export const ms = (value: number) => `${formatMs(value)} ms`

/**
 * Rows of cells as lines with the columns aligned, two spaces apart: the first column (the
 * labels) padded on the right, the others on the left (`numbers`, right-aligned) or the right.
 */
export function tableLines(
  rows: readonly (readonly string[])[],
  { numbers = true }: { numbers?: boolean } = {},
): string[] {
  const columns = Math.max(0, ...rows.map((row) => row.length))
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(0, ...rows.map((row) => (row[column] ?? '').length)),
  )
  return rows.map((row) =>
    row
      .map((cell, column) =>
        column === 0 || !numbers
          ? cell.padEnd(widths[column] ?? 0)
          : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  )
}
