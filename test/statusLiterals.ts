// Finds run statuses spelled as string literals in source code, for statusVocabulary.test.ts: every status is spelled
// once, in src/runtime/status.ts, and everything else names it through `Status`, the exported lists or the predicates.
// Parses with the TypeScript compiler (comments and prose never count) and judges each literal by where it stands.
import ts from 'typescript'
import { IDLE, RUN_STATUSES, UNFINISHED } from '../src/runtime/index.ts'

/** Every name the vocabulary spells: the statuses of a run, the UI's `idle`, a replay's `unfinished`. */
export const STATUS_NAMES: ReadonlySet<string> = new Set([...RUN_STATUSES, IDLE, UNFINISHED])

/**
 * Status names that are also words of other vocabularies: event types (`suspended`, `paused`, `aborted`, `error`),
 * log levels and lint severities (`error`), widget and React Query states (`idle`). These count only where the code
 * speaks of a status; every other status name counts wherever it is quoted.
 */
export const SHARED_NAMES: ReadonlySet<string> = new Set(['suspended', 'paused', 'aborted', 'error', IDLE])

/** One status literal: where it is and what it spells. */
export interface StatusLiteral {
  line: number
  text: string
  /** Why it counts: `status name` (a status-only name), or the status context a shared name stands in. */
  why: string
}

// A name that holds a status: `status`, `state`, `live.status`, `from.state`, `fetchStatus`, `RunRecordStatus`.
const STATUSY = /(status|state)$/i
// Methods of the runtime's run core that take a status (`this.wait(…)`, `run.settle(…)`, `this.end(…)`, `this.finish(…)`),
// and a map of statuses (`this.status.set(runId, …)`).
const STATUS_CALLS = /^(this|run)\.(wait|settle|finish|end)$|(status|state)\.set$/i

const lineOf = (sf: ts.SourceFile, node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1
const lastName = (text: string) => text.replace(/\?\./g, '.').replace(/[!\s]/g, '').split('.').pop() ?? ''
const holdsStatus = (node: ts.Node, sf: ts.SourceFile) => STATUSY.test(lastName(node.getText(sf)))

/** Literals that stand together: the members of a union type, of an array, of `z.enum([…])`. */
function groupOf(node: ts.Node): { top: ts.Node; members: string[] } {
  let top: ts.Node = node
  let members = [(node as ts.StringLiteralLike).text]
  for (;;) {
    const p = top.parent
    if (!p) break
    if (
      ts.isLiteralTypeNode(p) ||
      ts.isParenthesizedExpression(p) ||
      ts.isParenthesizedTypeNode(p) ||
      ts.isAsExpression(p) ||
      ts.isSatisfiesExpression(p) ||
      ts.isTypeOperatorNode(p)
    ) {
      top = p
    } else if (ts.isUnionTypeNode(p)) {
      members = p.types.flatMap((t) =>
        ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : ['<other>'],
      )
      top = p
    } else if (ts.isArrayLiteralExpression(p)) {
      members = p.elements.map((e) => (ts.isStringLiteralLike(e) ? e.text : '<other>'))
      top = p
    } else if (
      (ts.isCallExpression(p) || ts.isNewExpression(p)) &&
      /^(z\.enum|z\.literal|Set)$/.test(p.expression.getText()) &&
      p.arguments?.[0] === top
    ) {
      // `z.enum([...])`, `z.literal('…')`, `new Set([...])` stand where the list stands.
      top = p
    } else break
  }
  return { top, members }
}

/** The status context `top` stands in, or undefined when it stands elsewhere. */
function statusContext(top: ts.Node, sf: ts.SourceFile): string | undefined {
  const p = top.parent
  if (!p) return undefined
  if (
    ts.isBinaryExpression(p) &&
    [
      ts.SyntaxKind.EqualsEqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsEqualsToken,
      ts.SyntaxKind.EqualsEqualsToken,
      ts.SyntaxKind.ExclamationEqualsToken,
      ts.SyntaxKind.EqualsToken,
    ].includes(p.operatorToken.kind)
  ) {
    const other = p.left === top ? p.right : p.left
    return holdsStatus(other, sf) ? `compared with ${other.getText(sf)}` : undefined
  }
  if (
    (ts.isPropertyAssignment(p) ||
      ts.isPropertySignature(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isVariableDeclaration(p)) &&
    p.name &&
    STATUSY.test(p.name.getText(sf))
  ) {
    return `the value of ${p.name.getText(sf)}`
  }
  if (ts.isCaseClause(p) && holdsStatus(p.parent.parent.expression, sf))
    return `a case of switch (${p.parent.parent.expression.getText(sf)})`
  if (
    ts.isCallExpression(p) &&
    p.arguments.includes(top as ts.Expression) &&
    STATUS_CALLS.test(p.expression.getText(sf))
  )
    return `an argument of ${p.expression.getText(sf)}()`
  if (ts.isTypeReferenceNode(p) && p.typeArguments?.includes(top as ts.TypeNode)) {
    // `Extract<RunEndStatus, '…'>`, `Exclude<RunStatus, '…'>`, `RunState<'…'>`.
    const named = [p.typeName, ...p.typeArguments].find((t) => t !== top && holdsStatus(t, sf))
    if (named) return `a type argument with ${named.getText(sf)}`
  }
  if (ts.isTypeAliasDeclaration(p) && STATUSY.test(p.name.text)) return `the type ${p.name.text}`
  return undefined
}

function findStatusLiterals(sf: ts.SourceFile): StatusLiteral[] {
  const found: StatusLiteral[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) &&
      STATUS_NAMES.has(node.text) &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent)
    ) {
      const group = groupOf(node)
      // A list that holds a word no status spells is another vocabulary (`'ok' | 'error'`, `['warn', 'error']`).
      const foreign = group.members.some((m) => !STATUS_NAMES.has(m))
      let why: string | undefined = 'status name'
      if (SHARED_NAMES.has(node.text))
        why = foreign
          ? undefined
          : group.members.some((m) => !SHARED_NAMES.has(m))
            ? 'listed with status names'
            : statusContext(group.top, sf)
      if (why) found.push({ line: lineOf(sf, node), text: node.text, why })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

/** The status a property name spells: `success:`, `'awaiting-approval':`, `[Status.success]:`, `[IDLE]:`. */
function keyStatus(name: ts.PropertyName, sf: ts.SourceFile): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) return STATUS_NAMES.has(name.text) ? name.text : undefined
  if (!ts.isComputedPropertyName(name)) return undefined
  const text = name.expression.getText(sf)
  return /^Status\.\w+$|^(IDLE|UNFINISHED)$/.test(text) ? text : undefined
}

