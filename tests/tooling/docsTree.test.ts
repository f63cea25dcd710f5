/**
 * The docs match the tree: every path docs/architecture.md names exists, the README stays one
 * sitting's reading and maps every doc, and every relative link and picture of the README and
 * docs/ resolves, down to the heading it points at.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesUnder, root } from './repoFiles'

const ROOTS = ['src', 'server', 'contract', 'tests', 'scripts', 'docs']
const README_MAX_LINES = 300

/** A path from the top of the repository, not the tail of a longer one. */
const NAMED_PATH = new RegExp(
  `(?<![\\w./-])(?:${ROOTS.join('|')})/[\\w./{},*-]*(?:\\{[^}\n]*\\}[\\w./-]*)?`,
  'g',
)

/** `a/{b,c}/d` as `a/b/d` and `a/c/d`; a brace the line leaves open names its folder only. */
function expand(named: string): string[] {
  const open = named.indexOf('{')
  if (open === -1) return [named]
  const close = named.indexOf('}', open)
  if (close === -1) return [named.slice(0, open)]
  return named
    .slice(open + 1, close)
    .split(',')
    .flatMap((choice) => expand(named.slice(0, open) + choice + named.slice(close + 1)))
}

/**
 * The entries of a tree drawn in a code block that starts with a top folder: `src/` at the left,
 * its children two spaces in (`  main.tsx`, `  components/ui/`); a line indented further goes on
 * describing the entry above it.
 */
function treeEntries(block: string[]): string[] {
  const first = block.find((line) => line.trim() !== '') ?? ''
  if (!ROOTS.some((top) => first.startsWith(`${top}/`))) return []
  const parents: string[] = []
  const entries: string[] = []
  for (const line of block) {
    const entry = /^( {0,6})([\w.-]+(?:\/[\w.-]+)*\/?)(?: {2,}|$)/.exec(line)
    if (!entry) continue
    const depth = (entry[1] ?? '').length / 2
    parents.length = depth
    const full = [...parents, entry[2] ?? ''].join('')
    entries.push(full)
    parents.push(full.endsWith('/') ? full.slice(full.length - (entry[2] ?? '').length) : '')
  }
  return entries
}

/** Every repository path a Markdown text names: in prose, in backticks, in drawings and trees. */
export function pathsNamedIn(markdown: string): string[] {
  const named = new Set<string>()
  for (const [match] of markdown.matchAll(NAMED_PATH)) {
    for (const one of expand(match.replace(/[.,:;]+$/, ''))) named.add(one)
  }
  const blocks = markdown.split(/^```.*$/m).filter((_, index) => index % 2 === 1)
  for (const block of blocks) {
    for (const entry of treeEntries(block.split('\n'))) named.add(entry)
  }
  return [...named]
}

/** Whether a named path exists; a `*` stands for any part of one name. */
function exists(named: string): boolean {
  if (!named.includes('*')) return existsSync(path.join(root, named))
  const folder = path.join(root, path.dirname(named))
  const name = new RegExp(
    `^${path
      .basename(named)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  )
  return existsSync(folder) && readdirSync(folder).some((entry) => name.test(entry))
}

/** The anchors of a Markdown file's headings, as GitHub makes them. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '')
  for (const [, heading] of prose.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = (heading ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${String(count)}`)
  }
  return anchors
}

/** The relative links and pictures of a Markdown file that lead nowhere, as `file: target`. */
export function brokenLinks(file: string, markdown: string, read: (file: string) => string) {
  const broken: string[] = []
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  const targets = [
    ...[...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)],
    ...[...prose.matchAll(/^\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)],
  ].map((match) => match[1] ?? '')
  for (const target of targets) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue
    const [where = '', anchor] = target.split('#')
    const goal = path.join(path.dirname(file), decodeURI(where))
    if (where !== '' && !existsSync(path.join(root, goal))) broken.push(`${file}: ${target}`)
    else if (anchor === undefined || !(where === '' || goal.endsWith('.md'))) continue
    else if (!anchorsOf(where === '' ? markdown : read(goal)).has(anchor))
      broken.push(`${file}: ${target} (no such heading)`)
  }
  return broken
}

function markdownFiles(): string[] {
  return ['README.md', ...filesUnder('docs', /\.md$/).map((file) => path.relative(root, file))]
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('docs/architecture.md matches the tree', () => {
  it('reads the paths of prose, drawings and trees, and a wrong one is not found', () => {
    const probe = [
      'Routes live in `server/routes/api.ts`; see docs/qa.md.',
      '```',
      '   rooms   │ src/features/{auth,orders,',
      '           │               report}   │',
      '```',
      '',
      '```',
      'server/         the server',
      '  repo/           queries',
      '  nowhere.ts      a file that left',
      '                  routes/qa.ts, described, not named',
      '```',
      'The tests: `tests/server/overSocket*.test.ts`, `tests/tooling/{docs,nothing}.test.ts`.',
    ].join('\n')
    const named = pathsNamedIn(probe)
    expect(named.sort()).toEqual(
      [
        'docs/qa.md',
        'server/',
        'server/nowhere.ts',
        'server/repo/',
        'server/routes/api.ts',
        'src/features/',
        'tests/server/overSocket*.test.ts',
        'tests/tooling/docs.test.ts',
        'tests/tooling/nothing.test.ts',
      ].sort(),
    )
    expect(named.filter((one) => !exists(one)).sort()).toEqual([
      'server/nowhere.ts',
      'tests/tooling/nothing.test.ts',
    ])
  })

  it('names only paths that exist', () => {
    const named = pathsNamedIn(read('docs/architecture.md'))
    expect(named.length).toBeGreaterThan(50)
    expect(named).toContain('src/components/ui/')
    expect(named.filter((one) => !exists(one))).toEqual([])
  })
})

describe('a README one can read, and docs that lead somewhere', () => {
  it(`keeps the README under ${String(README_MAX_LINES)} lines`, () => {
    expect(read('README.md').split('\n').length).toBeLessThan(README_MAX_LINES)
  })

  it("maps every doc from the README's table of docs", () => {
    const linked = new Set(
      [...read('README.md').matchAll(/\]\((docs\/[^)#\s]+\.md)\)/g)].map((link) => link[1]),
    )
    const docs = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'))
    expect(docs.map((name) => `docs/${name}`).filter((doc) => !linked.has(doc))).toEqual([])
  })

  it('finds a link to no file, and one to no heading', () => {
    const probe = [
      '![Sign-in](screenshots/login.png) [qa](qa.md#the-route) [ok](#a-heading)',
      '[gone](nowhere.md) [lost](qa.md#no-such-part) [web](https://example.org/x.md)',
      '`[code](not-a-link.md)`',
      '## A heading',
    ].join('\n')
    expect(
      brokenLinks('docs/probe.md', probe, (file) =>
        file === 'docs/probe.md' ? probe : read(file),
      ),
    ).toEqual(['docs/probe.md: nowhere.md', 'docs/probe.md: qa.md#no-such-part (no such heading)'])
  })

  it('resolves every relative link and picture of README.md and docs/', () => {
    const files = markdownFiles()
    expect(files.length).toBeGreaterThan(10)
    expect(files.flatMap((file) => brokenLinks(file, read(file), read))).toEqual([])
  })
})
