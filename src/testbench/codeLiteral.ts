// Source-code literals for generated tests, safe for every string: quotes, backslashes, CR, LF, U+2028/2029,
// other control characters and `<` are escaped, so no value can end a literal, a line or a comment it sits in.
// `{ "$env": "NAME" }` renders as `process.env["NAME"]`: secrets come from the environment at test time.

import { anyValueCode, isAnyValue } from './anyValue.ts'
import { isEnvRef } from './envRefs.ts'

/** A single-quoted string literal of `text` that parses back to exactly `text`. */
export function stringLiteral(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
  return `'${text.replace(/[\\'\u0000-\u001f\u007f<\u2028\u2029]/g, escapeChar)}'`
}

function escapeChar(ch: string): string {
  if (ch === '\\') return '\\\\'
  if (ch === "'") return "\\'"
  if (ch === '\n') return '\\n'
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/** A double-quoted literal (JSON's escaping, plus U+2028/2029 and `<`), so values read exactly like JSON. */
function jsonStringLiteral(text: string): string {
  return JSON.stringify(text).replace(
    /[<\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** Text safe inside a `//` comment: line terminators and other control characters become visible escapes. */
export function commentText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
    /[\u0000-\u001f\u007f\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** A JavaScript expression for a JSON-like value, laid out like JSON.stringify(value, null, 2) from `indent`. */
export function codeLiteral(value: unknown, indent = ''): string {
  if (isEnvRef(value)) return `process.env[${stringLiteral(value.$env)}]`
  if (isAnyValue(value)) return anyValueCode(value)
  if (typeof value === 'string') return jsonStringLiteral(value)
  if (value === null || typeof value !== 'object') {
    const json = JSON.stringify(value) as string | undefined
    return json === undefined ? 'null' : json
  }
  const inner = `${indent}  `
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    return `[\n${value.map((v) => inner + codeLiteral(v === undefined ? null : v, inner)).join(',\n')}\n${indent}]`
  }
  const entries = Object.entries(value).filter(
    ([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol',
  )
  if (entries.length === 0) return '{}'
  // A computed key keeps `__proto__` an own property instead of setting the prototype.
  const key = (k: string) => (k === '__proto__' ? `[${jsonStringLiteral(k)}]` : jsonStringLiteral(k))
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${codeLiteral(v, inner)}`).join(',\n')}\n${indent}}`
}
