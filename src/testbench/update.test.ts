import { describe, expect, it } from 'vitest'
import { compareOutcome } from './match.ts'
import { updateExpectation } from './update.ts'

describe('updateExpectation', () => {
  it('rewrites the checked views from the actual outcome, leaving unchecked views out', () => {
    const next = updateExpectation(
      { status: 'success', match: 'exact', raw: { t: 20 } },
      { status: 'success', raw: { t: 21 }, display: { t: 21 } },
    )
    expect(next).toEqual({ status: 'success', match: 'exact', raw: { t: 21 } })
  })

  it('keeps a partial match partial: only the keys the author named', () => {
    const actual = { status: 'success' as const, raw: { deleted: 'b', at: '2030-01-01', items: [{ id: 2, noise: 1 }] } }
    const next = updateExpectation(
      { status: 'success', match: 'partial', raw: { deleted: 'a', items: [{ id: 1 }] } },
      actual,
    )
    expect(next.raw).toEqual({ deleted: 'b', items: [{ id: 2 }] })
    expect(compareOutcome(next, actual)).toEqual([])
  })

  it('adds the error message when the run now fails', () => {
    const next = updateExpectation(
      { status: 'success', match: 'exact', raw: { ok: true } },
      { status: 'error', raw: { message: 'boom' }, error: 'boom' },
    )
    expect(next).toEqual({ status: 'error', match: 'exact', raw: { message: 'boom' }, error: 'boom' })
  })
})
