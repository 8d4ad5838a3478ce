// Loading a tool module, whatever its format: a CommonJS module (a `.cts`/`.cjs` file, or any `.ts`/`.js` file of a
// package without "type": "module") reaches `import()` as its `module.exports` under `default`, with named exports only
// where Node's lexer found them (Node 22 finds them in transpiled TypeScript, Node 20 does not). Import errors are
// reported with their cause chain.

import { isPlainObject } from '../../src/runtime/index.ts'

/**
 * The module's exports by name: an ES module's namespace as is; for a CommonJS module, the properties of `module.exports`
 * (a transpiled module marks it with `__esModule`; a hand-written one exports a plain object and nothing else).
 */
export function moduleExports(namespace: Record<string, unknown>): Record<string, unknown> {
  const exports = namespace.default
  const names = Object.keys(namespace).filter((k) => k !== 'default' && k !== 'module.exports')
  const transpiled = isPlainObject(exports) && exports.__esModule === true
  if (!transpiled && !(names.length === 0 && isPlainObject(exports))) return namespace
  const out: Record<string, unknown> = {}
  for (const name of names) out[name] = namespace[name]
  for (const [name, value] of Object.entries(exports as Record<string, unknown>)) if (name !== '__esModule' && !(name in out)) out[name] = value
  return out
}

/**
 * An import failure with its `cause` chain (`fetch failed` ← `getaddrinfo ENOTFOUND api.example.com`). tsx names a
 * `.mts`/`.cts` file `.ts` in its transform errors: the real file name is put back, so file:line:col points at it.
 */
export function importErrorMessage(err: unknown, file?: string): string {
  const parts: string[] = []
  const seen = new Set<unknown>()
  for (let e: unknown = err; e !== undefined && e !== null && !seen.has(e) && parts.length < 5; e = (e as { cause?: unknown }).cause) {
    seen.add(e)
    parts.push(e instanceof Error ? e.message : String(e))
  }
  const message = parts.join(' ← caused by: ')
  const renamed = file && /\.[mc]ts$/.test(file) ? `${file.slice(0, -4)}.ts:` : undefined
  return renamed ? message.split(renamed).join(`${file}:`) : message
}
