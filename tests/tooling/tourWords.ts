/**
 * What the tour asks for, read from its source (tests/e2e/tour.spec.ts and tests/e2e/tour/) with
 * the TypeScript parser: the `name` of each `getByRole`, each `getByLabel` text, and each key a
 * `press` sends; and the keys of the shortcuts overlay's table. For TR-2
 * (./tourCoverage.test.ts).
 */
import ts from 'typescript'
import type { SourceFile } from './controlNames'

export interface TourWords {
  /** Names the tour finds controls by: texts, and regular expressions. */
  names: string[]
  patterns: RegExp[]
  /** Keys it presses, as Playwright writes them: 'ControlOrMeta+s'. */
  keys: string[]
}

/** What the tour's files ask for: getByRole names, getByLabel texts, pressed keys. */
export function tourWords(files: readonly SourceFile[]): TourWords {
  const words: TourWords = { names: [], patterns: [], keys: [] }
  const sources = files.map((file) =>
    ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS),
  )
  const constants = new Map<string, ts.Expression>()
  const gather = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      constants.set(node.name.text, node.initializer)
    }
    ts.forEachChild(node, gather)
  }
  sources.forEach(gather)
  const text = (expr: ts.Expression | undefined, depth = 0): string | RegExp | undefined => {
    if (!expr || depth > 5) return undefined
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text
    if (ts.isRegularExpressionLiteral(expr)) {
      const [, body = '', flags = ''] = /^\/(.*)\/(\w*)$/s.exec(expr.text) ?? []
      return new RegExp(body, flags)
    }
    if (ts.isAsExpression(expr) || ts.isParenthesizedExpression(expr)) {
      return text(expr.expression, depth + 1)
    }
    if (ts.isIdentifier(expr)) return text(constants.get(expr.text), depth + 1)
    if (ts.isTemplateExpression(expr)) {
      let out = expr.head.text
      for (const span of expr.templateSpans) {
        const part = text(span.expression, depth + 1)
        if (typeof part !== 'string') return undefined
        out += part + span.literal.text
      }
      return out
    }
    return undefined
  }
  const add = (found: string | RegExp | undefined, into: 'names' | 'keys') => {
    if (typeof found === 'string') words[into].push(found)
    else if (found && into === 'names') words.patterns.push(found)
  }
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text
      const [first, second] = node.arguments
      if (method === 'getByRole' && second && ts.isObjectLiteralExpression(second)) {
        for (const property of second.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText() === 'name') {
            add(text(property.initializer), 'names')
          }
        }
      }
      if (method === 'getByLabel') add(text(first), 'names')
      if (method === 'press') add(text(first), 'keys')
    }
    ts.forEachChild(node, visit)
  }
  sources.forEach(visit)
  return words
}

/** 'Control+Shift+F', 'ControlOrMeta+Shift+f' and 'Ctrl+Shift+F' alike: 'ctrl+f+shift'. */
export function keyOf(keys: string): string {
  const parts = keys.split('+').map((part) => part.toLowerCase())
  const named = parts.map((part) =>
    ['control', 'controlormeta', 'ctrl', 'meta', 'cmd'].includes(part) ? 'ctrl' : part,
  )
  // '?' is Shift+/ on most layouts: the overlay writes '?', a press may name the Shift.
  const shown = named.includes('?') ? named.filter((part) => part !== 'shift') : named
  return [...new Set(shown)].sort().join('+')
}

/** The keys of the overlay's table (src/shared/hotkeys.ts), as it shows them. */
export function overlayKeys(hotkeysSource: string): string[] {
  const source = ts.createSourceFile('hotkeys.ts', hotkeysSource, ts.ScriptTarget.Latest, true)
  const keys: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.name.getText() === 'HOTKEYS' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      for (const entry of node.initializer.elements) {
        if (!ts.isObjectLiteralExpression(entry)) continue
        for (const property of entry.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            property.name.getText() === 'keys' &&
            ts.isStringLiteral(property.initializer)
          ) {
            keys.push(property.initializer.text)
          }
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return keys
}
