// Turns any value a tool produced into plain JSON before it crosses postMessage and HTTP:
// BigInt, undefined, functions, symbols, cycles, Errors, Dates, Maps, Sets and typed arrays all get a faithful, readable form.

const MAX_DEPTH = 64

/** Returns a JSON-safe copy of `value` (what JSON.parse(JSON.stringify(x)) would give, minus its exceptions). */
export function toPlainJson(value: unknown): unknown {
  return convert(value, new WeakSet<object>(), 0)
}

function convert(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : String(value)
    case 'bigint':
      return `${value}n`
    case 'undefined':
      return undefined
    case 'function':
      return `[Function ${(value as { name?: string }).name || 'anonymous'}]`
    case 'symbol':
      return value.toString()
  }
  if (value === null) return null
  const obj = value as object
  if (seen.has(obj)) return '[Circular]'
  if (depth >= MAX_DEPTH) return '[Too deep]'
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
  if (value instanceof RegExp) return value.toString()
  if (ArrayBuffer.isView(value)) return `[${value.constructor.name} ${value.byteLength} bytes]`
  if (value instanceof ArrayBuffer) return `[ArrayBuffer ${value.byteLength} bytes]`
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function' && !(value instanceof Error)) {
    seen.add(obj)
    const out = convert(toJSON.call(value), seen, depth + 1)
    seen.delete(obj)
    return out
  }
  seen.add(obj)
  try {
    if (value instanceof Error) {
      const out: Record<string, unknown> = { name: value.name, message: value.message }
      for (const [k, v] of Object.entries(value)) setKey(out, k, convert(v, seen, depth + 1))
      if (value.cause !== undefined) out.cause = convert(value.cause, seen, depth + 1)
      return out
    }
    if (Array.isArray(value)) return value.map((v) => convert(v, seen, depth + 1) ?? null)
    if (value instanceof Map) {
      const out: Record<string, unknown> = {}
      for (const [k, v] of value) {
        const converted = convert(v, seen, depth + 1)
        if (converted !== undefined) setKey(out, String(k), converted)
      }
      return out
    }
    if (value instanceof Set) return [...value].map((v) => convert(v, seen, depth + 1) ?? null)
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const converted = convert(v, seen, depth + 1)
      if (converted !== undefined) setKey(out, k, converted)
    }
    return out
  } finally {
    seen.delete(obj)
  }
}

/** Sets an own property, `__proto__` included (plain assignment would change the prototype and drop the key). */
function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}
