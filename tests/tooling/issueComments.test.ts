/**
 * Comments say why and cite behaviour ids (docs/behaviours.md), never the tracker's issue
 * numbers: a number means nothing in a clone, and an id names what a test proves. The comments
 * are found with TypeScript's own parser, so a string or a JSX text that says "issue 18" is
 * not one; a migration's are its SQL comments.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { filesUnder, root } from './repoFiles'

const FOLDERS = ['src', 'server', 'contract']

/** "issue 18", "Issue #17", "issues 16 and 17"; "pre-sign issue" with no number is prose. */
const ISSUE_NUMBER = /\bissues?\s*#?\s*\d/i

/** Every comment of a file (line, block, JSDoc, JSX `{/* *\/}`), as [start offset, text]. */
function commentsOf(fileName: string, text: string): [number, string][] {
  if (fileName.endsWith('.sql')) return sqlCommentsOf(text)
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const comments = new Map<number, string>()
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) comments.set(range.pos, text.slice(range.pos, range.end))
  }
  const visit = (node: ts.Node) => {
    // A JSX text's words are the page's, not trivia, even when they start with "//".
    if (node.kind !== ts.SyntaxKind.JsxText) {
      collect(ts.getLeadingCommentRanges(text, node.getFullStart()))
      collect(ts.getTrailingCommentRanges(text, node.getEnd()))
    }
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  return [...comments].sort(([a], [b]) => a - b)
}

/**
 * The comments of a migration: `--` to the end of the line and `/* *\/`, outside quoted text.
 * Function bodies between `$$` are code, so their comments count too.
 */
function sqlCommentsOf(text: string): [number, string][] {
  const comments: [number, string][] = []
  for (let at = 0; at < text.length; at += 1) {
    if (text[at] === "'") {
      at = text.indexOf("'", at + 1)
      if (at === -1) break
    } else if (text.startsWith('--', at) || text.startsWith('/*', at)) {
      const line = text.startsWith('--', at)
      const found = line ? text.indexOf('\n', at) : text.indexOf('*/', at + 2)
      const end = found === -1 ? text.length : found + (line ? 0 : 2)
      comments.push([at, text.slice(at, end)])
      at = end
    }
  }
  return comments
}

/** Each comment line citing an issue number, as `file:line: text`. */
export function issueNumbersIn(fileName: string, text: string): string[] {
  const hits: string[] = []
  // Parsing is the cost: a file that says no "issue <n>" anywhere has none in its comments.
  if (!ISSUE_NUMBER.test(text)) return hits
  for (const [start, comment] of commentsOf(fileName, text)) {
    comment.split('\n').forEach((line, offset) => {
      if (!ISSUE_NUMBER.test(line)) return
      const lineNumber = text.slice(0, start).split('\n').length + offset
      hits.push(`${fileName}:${String(lineNumber)}: ${line.trim()}`)
    })
  }
  return hits
}

describe('comments cite behaviour ids, never issue numbers', () => {
  it('finds an issue number in every kind of comment, and nowhere else', () => {
    const probe = [
      '// saves at once (issue 18)',
      '/* Issue #17: the archive */',
      '/**',
      ' * What issues 16 and 17 asked.',
      ' */',
      "const text = 'issue 18 in a string is data'",
      '// the pre-sign issue has no number',
      'const regex = /issue 9/ // a regex is code',
      'const view = <p>{/* issue 4 */}issue 5 in the page</p>',
    ].join('\n')
    const migration = [
      '-- Live news (issue 18): a row',
      "SELECT '-- issue 3 is a string', 1; /* Issue #4",
      '   spans lines */',
      'CREATE FUNCTION f() RETURNS trigger AS $$ BEGIN -- issues 5 and 6',
      "  RETURN 'issue 7'; END $$ LANGUAGE plpgsql;",
    ].join('\n')
    expect(issueNumbersIn('probe.tsx', probe)).toEqual([
      'probe.tsx:1: // saves at once (issue 18)',
      'probe.tsx:2: /* Issue #17: the archive */',
      'probe.tsx:4: * What issues 16 and 17 asked.',
      'probe.tsx:9: /* issue 4 */',
    ])
    expect(issueNumbersIn('probe.sql', migration)).toEqual([
      'probe.sql:1: -- Live news (issue 18): a row',
      'probe.sql:2: /* Issue #4',
      'probe.sql:4: -- issues 5 and 6',
    ])
  })

  it('finds none under src/, server/ and contract/ (migrations included)', () => {
    const files = FOLDERS.flatMap((folder) => filesUnder(folder, /\.(tsx?|sql)$/))
    expect(files.length).toBeGreaterThan(100)
    const hits = files.flatMap((file) =>
      issueNumbersIn(path.relative(root, file), readFileSync(file, 'utf8')),
    )
    expect(hits).toEqual([])
  })
})
