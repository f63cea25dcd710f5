/**
 * SEC-11: every route of the contract's route table (`routePaths`) is called over a real socket
 * by the SEC-10 suite (tests/server/overSocket*.test.ts): one test named `SEC-10 <route> answers …`
 * and one named `SEC-10 <route> refuses …`, each of which calls that route through the socket
 * server's `call('<route>', …)`. A route added to the table without them fails here, so a route
 * cannot be proven through `app.inject` alone (where a server that refuses every browser passed).
 * The suites are read with the TypeScript parser: a skipped test, or a title whose test calls
 * another route, does not count.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { routePaths } from '../../contract'

const root = path.resolve(import.meta.dirname, '../..')
const SUITE_FOLDER = 'tests/server'
const SUITE_FILE = /^overSocket\w*\.test\.ts$/
/** The support module whose server listens on a loopback port (no `app.inject`). */
const SOCKET_SUPPORT = '../support/socketServer'
const TITLE = /^SEC-10 (\w+) (answers|refuses)\b/

type Kind = 'answers' | 'refuses'
interface Suite {
  file: string
  text: string
}

function readSuites(): Suite[] {
  return readdirSync(path.join(root, SUITE_FOLDER))
    .filter((name) => SUITE_FILE.test(name))
    .map((name) => {
      const file = `${SUITE_FOLDER}/${name}`
      return { file, text: readFileSync(path.join(root, file), 'utf8') }
    })
}

const stringArgument = (node: ts.CallExpression, index = 0): string | undefined => {
  const arg = node.arguments[index]
  return arg && ts.isStringLiteralLike(arg) ? arg.text : undefined
}

/** `it(...)` or `test(...)`, not `it.skip`, `it.todo` or `it.fails`. */
const isPlainTest = (node: ts.CallExpression) =>
  ts.isIdentifier(node.expression) && ['it', 'test'].includes(node.expression.text)

/** A `describe.skip(...)` / `describe.todo(...)` around a test leaves it out. */
function isSkipped(node: ts.Node): boolean {
  const skipping = ts.findAncestor(
    node.parent,
    (up) =>
      ts.isCallExpression(up) &&
      ts.isPropertyAccessExpression(up.expression) &&
      ['skip', 'todo'].includes(up.expression.name.text),
  )
  return skipping !== undefined
}

/** The routes a test's body calls through `<server>.call('<route>', …)`. */
function routesCalled(body: ts.Node): Set<string> {
  const called = new Set<string>()
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'call'
    ) {
      const route = stringArgument(node)
      if (route) called.add(route)
    }
    ts.forEachChild(node, visit)
  }
  visit(body)
  return called
}

/** Route name → the kinds of over-socket test that call it, across the suites given. */
function socketCoverage(suites: Suite[]): Map<string, Set<Kind>> {
  const covered = new Map<string, Set<Kind>>()
  for (const { file, text } of suites) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const usesSocket = source.statements.some(
      (statement) =>
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.moduleSpecifier.text === SOCKET_SUPPORT,
    )
    if (!usesSocket) continue
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isPlainTest(node) && !isSkipped(node)) {
        const match = TITLE.exec(stringArgument(node) ?? '')
        const body = node.arguments[1]
        if (match && body && routesCalled(body).has(match[1]!)) {
          const kinds = covered.get(match[1]!) ?? new Set<Kind>()
          kinds.add(match[2] as Kind)
          covered.set(match[1]!, kinds)
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return covered
}

/** `route: answers` / `route: refuses` for every call of the route table the suites lack. */
function missingSocketCalls(suites: Suite[]): string[] {
  const covered = socketCoverage(suites)
  return Object.keys(routePaths).flatMap((route) =>
    (['answers', 'refuses'] as const)
      .filter((kind) => !covered.get(route)?.has(kind))
      .map((kind) => `${route}: ${kind}`),
  )
}

/** The suites with the test titled `title` taken out, as if someone deleted it. */
function without(suites: Suite[], title: string): Suite[] {
  return suites.map(({ file, text }) => {
    const at = text.indexOf(`it('${title}`)
    if (at < 0) return { file, text }
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    let statement: ts.Node | undefined
    const find = (node: ts.Node) => {
      if (ts.isExpressionStatement(node) && node.getStart(source) === at) statement = node
      else ts.forEachChild(node, find)
    }
    find(source)
    if (!statement) throw new Error(`no statement starts with ${title}`)
    return { file, text: text.slice(0, statement.pos) + text.slice(statement.end) }
  })
}

describe('SEC-11 routes over a real socket', () => {
  const suites = readSuites()

  it('SEC-11 every route in the route table answers and refuses over a socket in the SEC-10 suite', () => {
    expect(suites.length).toBeGreaterThan(0)
    expect(missingSocketCalls(suites)).toEqual([])
  })

  it('SEC-11 a route whose refusal or answer is taken out of the suite fails the check', () => {
    expect(missingSocketCalls(without(suites, 'SEC-10 draftImpression refuses'))).toEqual([
      'draftImpression: refuses',
    ])
    expect(missingSocketCalls(without(suites, 'SEC-10 listPatients answers'))).toEqual([
      'listPatients: answers',
    ])
  })

  it('SEC-11 a title without its route called, a skipped test or an inject-only file does not count', () => {
    const suite = (text: string): Suite[] => [{ file: 'tests/server/overSocketX.test.ts', text }]
    const socket = `import { startSocketServer } from '${SOCKET_SUPPORT}'\n`
    const covers = (text: string) => socketCoverage(suite(text)).get('listMacros')
    expect(covers(`${socket}it('SEC-10 listMacros answers', () => s.call('listMacros'))`)).toEqual(
      new Set(['answers']),
    )
    expect(covers(`${socket}it('SEC-10 listMacros answers', () => s.call('listTemplates'))`)).toBe(
      undefined,
    )
    expect(
      covers(`${socket}it.skip('SEC-10 listMacros answers', () => s.call('listMacros'))`),
    ).toBe(undefined)
    expect(
      covers(
        `${socket}describe.skip('x', () => { it('SEC-10 listMacros refuses', () => s.call('listMacros')) })`,
      ),
    ).toBe(undefined)
    expect(covers(`it('SEC-10 listMacros answers', () => t.call('listMacros'))`)).toBe(undefined)
  })
})
