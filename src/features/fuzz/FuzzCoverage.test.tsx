// The Fuzz tab's coverage view from a report: the schema coverage numbers with the missed items listed before the
// exercised ones (with their counts), and the tool file's source with run lines counted, never-run lines marked ✗ (not
// by colour alone) and lines without a count left plain; a legend, and a source region that takes keyboard focus.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { FuzzCoverageShape } from '../../shared/protocol.ts'
import { DEFAULT_DRAFT, draftToBody } from './fuzzDraft.ts'
import { FuzzCoverage } from './FuzzCoverage.tsx'

const schema: FuzzCoverageShape['schema'] = {
  items: [
    { path: 'mode', kind: 'enum', label: '"read"', hit: 12 },
    { path: 'mode', kind: 'enum', label: '"purge"', hit: 0 },
    { path: 'note', kind: 'optional-absent', label: 'absent', hit: 5 },
    { path: 'count', kind: 'minimum', label: '= 1', hit: 2 },
  ],
  covered: 3,
  total: 4,
}

const file = {
  file: 'tools/target.ts',
  source: [
    '// a comment',
    'export function f(mode) {',
    "  if (mode === 'purge') throw new Error('no')",
    '  return mode',
    '}',
  ],
  lines: { '2': 1, '3': 0, '4': 7 },
}

const lineEl = (n: number) => document.querySelector(`[data-line="${n}"]`) as HTMLElement

afterEach(cleanup)

describe('FuzzCoverage', () => {
  it('waits for a report', () => {
    render(<FuzzCoverage coverage={undefined} />)
    expect(screen.getByRole('region', { name: 'Coverage' }).textContent).toContain(
      'Coverage appears here when collected',
    )
  })

  it('shows schema coverage, the missed items first, and says how to get code coverage', () => {
    render(<FuzzCoverage coverage={{ schema }} />)
    expect(screen.getByLabelText('Schema coverage').textContent).toBe('3/4 (75%)')
    const missed = screen.getByRole('list', { name: 'Not exercised' })
    expect(
      within(missed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✗ mode: "purge"'])
    const hit = screen.getByRole('list', { name: 'Exercised' })
    expect(
      within(hit)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['mode: "read" ×12', 'note: absent ×5', 'count: min = 1 ×2'])
    expect(missed.compareDocumentPosition(hit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Coverage' }).textContent).toContain('Collect code coverage')
  })

  it('shows the source with run lines counted, never-run lines marked and the rest plain', () => {
    render(<FuzzCoverage coverage={{ schema, files: [file] }} />)
    const source = screen.getByRole('region', { name: 'Source of tools/target.ts' })
    expect(source.tabIndex).toBe(0)
    expect(source.textContent).toContain("if (mode === 'purge')")
    expect(screen.getByLabelText('Lines run in tools/target.ts').textContent).toBe('2/3 lines run (67%)')
    expect(lineEl(1).dataset.coverage).toBe('none')
    expect(lineEl(1).textContent).toContain('not executable')
    expect(lineEl(4).dataset.coverage).toBe('covered')
    expect(lineEl(4).textContent).toContain('7×')
    expect(lineEl(4).className).toContain('bg-emerald')
    expect(lineEl(3).dataset.coverage).toBe('uncovered')
    expect(lineEl(3).textContent).toContain('✗')
    expect(lineEl(3).textContent).toContain('never ran')
    expect(lineEl(3).className).toContain('bg-rose')
    expect(screen.getByLabelText('Legend').textContent).toContain('never ran')
  })

  it('says when there is no file to show', () => {
    render(<FuzzCoverage coverage={{ schema, files: [] }} />)
    expect(screen.getByRole('region', { name: 'Coverage' }).textContent).toContain('no file of its own')
  })

  it('asks for code coverage only when the box is checked', () => {
    expect(draftToBody(DEFAULT_DRAFT)).toMatchObject({
      ok: true,
      body: expect.not.objectContaining({ coverage: true }),
    })
    expect(draftToBody({ ...DEFAULT_DRAFT, coverage: true })).toMatchObject({ ok: true, body: { coverage: true } })
  })
})
