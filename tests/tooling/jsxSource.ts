/**
 * Reading JSX source with the TypeScript parser, for TR-2's collector (./controlNames.ts): an
 * element's tag and attributes, a node's ancestors, the component a function is, and the
 * constants in reach of an identifier.
 */
import ts from 'typescript'

export interface SourceFile {
  /** Relative to the repository: 'src/features/report/Priors.tsx'. */
  path: string
  text: string
}

export type JsxNode = ts.JsxElement | ts.JsxSelfClosingElement
export type Parsed = { path: string; source: ts.SourceFile }

export function opening(node: JsxNode): ts.JsxOpeningLikeElement {
  return ts.isJsxElement(node) ? node.openingElement : node
}

export function tagOf(node: JsxNode, source: ts.SourceFile): string {
  return opening(node).tagName.getText(source)
}

export function attribute(node: JsxNode, name: string): ts.JsxAttribute | undefined {
  return opening(node).attributes.properties.find(
    (property): property is ts.JsxAttribute =>
      ts.isJsxAttribute(property) && property.name.getText() === name,
  )
}

export function literalAttribute(node: JsxNode, name: string): string | undefined {
  const initializer = attribute(node, name)?.initializer
  return initializer && ts.isStringLiteral(initializer) ? initializer.text : undefined
}

/** JSX text as the browser shows it: whitespace with a line break in it is no text. */
export function jsxText(text: string): string {
  return text.includes('\n') ? text.replace(/\s+/g, ' ').trim() : text
}

/** The node's ancestors, nearest first (`parent` is typed as always set; a file's is not). */
export function* ancestors(node: ts.Node): Generator<ts.Node> {
  for (
    let up = node.parent as ts.Node | undefined;
    up !== undefined;
    up = up.parent as ts.Node | undefined
  ) {
    yield up
  }
}

export function kindOf(file: SourceFile): ts.ScriptKind {
  return file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
}

export function functionIn(init: ts.Expression): ts.SignatureDeclaration | undefined {
  if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init
  // memo(function X() {}), forwardRef((props, ref) => ...)
  if (ts.isCallExpression(init)) return init.arguments.map(functionIn).find(Boolean)
  return undefined
}

export function propBinding(
  fn: ts.SignatureDeclaration,
  name: string,
): ts.BindingElement | undefined {
  const first = fn.parameters[0]?.name
  if (!first || !ts.isObjectBindingPattern(first)) return undefined
  return first.elements.find(
    (element) => ts.isIdentifier(element.name) && element.name.text === name,
  )
}

export function componentName(fn: ts.SignatureDeclaration): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text
  for (const up of ancestors(fn)) {
    if (ts.isVariableDeclaration(up) && ts.isIdentifier(up.name)) return up.name.text
    if (!ts.isCallExpression(up) && !ts.isParenthesizedExpression(up)) break
  }
  return undefined
}

/** `const name = …` in a block around the identifier (not a file's top level). */
export function localConstant(id: ts.Identifier, name: string): ts.Expression | undefined {
  for (const up of ancestors(id)) {
    if (!ts.isBlock(up)) continue
    for (const statement of up.statements) {
      if (!ts.isVariableStatement(statement)) continue
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) {
          return declaration.initializer
        }
      }
    }
  }
  return undefined
}
