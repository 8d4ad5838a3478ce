// Every relative link in the docs a reader opens (README.md, CONTRIBUTING.md, docs/**/*.md) leads somewhere: the file
// exists, and a `#fragment` names a heading of that file (GitHub's slugs).
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  )
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-')
}

/** The anchors of a Markdown file's headings (outside code fences), numbered as GitHub numbers repeats. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const m = !fenced && /^#{1,6} (.*)$/.exec(line)
    if (!m) continue
    const slug = slugOf(m[1])
    const n = seen.get(slug) ?? 0
    seen.set(slug, n + 1)
    anchors.add(n === 0 ? slug : `${slug}-${n}`)
  }
  return anchors
}

/** The broken relative links of one file: `file:line target`. */
function brokenLinks(file: string, markdown: string): string[] {
  const broken: string[] = []
  let fenced = false
  markdown.split('\n').forEach((line, i) => {
    if (line.startsWith('```')) fenced = !fenced
    if (fenced) return
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
      const [path, fragment] = target.split('#')
      const linked = path ? join(dirname(file), decodeURIComponent(path)) : file
      const ok =
        existsSync(linked) &&
        (!fragment || !linked.endsWith('.md') || anchorsOf(readFileSync(linked, 'utf8')).has(fragment))
      if (!ok) broken.push(`${relative(ROOT, file)}:${i + 1} ${target}`)
    }
  })
  return broken
}

describe('doc links', () => {
  const files = [join(ROOT, 'README.md'), join(ROOT, 'CONTRIBUTING.md'), ...markdownFiles(join(ROOT, 'docs'))]

  it('every relative link and anchor in README, CONTRIBUTING and docs/ resolves', () => {
    expect(files.flatMap((f) => brokenLinks(f, readFileSync(f, 'utf8')))).toEqual([])
  })

  it('catches a link to a missing file and to a missing heading', () => {
    const file = join(ROOT, 'README.md')
    const text =
      '# Title\n\n## Quick start\n\n[a](#quick-start) [b](#nowhere) [c](docs/no-such.md) [d](BENCHMARKS.md)\n'
    expect(brokenLinks(file, text)).toEqual(['README.md:5 #nowhere', 'README.md:5 docs/no-such.md'])
  })

  it('the README stays a short page for a user (at most 200 lines)', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200)
  })
})
