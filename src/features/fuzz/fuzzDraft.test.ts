// The Fuzz tab's form to body: runs and seed as typed become numbers (an empty seed stays random), a bad field is
// named, and the reproducing command and scenario name of a failure.
import { describe, expect, it } from 'vitest'
import { FuzzBody } from '../../shared/protocol.ts'
import { DEFAULT_DRAFT, draftToBody, failureScenarioName, reproduceCommand } from './fuzzDraft.ts'

describe('the fuzz form', () => {
  it('sends the defaults as a valid body, without a seed and with same-output off', () => {
    const checked = draftToBody(DEFAULT_DRAFT)
    expect(checked).toMatchObject({ ok: true, body: { runs: 100, network: 'live' } })
    if (!checked.ok) return
    expect(checked.body).not.toHaveProperty('seed')
    expect(checked.body.checks).not.toContain('same-output')
    expect(FuzzBody.safeParse(checked.body).success).toBe(true)
  })

  it('takes a typed seed and the fake clock', () => {
    expect(draftToBody({ ...DEFAULT_DRAFT, runs: ' 20 ', seed: '-42', fakeClock: true })).toMatchObject({
      ok: true,
      body: { runs: 20, seed: -42, clock: 'fake' },
    })
  })

  it('names the field at fault', () => {
    for (const runs of ['0', '5001', '1.5', 'ten', ''])
      expect(draftToBody({ ...DEFAULT_DRAFT, runs })).toMatchObject({ ok: false, field: 'runs' })
    expect(draftToBody({ ...DEFAULT_DRAFT, seed: '1e3' })).toMatchObject({ ok: false, field: 'seed' })
    expect(draftToBody({ ...DEFAULT_DRAFT, checks: [] })).toMatchObject({ ok: false, field: 'checks' })
  })

  it('gives the command that reproduces a failure, and the name it is saved under', () => {
    expect(reproduceCommand('fuzz-target', -7, 60)).toBe('npx toolscope fuzz --tool fuzz-target --seed -7 --runs 60')
    const failure = {
      call: { input: {}, valid: true },
      failures: [{ check: 'no-crash' as const, message: 'boom' }],
      shrinks: 0,
      path: '0',
    }
    expect(failureScenarioName(failure, -7)).toBe('fuzz-no-crash--7')
  })
})
