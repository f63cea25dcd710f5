/**
 * The page's entry, kept to the first script (src/app/boot): it asks for a returning clinician's
 * worklist and paints its first rows, then the app's code (src/app/start.tsx, preloaded by
 * index.html while this runs) evaluates and takes over.
 */
import { startFirstPaint } from './app/boot/firstPaint'

// SEC-30: zod (the contract's schemas, in the app's chunks) probes `new Function` as it builds
// each object schema; under the page's policy (no 'unsafe-eval') the probe fails quietly but
// Chromium reports it as a violation. Set before zod loads (it reads this global then), jitless
// zod never probes. The server keeps its compiled parsers.
;(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
}

const boot = startFirstPaint(window)

boot.ready
  .then(() => import('./app/start'))
  .then(({ start }) => {
    start(boot)
  })
  .catch((error: unknown) => {
    // The app's code did not arrive (a dropped connection, a deployment replaced under the tab).
    console.error('readout.app_not_loaded', error instanceof Error ? error.name : 'unknown')
    boot.firstPaint.release()
    const note = document.createElement('p')
    note.setAttribute('role', 'alert')
    note.style.cssText =
      'max-width: 32rem; margin: 20vh auto; padding: 0 1rem; font: 16px/1.5 system-ui'
    note.textContent = 'Readout could not load. Check the connection, then reload the page.'
    document.getElementById('root')?.replaceChildren(note)
  })
