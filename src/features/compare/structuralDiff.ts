// Structural comparison behind "differs from Raw": which JSON paths a view added, removed or changed against
// the raw value, and the pretty-printed lines of a value each tagged with its path, so a panel highlights the
// lines of those paths. Formatting (a trailing comma, indentation) can never count as a difference.

/** How a path differs from Raw. */
export type DiffKind = 'added' | 'removed' | 'changed'

/** One difference: `path` is `''` for the root, else `a.b[0]["odd key"]`. */
export interface PathDiff {
  path: string
  kind: DiffKind
}

/** One pretty-printed line and the path of the value it belongs to. */
export interface TaggedLine {
  text: string
  path: string
}

const MAX_DIFFS = 500
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const keyPath = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`

/** Paths where `next` differs from `base`, in document order (capped, so a huge payload stays cheap). */
export function diffPaths(base: unknown, next: unknown): PathDiff[] {
  const out: PathDiff[] = []
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length >= MAX_DIFFS) return
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(b)) {
        if (!Object.hasOwn(a, key)) out.push({ path: keyPath(path, key), kind: 'added' })
        else walk(a[key], b[key], keyPath(path, key))
      }
      for (const key of Object.keys(a))
        if (!Object.hasOwn(b, key)) out.push({ path: keyPath(path, key), kind: 'removed' })
    } else if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (i >= a.length) out.push({ path: `${path}[${i}]`, kind: 'added' })
        else if (i >= b.length) out.push({ path: `${path}[${i}]`, kind: 'removed' })
        else walk(a[i], b[i], `${path}[${i}]`)
      }
    } else if (!Object.is(a, b)) out.push({ path, kind: 'changed' })
  }
  walk(base, next, '')
  return out
}

/** The lines of `JSON.stringify(value, null, 2)` (a top-level string on one line), each with its value's path. */
export function taggedLines(value: unknown): TaggedLine[] {
  const lines: TaggedLine[] = []
  const emit = (v: unknown, path: string, indent: string, prefix: string, suffix: string) => {
    const entries = Array.isArray(v)
      ? v.map((item, i) => [`${path}[${i}]`, '', item] as const)
      : isObject(v)
        ? Object.entries(v)
            .filter(([, x]) => x !== undefined && typeof x !== 'function')
            .map(([k, x]) => [keyPath(path, k), `${JSON.stringify(k)}: `, x] as const)
        : undefined
    if (!entries) {
      lines.push({
        text: `${indent}${prefix}${v === undefined ? (path ? 'null' : 'undefined') : (JSON.stringify(v) ?? String(v))}${suffix}`,
        path,
      })
      return
    }
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}']
    if (entries.length === 0) return void lines.push({ text: `${indent}${prefix}${open}${close}${suffix}`, path })
    lines.push({ text: `${indent}${prefix}${open}`, path })
    entries.forEach(([p, key, x], i) => emit(x, p, `${indent}  `, key, i < entries.length - 1 ? ',' : ''))
    lines.push({ text: `${indent}${close}${suffix}`, path })
  }
  emit(value, '', '', '', '')
  return lines
}

/** Whether `path` is `ancestor` or lies inside it. */
export function isWithin(path: string, ancestor: string): boolean {
  return ancestor === '' || path === ancestor || path.startsWith(`${ancestor}.`) || path.startsWith(`${ancestor}[`)
}

/** For each tagged line, whether it shows an added or changed path of `diffs`. */
export function changedFlags(lines: readonly TaggedLine[], diffs: readonly PathDiff[]): boolean[] {
  const marked = diffs.filter((d) => d.kind !== 'removed')
  return lines.map((line) => marked.some((d) => isWithin(line.path, d.path)))
}
