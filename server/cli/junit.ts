// JUnit XML for `toolscope test --reporter junit`: one <testsuite> per tool, one <testcase> per scenario,
// malformed scenario files as <error> cases, so CI dashboards show them like any failing test.

import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/** One reported case. */
export interface JUnitCase {
  suite: string
  name: string
  file: string
  timeMs: number
  /** Set for a failed replay: the readable diff. */
  failure?: { message: string; details: string }
  /** Set for a file that could not be loaded. */
  error?: string
}

const esc = (text: string) =>
  // Control characters are not allowed in XML 1.0, even escaped.
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
const secs = (ms: number) => (ms / 1000).toFixed(3)

/** The XML document for `cases`. */
export function toJUnitXml(cases: JUnitCase[]): string {
  const suites = new Map<string, JUnitCase[]>()
  for (const c of cases) suites.set(c.suite, [...(suites.get(c.suite) ?? []), c])
  const count = (list: JUnitCase[]) => ({
    tests: list.length,
    failures: list.filter((c) => c.failure).length,
    errors: list.filter((c) => c.error !== undefined).length,
    time: secs(list.reduce((t, c) => t + c.timeMs, 0)),
  })
  const attrs = (o: Record<string, string | number>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}="${esc(String(v))}"`)
      .join(' ')
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attrs({ name: 'toolscope', ...count(cases) })}>`,
  ]
  for (const [name, list] of suites) {
    lines.push(`  <testsuite ${attrs({ name, ...count(list) })}>`)
    for (const c of list) {
      const head = `    <testcase ${attrs({ classname: c.suite, name: c.name, file: c.file, time: secs(c.timeMs) })}`
      if (c.failure)
        lines.push(
          `${head}>`,
          `      <failure ${attrs({ message: c.failure.message })}>${esc(c.failure.details)}</failure>`,
          '    </testcase>',
        )
      else if (c.error !== undefined)
        lines.push(`${head}>`, `      <error ${attrs({ message: c.error })}>${esc(c.error)}</error>`, '    </testcase>')
      else lines.push(`${head}/>`)
    }
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>', '')
  return lines.join('\n')
}

/** Writes the JUnit XML of `cases` to `file`, making its folder when needed (`--output reports/junit.xml`). */
export async function writeJUnit(file: string, cases: JUnitCase[]): Promise<void> {
  await mkdir(dirname(resolve(file)), { recursive: true })
  await writeFile(file, toJUnitXml(cases))
}
