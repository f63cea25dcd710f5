/**
 * The repository stands alone: a clone can follow every reference its code and docs make, look
 * up every behaviour id a test cites, and find every setting it reads in docs/settings.md.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder, root } from './repoFiles'

const TITLE = /\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])(.*?)\1/gs
const BEHAVIOUR_ID = /\b[A-Z]{1,4}-\d{1,3}\b/g

/** Ids cited by test names, with one file that cites each. */
function citedIds(): Map<string, string> {
  const cited = new Map<string, string>()
  for (const file of filesUnder('tests', /\.(test|spec)\.tsx?$/)) {
    for (const title of readFileSync(file, 'utf8').matchAll(TITLE)) {
      for (const [id] of (title[2] ?? '').matchAll(BEHAVIOUR_ID)) {
        if (!cited.has(id)) cited.set(id, path.relative(root, file))
      }
    }
  }
  return cited
}

const SOURCES = [
  ...filesUnder('src', /\.tsx?$/),
  ...filesUnder('server', /\.ts$/),
  ...filesUnder('contract', /\.ts$/),
  ...filesUnder('docs', /\.md$/),
  path.join(root, 'README.md'),
]

/**
 * The product's steering papers (spec, design notes) live beside the repository, not in it: a
 * reference to them, or to their rule numbers, is a dead end in a clone. (`src/shared/` is ours.)
 */
const OUTSIDE =
  /\bshared\/(?:spec|design|tools|hooks)\b|ARCHITECTURE(?:\.md| rule)|(?<!docs\/)\bdesign\/[\w-]+\.md/

/** A key of the server's environment schemas (`HOST: z.string()...`, `SEED: flag`). */
const SERVER_SETTING = /^\s+([A-Z][A-Z0-9_]+):\s*(?:z\b|flag\b|optionalText\b|trustProxy\b)/gm
/** What the SPA's build reads: `env.VITE_X`, or a name handed to a reader (`'IDLE_LOGOFF_MINUTES'`). */
const BUILD_SETTING = /\benv\.(VITE_[A-Z0-9_]+)|'((?:VITE_|IDLE_)[A-Z0-9_]+)'/g
/** `process.env.X` of the build and the test runners. */
const PROCESS_ENV = /\bprocess\.env\.([A-Z][A-Z0-9_]+)/g

function namesIn(files: string[], pattern: RegExp): Set<string> {
  const names = new Set<string>()
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      // The pattern's one group that took part (BUILD_SETTING has two ways to name a setting).
      const name = match[1] ?? match[2]
      if (name !== undefined) names.add(name)
    }
  }
  return names
}

/** The settings the product reads: the server's environment and the SPA's build. */
function settingsRead(): Set<string> {
  return new Set([
    ...namesIn(filesUnder('server', /\.ts$/), SERVER_SETTING),
    ...namesIn([...filesUnder('src', /\.tsx?$/), path.join(root, 'vite.config.ts')], BUILD_SETTING),
  ])
}

/** The variables docs/settings.md documents: the first cell of its tables' rows. */
function settingsDocumented(): string[] {
  const text = readFileSync(path.join(root, 'docs/settings.md'), 'utf8')
  return [...text.matchAll(/^\| *(`[A-Z][^|]*?) *\|/gm)].flatMap((row) =>
    [...(row[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map((name) => name[1] ?? ''),
  )
}

describe('a repository that stands alone', () => {
  it('explains every behaviour id a test name cites in docs/behaviours.md', () => {
    const explained = new Set(
      [
        ...readFileSync(path.join(root, 'docs/behaviours.md'), 'utf8').matchAll(
          /\*\*([A-Z]+-\d+)\*\*/g,
        ),
      ].map((match) => match[1]),
    )
    // Only the families docs/behaviours.md numbers: a title also names HL7 fields (PID-3,
    // OBR-4) and profiles (RAD-13), which are not ours to explain.
    const families = new Set([...explained].map((id) => id?.replace(/-\d+$/, '')))
    const cited = citedIds()
    expect(cited.size).toBeGreaterThan(50)
    const unexplained = [...cited]
      .filter(([id]) => families.has(id.replace(/-\d+$/, '')) && !explained.has(id))
      .map(([id, file]) => `${id} (${file})`)
    expect(unexplained).toEqual([])
  })

  it('names only files that exist in the repository', () => {
    const missing: string[] = []
    for (const file of SOURCES) {
      const text = readFileSync(file, 'utf8')
      for (const [reference] of text.matchAll(/\bdocs\/[\w./-]*[\w-]\.(?:md|png)\b/g)) {
        if (!existsSync(path.join(root, reference)))
          missing.push(`${path.relative(root, file)}: ${reference}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('documents every setting the server and the SPA read in docs/settings.md', () => {
    const read = settingsRead()
    expect(read.size).toBeGreaterThan(50)
    expect(read).toContain('HL7_PROCESSING_IDS')
    expect(read).toContain('IDLE_LOGOFF_MINUTES')
    // A row of its own for each: `HL7_*` points the way, it documents no one setting.
    const documented = new Set(settingsDocumented())
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([])
  })

  it('documents in docs/settings.md only settings something reads', () => {
    const read = new Set([
      ...settingsRead(),
      ...namesIn(
        [
          ...filesUnder('scripts', /\.tsx?$/),
          ...filesUnder('tests', /\.tsx?$/),
          path.join(root, 'playwright.config.ts'),
          path.join(root, 'vitest.config.ts'),
          path.join(root, 'vite.config.ts'),
        ],
        PROCESS_ENV,
      ),
    ])
    const stale = settingsDocumented().filter(
      (row) =>
        !(row.endsWith('*')
          ? [...read].some((name) => name.startsWith(row.slice(0, -1)))
          : read.has(row)),
    )
    expect(stale).toEqual([])
  })

  it('points nowhere outside the clone', () => {
    const outside: string[] = []
    for (const file of SOURCES) {
      const lines = readFileSync(file, 'utf8').split('\n')
      lines.forEach((line, index) => {
        if (OUTSIDE.test(line)) {
          outside.push(`${path.relative(root, file)}:${String(index + 1)}`)
        }
      })
    }
    expect(outside).toEqual([])
  })
})
