// The one presentation of a run status: every status has a label, a tone and an icon; ends read differently from
// live runs (interrupted and expired are not shown as running), and labels are the texts the e2e specs read.
import { describe, expect, it } from 'vitest'
import { IDLE, RUN_END_STATUSES, RUN_STATUSES, WAITING_STATUSES } from '../../runtime/status.ts'
import { statusLabel, statusLook } from './statusPresentation.ts'

describe('status presentation', () => {
  it('labels a status as people read it', () => {
    expect(statusLabel('awaiting-approval')).toBe('awaiting approval')
    expect(statusLabel('awaiting-elicitation')).toBe('awaiting elicitation')
    expect(statusLabel('success')).toBe('success')
    expect(statusLabel(IDLE)).toBe('idle')
  })

  it('gives every status a look, and every end a tone of its own kind', () => {
    for (const status of [...RUN_STATUSES, IDLE])
      expect(statusLook(status)).toMatchObject({ tone: expect.any(String), icon: expect.any(String) })
    expect(RUN_END_STATUSES.map((s) => [s, statusLook(s).tone])).toEqual([
      ['success', 'ok'],
      ['error', 'danger'],
      ['declined', 'warn'],
      ['aborted', 'neutral'],
      ['interrupted', 'warn'],
      ['expired', 'warn'],
    ])
    // A live or waiting run is `info`; no end is.
    expect(new Set((['running', ...WAITING_STATUSES] as const).map((s) => statusLook(s).tone))).toEqual(
      new Set(['info']),
    )
    expect(RUN_END_STATUSES.some((s) => statusLook(s).tone === 'info')).toBe(false)
  })
})
