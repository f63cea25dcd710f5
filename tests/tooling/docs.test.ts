/**
 * The repository stands alone: a clone can follow every reference its code and README make, and
 * look up every behaviour id a test cites.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

function filesUnder(folder: string, pattern: RegExp): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else if (pattern.test(name)) found.push(full)
    }
  }
  walk(path.join(root, folder))
  return found
}

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

describe('a repository that stands alone', () => {
  it('explains every behaviour id a test name cites in docs/behaviours.md', () => {
    const explained = new Set(
      [
        ...readFileSync(path.join(root, 'docs/behaviours.md'), 'utf8').matchAll(
          /\*\*([A-Z]+-\d+)\*\*/g,
        ),
      ].map((match) => match[1]),
    )
    const cited = citedIds()
    expect(cited.size).toBeGreaterThan(50)
    const unexplained = [...cited]
      .filter(([id]) => !explained.has(id))
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
