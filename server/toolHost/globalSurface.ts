// The global surface a tool could leave changed for the next run of another tool on a reused worker: the own properties
// (names and symbols, values, accessors, attributes) of globalThis and of the builtin constructors and their prototypes.
// Snapshotted once the tool modules have loaded and compared after every run, so it has to stay cheap (one pass).

/** Builtins watched besides globalThis: each constructor (or namespace) and, when it has one, its prototype. */
const BUILTINS: ReadonlyArray<readonly [string, object]> = (() => {
  const g = globalThis as unknown as Record<string, object>
  // The builtins tool code commonly patches (polyfills, pollution); the typed-array family shares one prototype
  // (%TypedArray%, below), and each name costs a few microseconds per check.
  const names = [
    'Object',
    'Function',
    'Array',
    'String',
    'Number',
    'Boolean',
    'Symbol',
    'BigInt',
    'Promise',
    'RegExp',
    'Date',
    'Map',
    'Set',
    'WeakMap',
    'WeakSet',
    'Error',
    'TypeError',
    'RangeError',
    'ArrayBuffer',
    'Uint8Array',
    'JSON',
    'Math',
    'Reflect',
    'Buffer',
    'URL',
    'EventTarget',
    'AbortSignal',
    'Headers',
    'Response',
  ]
  const list: Array<readonly [string, object]> = []
  for (const name of names) {
    const value = g[name]
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) continue
    list.push([name, value])
    const proto = (value as { prototype?: unknown }).prototype
    if (proto !== null && typeof proto === 'object') list.push([`${name}.prototype`, proto])
  }
  // Prototypes every iterator, typed array and generator shares, reachable from no global name.
  const arrayIterator = Object.getPrototypeOf([][Symbol.iterator]()) as object
  list.push(
    ['%ArrayIteratorPrototype%', arrayIterator],
    ['%IteratorPrototype%', Object.getPrototypeOf(arrayIterator) as object],
  )
  list.push(['%TypedArray%.prototype', Object.getPrototypeOf(Uint8Array.prototype) as object])
  list.push(['%AsyncFunction%.prototype', Object.getPrototypeOf(async () => {}) as object])
  return list
})()

/** One watched object at one moment: its own properties as slots, and whether it was extensible. */
interface ObjectSnapshot {
  extensible: boolean
  slots: Map<string | symbol, PropertyDescriptor>
}

/** The global surface at one moment. */
export type GlobalsSnapshot = ObjectSnapshot[]

// The objects are captured when this module loads (before any tool module): a tool that replaces `globalThis.Array`
// is seen as a changed globalThis property, and the original Array.prototype is still the one watched.
const WATCHED: ReadonlyArray<readonly [string, object]> = [['globalThis', globalThis], ...BUILTINS]

function snapshotOf(target: object): ObjectSnapshot {
  const slots = new Map<string | symbol, PropertyDescriptor>()
  for (const key of Reflect.ownKeys(target)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key)
    if (descriptor) slots.set(key, descriptor)
  }
  return { extensible: Reflect.isExtensible(target), slots }
}

/** Snapshots the own properties of globalThis and of every watched builtin. */
export function snapshotGlobals(): GlobalsSnapshot {
  return WATCHED.map(([, target]) => snapshotOf(target))
}

const same = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  Object.is(a.value, b.value) &&
  a.get === b.get &&
  a.set === b.set &&
  a.writable === b.writable &&
  a.enumerable === b.enumerable &&
  a.configurable === b.configurable

/**
 * True when an accessor became a data property holding what the accessor gives: Node defines globals such as `fetch`
 * or `crypto` as lazy getters that turn into plain values on first use, which any run may trigger harmlessly.
 */
function materialised(target: object, old: PropertyDescriptor, now: PropertyDescriptor): boolean {
  if (!old.get || now.get || now.set || !('value' in now)) return false
  try {
    return Object.is(old.get.call(target), now.value)
  } catch {
    return false
  }
}

const keyName = (owner: string, key: string | symbol) =>
  typeof key === 'symbol' ? `${owner}[${key.description ?? 'symbol'}]` : `${owner}.${key}`

/** At most this many changes are named; the rest are counted. */
const MAX_NAMED = 5

/**
 * What changed on the global surface since `before` (`added globalThis.x`, `replaced Array.prototype.map`, `removed …`),
 * the first few named and the rest counted; empty when nothing changed. Reads the live objects without copying them.
 */
export function globalChangesSince(before: GlobalsSnapshot): string[] {
  const changes: string[] = []
  for (let i = 0; i < WATCHED.length; i++) {
    const [owner, target] = WATCHED[i]
    const was = before[i]
    if (Reflect.isExtensible(target) !== was.extensible) changes.push(`made ${owner} non-extensible`)
    const keys = Reflect.ownKeys(target)
    let kept = 0
    for (const key of keys) {
      const old = was.slots.get(key)
      if (!old) {
        changes.push(`added ${keyName(owner, key)}`)
        continue
      }
      kept++
      const now = Reflect.getOwnPropertyDescriptor(target, key)!
      if (!same(old, now) && !materialised(target, old, now)) changes.push(`replaced ${keyName(owner, key)}`)
    }
    if (kept < was.slots.size) {
      const now = new Set(keys)
      for (const key of was.slots.keys()) if (!now.has(key)) changes.push(`removed ${keyName(owner, key)}`)
    }
  }
  if (changes.length <= MAX_NAMED) return changes
  return [...changes.slice(0, MAX_NAMED), `${changes.length - MAX_NAMED} more`]
}
