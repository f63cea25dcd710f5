/**
 * What the browser must load before it can show `/`: the entry script of a Vite build's
 * `index.html` and the chunks the page preloads with it. One measurement for the size budget
 * (size-budget.ts) and the floor benchmark (bench-initial-js.ts), so both count alike: each file
 * gzipped on its own at level 9 (files travel apart), raw bytes as written.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface JsFile {
  /** Relative to the build folder, e.g. `assets/index-Ab12.js`. */
  file: string
  raw: number
  gzip: number
}

export interface InitialJs {
  /** The entry and its preloaded chunks, in the order index.html names them. */
  initial: JsFile[]
  /** Every other script of the build: loaded on demand. */
  lazy: JsFile[]
  raw: number
  gzip: number
}

function measure(dist: string, file: string): JsFile & { code: Buffer } {
  const code = readFileSync(path.join(dist, file))
  return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, code }
}

/** The initial and lazy JavaScript of the build in `dist`; throws when index.html has no script. */
export function measureInitialJs(dist: string): InitialJs & { code: Map<string, Buffer> } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const names = new Set<string>()
  for (const match of html.matchAll(
    /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g,
  )) {
    if (match[1]) names.add(match[1])
  }
  if (names.size === 0) throw new Error(`no entry script found in ${path.join(dist, 'index.html')}`)
  const code = new Map<string, Buffer>()
  const initial = [...names].map((file) => {
    const measured = measure(dist, file)
    code.set(file, measured.code)
    return { file, raw: measured.raw, gzip: measured.gzip }
  })
  const lazy = readdirSync(path.join(dist, 'assets'))
    .filter((name) => name.endsWith('.js') && !names.has(`assets/${name}`))
    .map((name) => {
      const { file, raw, gzip } = measure(dist, `assets/${name}`)
      return { file, raw, gzip }
    })
  return {
    initial,
    lazy,
    raw: initial.reduce((sum, f) => sum + f.raw, 0),
    gzip: initial.reduce((sum, f) => sum + f.gzip, 0),
    code,
  }
}

/** One line per file, as `npm run size` prints them. */
export function fileLine(kind: 'initial' | 'lazy', file: JsFile): string {
  return `${kind.padEnd(8)} ${file.file.padEnd(48)} ${String(file.raw).padStart(9)} B  ${String(file.gzip).padStart(8)} B gzip`
}