/*
 * Objects keyed by statuses (three keys or more, so a result's `{ success, error }` is not one): a status mapped to a
 * colour, a label, an icon. Found by key, so a map keyed by `[Status.x]` counts as much as one keyed by literals.
 */
function findStatusMaps(sf: ts.SourceFile): StatusLiteral[] {
  const found: StatusLiteral[] = []
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) || ts.isTypeLiteralNode(node)) {
      const members: readonly (ts.ObjectLiteralElementLike | ts.TypeElement)[] = ts.isObjectLiteralExpression(node)
        ? node.properties
        : node.members
      const keys = members.flatMap((m) => (m.name ? [keyStatus(m.name, sf)] : [])).filter((k) => k !== undefined)
      if (keys.length >= 3)
        found.push({ line: lineOf(sf, node), text: keys.join(', '), why: 'a map keyed by statuses' })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

const NAMES = [...STATUS_NAMES].join('|')
const QUOTED = new RegExp(`(['"\`])(${NAMES})\\1`)
const KEY = new RegExp(`\\b(${NAMES})\\b\\s*:|\\[(Status\\.\\w+|IDLE|UNFINISHED)\\]\\s*:`, 'g')

/**
 * The status literals and the status maps of one file (each a line, the text, why it counts). Only a file whose text
 * could hold either is parsed: parsing every file of the tree takes seconds on a busy machine.
 */
export function scanSource(fileName: string, code: string): { literals: StatusLiteral[]; maps: StatusLiteral[] } {
  const keys = new Set(code.match(KEY) ?? [])
  if (!QUOTED.test(code) && keys.size < 3) return { literals: [], maps: [] }
  const kind = fileName.endsWith('x')
    ? ts.ScriptKind.TSX
    : fileName.endsWith('.mjs')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind)
  return { literals: findStatusLiterals(sf), maps: keys.size < 3 ? [] : findStatusMaps(sf) }
}
