// Guards for JSON from outside (HTTP bodies, MCP arguments, CLI flags, stored legacy records): nesting depth and key
// counts measured by scanning the raw text before JSON.parse (so an over-deep or key-flooded text is refused before
// anything recursive can overflow the stack or anything per-key can take seconds), the same bounds checked on a value
// parsed elsewhere (the MCP SDK parses its own bodies), and `__proto__` keys, which JSON.parse keeps but schema
// validation and plain assignment silently drop.

/** Default deepest nesting accepted (objects and arrays); `TOOLSCOPE_MAX_JSON_DEPTH` overrides it. */
export const MAX_JSON_DEPTH = positiveInt(process.env.TOOLSCOPE_MAX_JSON_DEPTH) ?? 256

/** Most keys accepted in one object; `TOOLSCOPE_MAX_JSON_KEYS_PER_OBJECT` overrides it. */
export const MAX_JSON_KEYS_PER_OBJECT = positiveInt(process.env.TOOLSCOPE_MAX_JSON_KEYS_PER_OBJECT) ?? 10_000

/**
 * Most keys accepted in all, per MiB of JSON (one MiB's worth at least): 100,000 for anything up to 1 MiB (every
 * request body, MCP arguments, a CLI flag). A whole-run file (a run import, a legacy record) may be larger than a
 * body, and its allowance grows with it. `TOOLSCOPE_MAX_JSON_KEYS` overrides the figure.
 */
export const MAX_JSON_KEYS = positiveInt(process.env.TOOLSCOPE_MAX_JSON_KEYS) ?? 100_000

const MIB = 1024 * 1024

/** The bounds a JSON text or value is held to. */
export interface JsonBounds {
  maxDepth: number
  maxKeysPerObject: number
  /** Total keys; undefined: MAX_JSON_KEYS per MiB of the text (a value checked after parsing: MAX_JSON_KEYS). */
  maxKeys?: number
}

/** The default bounds (the environment overrides included). */
export const JSON_BOUNDS: Readonly<JsonBounds> = {
  maxDepth: MAX_JSON_DEPTH,
  maxKeysPerObject: MAX_JSON_KEYS_PER_OBJECT,
}

/** Which bound a JSON text or value is past. */
export type JsonBoundsViolation = { reason: 'too-deep' | 'too-many-keys'; message: string }

const tooDeep = (maxDepth: number): JsonBoundsViolation => ({
  reason: 'too-deep',
  message: `JSON is nested deeper than ${maxDepth} levels (objects and arrays); flatten it or raise TOOLSCOPE_MAX_JSON_DEPTH.`,
})
const tooManyInObject = (max: number): JsonBoundsViolation => ({
  reason: 'too-many-keys',
  message: `a JSON object has more than ${max.toLocaleString('en')} keys; split it or raise TOOLSCOPE_MAX_JSON_KEYS_PER_OBJECT.`,
})
const tooManyInAll = (max: number): JsonBoundsViolation => ({
  reason: 'too-many-keys',
  message: `JSON has more than ${max.toLocaleString('en')} keys in all; send less or raise TOOLSCOPE_MAX_JSON_KEYS.`,
})

function positiveInt(raw: string | undefined): number | undefined {
  const n = Number(raw)
  return raw && Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * Index of the next `{`, `[`, `}`, `]` or `:` of JSON text at or after `from` that stands outside a string, or -1: the
 * one scan both guards below step through. `from` must be outside a string, as the place after such a character is.
 */
function nextStructural(text: string, from: number): number {
  let inString = false
  for (let i = from; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c)
        i++ // backslash: skip the escaped character
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x7b || ch === 0x5b || ch === 0x7d || ch === 0x5d || ch === 0x3a) return i
  }
  return -1
}

