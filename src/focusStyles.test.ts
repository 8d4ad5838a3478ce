// Focus rings show for keyboard focus only: no stylesheet or class of the app styles plain `:focus` (a mouse click
// would draw a ring too); `:focus-visible` (Tailwind `focus-visible:`) is the one way to style focus.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('.', import.meta.url))

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.(tsx|css)$/.test(name) && !/\.test\.tsx$/.test(name) ? [path] : []
  })
}

/** `:focus` or a Tailwind `focus:` variant not followed by `-visible` / `-within`. */
const PLAIN_FOCUS = /:focus(?![-\w])|\bfocus:/

describe('focus styles', () => {
  it('the pattern finds plain focus and lets focus-visible through', () => {
    expect(['a:focus { }', 'className="focus:ring-2"', 'x:focus, y'].every((t) => PLAIN_FOCUS.test(t))).toBe(true)
    expect(
      ['a:focus-visible { }', 'className="focus-visible:ring-2"', 'a:focus-within'].some((t) => PLAIN_FOCUS.test(t)),
    ).toBe(false)
  })

  it('no stylesheet or component styles plain :focus', () => {
    const found = files(root).filter((f) => PLAIN_FOCUS.test(readFileSync(f, 'utf8')))
    expect(found.map((f) => f.slice(root.length))).toEqual([])
    expect(readFileSync(join(root, 'index.css'), 'utf8')).toContain(':focus-visible')
  })
})
