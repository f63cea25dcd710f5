/**
 * TR-2's collector: the controls of the SPA and the names a user (or a screen reader) finds them
 * by, read from the source text of src/ with the TypeScript parser, nothing rendered. It
 * over-collects on purpose: a name it cannot work out is reported as such, never dropped, so a
 * new control whose name comes from data or state must be named or excused by hand.
 *
 * What counts as a control: Chakra's and HTML's buttons, links, menu items, checkboxes, switches,
 * tabs and selects, any element with a control's `role`, and any element of a library (not one of
 * our own components) with an `onClick`. Its name is its `aria-label`, else its `label` prop, else
 * the text of its children (an element marked `aria-hidden` and a self-closing component, an
 * icon, add nothing), else the `Field.Label` of the field it sits in.
 *
 * A name is a list of alternatives (a conditional gives two), each a list of parts: literal text,
 * or `WILD` where the text comes from data or state. An identifier is followed to its value: a
 * constant of the file or of src/, or a prop of the component it is in, read at every place that
 * component is used (the prop's default when a use leaves it out).
 */
import ts from 'typescript'
import { dedupe, product, tidy, union, WILD, type Alternative } from './nameParts'
import {
  ancestors,
  attribute,
  componentName,
  functionIn,
  jsxText,
  kindOf,
  literalAttribute,
  localConstant,
  propBinding,
  tagOf,
  type JsxNode,
  type Parsed,
  type SourceFile,
} from './jsxSource'

export type { SourceFile } from './jsxSource'

export {
  describe,
  example,
  isDataNamed,
  matcher,
  WILD,
  type Alternative,
  type Part,
} from './nameParts'

export interface Control {
  /** 'src/features/report/Priors.tsx:110 <Button>' */
  where: string
  /** 'src/features/report/Priors.tsx <Button>': how hand-written entries name it. */
  key: string
  alternatives: Alternative[]
}

const CONTROL_TAGS = new Set([
  'Button',
  'IconButton',
  'CloseButton',
  'button',
  'chakra.button',
  'a',
  'Link',
  'Menu.Item',
  'Menu.TriggerItem',
  'Checkbox.Root',
  'Switch.Root',
  'RadioGroup.Item',
  'Tabs.Trigger',
  'NativeSelect.Field',
  'select',
])
const SELECT_TAGS = new Set(['NativeSelect.Field', 'select'])
const CONTROL_ROLES = new Set([
  'button',
  'link',
  'menuitem',
  'checkbox',
  'switch',
  'option',
  'tab',
  'radio',
  'combobox',
])
const MAX_DEPTH = 10