/**
 * Deepest nesting of `[`/`{` in JSON text, ignoring brackets inside strings. Stops counting once past `stopAbove`
 * (the answer is then `stopAbove + 1`), so a huge hostile text costs one linear scan at most.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let max = 0
  for (let i = nextStructural(text, 0); i !== -1; i = nextStructural(text, i + 1)) {
    const ch = text.charCodeAt(i)
    if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max && (max = depth) > stopAbove) return max
    } else if (ch === 0x7d || ch === 0x5d) depth--
  }
  return max
}

/**
 * The first bound JSON text is past (depth, keys in one object, keys in all), or undefined. One linear scan that stops
 * at the first violation; a key is recognised by the `:` after it (the only place a `:` stands outside a string).
 */
export function jsonTextBoundsViolation(
  text: string,
  bounds: JsonBounds = JSON_BOUNDS,
): JsonBoundsViolation | undefined {
  const maxKeys = bounds.maxKeys ?? MAX_JSON_KEYS * Math.max(1, Math.ceil(text.length / MIB))
  // Keys so far of the object (or array: never counted) open at each depth; depth never passes maxDepth + 1.
  const keysAt = new Uint32Array(bounds.maxDepth + 2)
  let depth = 0
  let keys = 0
  for (let i = nextStructural(text, 0); i !== -1; i = nextStructural(text, i + 1)) {
    const ch = text.charCodeAt(i)
    if (ch === 0x7b || ch === 0x5b) {
      if (++depth > bounds.maxDepth) return tooDeep(bounds.maxDepth)
      keysAt[depth] = 0
    } else if (ch === 0x7d || ch === 0x5d) depth = Math.max(0, depth - 1)
    else {
      if (++keysAt[depth] > bounds.maxKeysPerObject) return tooManyInObject(bounds.maxKeysPerObject)
      if (++keys > maxKeys) return tooManyInAll(maxKeys)
    }
  }
  return undefined
}

/**
 * The first bound an already parsed value is past, or undefined: the same bounds as jsonTextBoundsViolation, for
 * JSON another library parsed (the MCP SDK's request bodies). Iterative, and it stops at the first violation.
 */
export function jsonValueBoundsViolation(
  value: unknown,
  bounds: JsonBounds = JSON_BOUNDS,
): JsonBoundsViolation | undefined {
  const maxKeys = bounds.maxKeys ?? MAX_JSON_KEYS
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  let keys = 0
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!
    if (v === null || typeof v !== 'object') continue
    if (depth + 1 > bounds.maxDepth) return tooDeep(bounds.maxDepth)
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v)
    if (!Array.isArray(v)) {
      if (children.length > bounds.maxKeysPerObject) return tooManyInObject(bounds.maxKeysPerObject)
      if ((keys += children.length) > maxKeys) return tooManyInAll(maxKeys)
    }
    for (const child of children)
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 })
  }
  return undefined
}

/** Outcome of parseJsonBounded; `reason` says which guard refused the text. */
export type BoundedParse =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too-deep' | 'too-many-keys' | 'proto-key' | 'syntax'; message: string }

/**
 * JSON.parse that first refuses text nested deeper than `maxDepth` or with too many keys (see JsonBounds), then
 * (optionally) any `__proto__` key.
 */
export function parseJsonBounded(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  options: { refuseProtoKeys?: boolean; maxKeysPerObject?: number; maxKeys?: number } = {},
): BoundedParse {
  const violation = jsonTextBoundsViolation(text, {
    maxDepth,
    maxKeysPerObject: options.maxKeysPerObject ?? MAX_JSON_KEYS_PER_OBJECT,
    maxKeys: options.maxKeys,
  })
  if (violation) return { ok: false, ...violation }
  let protoKey = false
  let value: unknown
  try {
    // The reviver sees keys after unescaping, so "__pr\u006fto__" is caught too.
    value = options.refuseProtoKeys
      ? JSON.parse(text, (key, v: unknown) => ((protoKey ||= key === '__proto__'), v))
      : JSON.parse(text)
  } catch (err) {
    return { ok: false, reason: 'syntax', message: (err as Error).message }
  }
  if (protoKey)
    return {
      ok: false,
      reason: 'proto-key',
      message: 'a key named "__proto__" is refused: schema validation would silently drop it. Rename the key.',
    }
  return { ok: true, value }
}
