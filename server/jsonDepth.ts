// Guards for JSON text from outside: nesting depth measured by scanning the raw text before JSON.parse (so an over-deep
// body or stored record is refused before anything recursive can overflow the stack), and `__proto__` keys, which
// JSON.parse keeps but schema validation and plain assignment silently drop.

/** Default deepest nesting accepted (objects and arrays); `TOOLSCOPE_MAX_JSON_DEPTH` overrides it. */
export const MAX_JSON_DEPTH = positiveInt(process.env.TOOLSCOPE_MAX_JSON_DEPTH) ?? 256

function positiveInt(raw: string | undefined): number | undefined {
  const n = Number(raw)
  return raw && Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * Deepest nesting of `[`/`{` in JSON text, ignoring brackets inside strings. Stops counting once past `stopAbove`
 * (the answer is then `stopAbove + 1`), so a huge hostile text costs one linear scan at most.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c) i++ // backslash: skip the escaped character
      else if (ch === 0x22) inString = false
      continue
    }
    if (ch === 0x22) inString = true
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max && (max = depth) > stopAbove) return max
    } else if (ch === 0x7d || ch === 0x5d) depth--
  }
  return max
}

/** Outcome of parseJsonBounded; `reason` says which guard refused the text. */
export type BoundedParse = { ok: true; value: unknown } | { ok: false; reason: 'too-deep' | 'proto-key' | 'syntax'; message: string }

/** JSON.parse that first refuses text nested deeper than `maxDepth`, then (optionally) any `__proto__` key. */
export function parseJsonBounded(text: string, maxDepth = MAX_JSON_DEPTH, options: { refuseProtoKeys?: boolean } = {}): BoundedParse {
  if (jsonNestingDepth(text, maxDepth) > maxDepth) {
    return { ok: false, reason: 'too-deep', message: `JSON is nested deeper than ${maxDepth} levels (objects and arrays); flatten it or raise TOOLSCOPE_MAX_JSON_DEPTH.` }
  }
  let protoKey = false
  let value: unknown
  try {
    // The reviver sees keys after unescaping, so "__pr\u006fto__" is caught too.
    value = options.refuseProtoKeys ? JSON.parse(text, (key, v: unknown) => ((protoKey ||= key === '__proto__'), v)) : JSON.parse(text)
  } catch (err) {
    return { ok: false, reason: 'syntax', message: (err as Error).message }
  }
  if (protoKey) return { ok: false, reason: 'proto-key', message: 'a key named "__proto__" is refused: schema validation would silently drop it. Rename the key.' }
  return { ok: true, value }
}
