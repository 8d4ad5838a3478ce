// Loading a tool module, whatever its format. A CommonJS module (a `.cts`/`.cjs` file, or any `.ts`/`.js` file of a
// package without "type": "module") reaches `import()` as its `module.exports` under `default`, with named exports only
// where Node's lexer found them (Node 22 finds them in transpiled TypeScript, Node 20 does not, and neither finds
// `module.exports = tool(...)`): its exports are read from `module.exports` itself, so they are named the same on every
// Node. Import errors are reported with their cause chain.

import { realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isPlainObject } from '../../src/runtime/index.ts'
import { looksLikeTool } from './detect.ts'

/** Node's CommonJS module cache: a CommonJS module imported through `import()` is in it, an ES module is not. */
const commonJsCache = createRequire(import.meta.url).cache

/** The `module.exports` of `file` when Node loaded it as CommonJS for this namespace; undefined for an ES module. */
function commonJsExports(namespace: Record<string, unknown>, file: string | undefined): { value: unknown } | undefined {
  // Newer Nodes name it in the namespace; otherwise the module cache (keyed by real path) says whether it is CommonJS.
  if ('module.exports' in namespace) return { value: namespace['module.exports'] }
  if (file === undefined) return undefined
  let cached = commonJsCache[file]
  if (!cached) {
    try {
      cached = commonJsCache[realpathSync(file)]
    } catch {
      return undefined
    }
  }
  return cached && cached.exports === namespace.default ? { value: cached.exports } : undefined
}

/**
 * The module's exports by name. An ES module's namespace as is. A CommonJS module's `module.exports`: a tool (or a value
 * that is not an object of exports: an array, a function, a class instance) is its `default` export; an object of exports
 * (`exports.x = …`, `module.exports = { x }`, transpiled `export const x`) gives one export per property.
 * A tool that is a plain object (an AI SDK `tool()`) is told from an object of exports by the registered detectors.
 */
export function moduleExports(namespace: Record<string, unknown>, file?: string): Record<string, unknown> {
  const cjs = commonJsExports(namespace, file)
  if (!cjs) return namespace
  const exports = cjs.value
  if (!isPlainObject(exports) || (exports.__esModule !== true && looksLikeTool(exports))) return { default: exports }
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(exports)) if (name !== '__esModule') out[name] = value
  return out
}

/**
 * An import failure with its `cause` chain (`fetch failed` ← `getaddrinfo ENOTFOUND api.example.com`). tsx names a
 * `.mts`/`.cts` file `.ts` in its transform errors: the real file name is put back, so file:line:col points at it.
 */
export function importErrorMessage(err: unknown, file?: string): string {
  const parts: string[] = []
  const seen = new Set<unknown>()
  for (
    let e: unknown = err;
    e !== undefined && e !== null && !seen.has(e) && parts.length < 5;
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e)
    parts.push(e instanceof Error ? e.message : String(e))
  }
  const message = parts.join(' ← caused by: ')
  const renamed = file && /\.[mc]ts$/.test(file) ? `${file.slice(0, -4)}.ts:` : undefined
  return renamed ? message.split(renamed).join(`${file}:`) : message
}