export function collectControls(files: readonly SourceFile[]): Control[] {
  const parsed: Parsed[] = files.map((file) => ({
    path: file.path,
    source: ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kindOf(file)),
  }))
  const constants = new Map<string, ts.Expression[]>()
  const components = new Map<string, ts.SignatureDeclaration>()
  const uses = new Map<string, { node: JsxNode; source: ts.SourceFile }[]>()

  for (const { source } of parsed) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const name = node.name.text
        const init = node.initializer
        if (node.parent.parent.parent === source) {
          constants.set(name, [...(constants.get(name) ?? []), init])
        }
        const fn = functionIn(init)
        if (fn && /^[A-Z]/.test(name)) components.set(name, fn)
      }
      if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text)) {
        components.set(node.name.text, node)
      }
      if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
        const tag = tagOf(node, source)
        uses.set(tag, [...(uses.get(tag) ?? []), { node, source }])
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }

  /** The value of an expression, as alternatives of parts. */
  const evaluate = (expr: ts.Expression, source: ts.SourceFile, depth: number): Alternative[] => {
    if (depth > MAX_DEPTH) return [[WILD]]
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [[expr.text]]
    if (ts.isNumericLiteral(expr)) return [[expr.text]]
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) {
      return evaluate(expr.expression, source, depth)
    }
    if (ts.isTemplateExpression(expr)) {
      let out: Alternative[] = [[expr.head.text]]
      for (const span of expr.templateSpans) {
        out = product(out, evaluate(span.expression, source, depth + 1))
        out = product(out, [[span.literal.text]])
      }
      return out
    }
    if (ts.isConditionalExpression(expr)) {
      return union(
        evaluate(expr.whenTrue, source, depth + 1),
        evaluate(expr.whenFalse, source, depth + 1),
      )
    }
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) {
        return union(evaluate(expr.right, source, depth + 1), [[]])
      }
      if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
        return union(
          evaluate(expr.left, source, depth + 1),
          evaluate(expr.right, source, depth + 1),
        )
      }
      if (op === ts.SyntaxKind.PlusToken) {
        return product(
          evaluate(expr.left, source, depth + 1),
          evaluate(expr.right, source, depth + 1),
        )
      }
      return [[WILD]]
    }
    if (ts.isJsxElement(expr) || ts.isJsxSelfClosingElement(expr)) {
      return elementText(expr, source, depth + 1)
    }
    if (ts.isJsxFragment(expr)) return childrenText(expr.children, source, depth + 1)
    if (ts.isIdentifier(expr)) return identifier(expr, source, depth + 1)
    if (expr.kind === ts.SyntaxKind.NullKeyword || expr.kind === ts.SyntaxKind.FalseKeyword) {
      return [[]]
    }
    return [[WILD]]
  }

  const identifier = (id: ts.Identifier, source: ts.SourceFile, depth: number): Alternative[] => {
    const name = id.text
    if (name === 'undefined') return [[]]
    // A prop of the component this is in: its value at every use of the component.
    for (const node of ancestors(id)) {
      if (!ts.isFunctionLike(node)) continue
      const binding = propBinding(node, name)
      if (!binding) continue
      const component = componentName(node)
      if (!component) return [[WILD]]
      const found: Alternative[][] = []
      for (const use of uses.get(component) ?? []) {
        const prop = binding.propertyName?.getText() ?? name
        if (prop === 'children' && ts.isJsxElement(use.node)) {
          found.push(childrenText(use.node.children, use.source, depth + 1))
          continue
        }
        const given = attribute(use.node, prop)?.initializer
        if (given && ts.isStringLiteral(given)) found.push([[given.text]])
        else if (given && ts.isJsxExpression(given) && given.expression) {
          found.push(evaluate(given.expression, use.source, depth + 1))
        } else if (!given && binding.initializer) {
          found.push(evaluate(binding.initializer, source, depth + 1))
        }
      }
      return found.length > 0 ? union(...found) : [[WILD]]
    }
    // A constant of this function or file, else of src/.
    const local = localConstant(id, name)
    if (local) return evaluate(local, source, depth)
    const global = constants.get(name)
    if (global) return union(...global.map((init) => evaluate(init, init.getSourceFile(), depth)))
    return [[WILD]]
  }

  const elementText = (node: JsxNode, source: ts.SourceFile, depth: number): Alternative[] => {
    if (literalAttribute(node, 'aria-hidden') === 'true') return [[]]
    if (ts.isJsxSelfClosingElement(node)) return [[]]
    return childrenText(node.children, source, depth)
  }

  const childrenText = (
    children: ts.NodeArray<ts.JsxChild>,
    source: ts.SourceFile,
    depth: number,
  ): Alternative[] => {
    let out: Alternative[] = [[]]
    for (const child of children) {
      if (ts.isJsxText(child)) out = product(out, [[jsxText(child.text)]])
      else if (ts.isJsxExpression(child)) {
        if (child.expression) out = product(out, evaluate(child.expression, source, depth))
      } else out = product(out, evaluate(child, source, depth))
    }
    return out
  }

  /** The name of a control: aria-label, label, its text, or its field's label. */
  const nameOf = (node: JsxNode, source: ts.SourceFile): Alternative[] => {
    for (const prop of ['aria-label', 'label']) {
      const given = attribute(node, prop)?.initializer
      if (given && ts.isStringLiteral(given)) return [[given.text]]
      if (given && ts.isJsxExpression(given) && given.expression) {
        return evaluate(given.expression, source, 0)
      }
    }
    // A select's children are its options, not its name.
    const select = SELECT_TAGS.has(tagOf(node, source))
    const text = ts.isJsxElement(node) && !select ? childrenText(node.children, source, 0) : [[]]
    if (text.some((alternative) => alternative.length > 0)) return text
    const label = fieldLabel(node, source)
    return label ?? text
  }

  const fieldLabel = (node: JsxNode, source: ts.SourceFile): Alternative[] | null => {
    for (const up of ancestors(node)) {
      if (!ts.isJsxElement(up) || tagOf(up, source) !== 'Field.Root') continue
      for (const child of up.children) {
        if (ts.isJsxElement(child) && tagOf(child, source) === 'Field.Label') {
          return childrenText(child.children, source, 0)
        }
      }
    }
    return null
  }

  const controls: Control[] = []
  for (const { path, source } of parsed) {
    if (!path.endsWith('.tsx')) continue
    const visit = (node: ts.Node) => {
      if ((ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) && isControl(node, source)) {
        const tag = tagOf(node, source)
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
        controls.push({
          where: `${path}:${String(line)} <${tag}>`,
          key: `${path} <${tag}>`,
          alternatives: dedupe(nameOf(node, source).map(tidy)),
        })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return controls

  function isControl(node: JsxNode, source: ts.SourceFile): boolean {
    const tag = tagOf(node, source)
    if (CONTROL_TAGS.has(tag)) return true
    const role = literalAttribute(node, 'role')
    if (role !== undefined && CONTROL_ROLES.has(role)) return true
    // A library's element that acts on a click; our own components show their controls inside.
    return attribute(node, 'onClick') !== undefined && !components.has(tag)
  }
}
