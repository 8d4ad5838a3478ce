// The one plain-object check (an object literal or Object.create(null), not an array, class instance or Date),
// shared by the runtime, the tool host's detectors and the test bench.

/** True for `{...}` and `Object.create(null)` values. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
