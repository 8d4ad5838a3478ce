// The Evals tab's table and form: cases × models with each variant right after its case and its difference in pass
// rate; the failed trials of a cell; the run body (models, k, variants) with its problems; which evals offer a tool.
import { describe, expect, it } from 'vitest'
import type { EvalCaseResult, EvalTrial } from '../../shared/protocol.ts'
import { buildEvalTable, failedTrials, formatDelta, rowFailed, variantDelta } from './evalTable.ts'
import { draftToEvalBody, evalsOffering, initialEvalDraft, parseStoredEvalDraft } from './evalDraft.ts'

const trial = (passed: boolean): EvalTrial => ({
  passed,
  failures: passed ? [] : ['weather-tool was not called'],
  calls: [],
  answer: '',
  usage: {},
})

function result(name: string, model: string, passes: number, k: number, variant?: string): EvalCaseResult {
  const trials = Array.from({ length: k }, (_, i) => trial(i < passes))
  return {
    name,
    file: `${name}.json`,
    model,
    ...(variant ? { variant } : {}),
    k,
    passes,
    passRate: passes / k,
    passK: (passes / k) ** k,
    threshold: 1,
    ok: passes === k,
    usage: { totalTokens: 100 },
    trials,
  }
}

describe('buildEvalTable', () => {
  const results = [
    result('lima', 'openai:a', 3, 5),
    result('lima', 'openai:a', 5, 5, 'short'),
    result('paris', 'openai:a', 5, 5),
    result('lima', 'anthropic:b', 5, 5),
    result('lima', 'anthropic:b', 4, 5, 'short'),
  ]
  const table = buildEvalTable(results)

  it('has a column per model and each variant right after its case', () => {
    expect(table.models).toEqual(['openai:a', 'anthropic:b'])
    expect(table.rows.map((r) => [r.name, r.variant])).toEqual([
      ['lima', undefined],
      ['lima', 'short'],
      ['paris', undefined],
    ])
    expect(Object.keys(table.rows[0].cells)).toEqual(['openai:a', 'anthropic:b'])
  })

  it('gives a variant its difference in pass rate against its case, per model', () => {
    const variant = table.rows[1]
    expect(variantDelta(table, variant, 'openai:a')).toBeCloseTo(0.4)
    expect(variantDelta(table, variant, 'anthropic:b')).toBeCloseTo(-0.2)
    expect(variantDelta(table, table.rows[0], 'openai:a')).toBeUndefined()
    expect(formatDelta(0.4)).toBe('+40 pts')
    expect(formatDelta(-0.2)).toBe('−20 pts')
    expect(formatDelta(0.001)).toBe('±0 pts')
  })

  it('marks rows with failures and lists a cell’s failed trials by their number', () => {
    expect(table.rows.map(rowFailed)).toEqual([true, true, false])
    expect(failedTrials(results[0]).map((t) => t.index)).toEqual([4, 5])
  })

  it('shows a variant whose case has no result yet', () => {
    const only = buildEvalTable([result('lima', 'm', 1, 1, 'short')])
    expect(only.rows.map((r) => r.variant)).toEqual(['short'])
    expect(variantDelta(only, only.rows[0], 'm')).toBeUndefined()
  })
})

describe('the eval form', () => {
  const row = { provider: 'openai-compatible' as const, model: 'llama3.2', baseURL: 'http://127.0.0.1:1/v1' }

  it('becomes the run body of the evals named', () => {
    expect(draftToEvalBody({ models: [row], k: '', variants: false, againstLastCommit: false }, ['lima'])).toEqual({
      ok: true,
      body: { names: ['lima'], models: [row] },
    })
    expect(
      draftToEvalBody(
        {
          models: [row, { provider: 'openai', model: 'gpt', baseURL: '' }],
          k: '5',
          variants: true,
          againstLastCommit: true,
        },
        ['lima'],
      ),
    ).toEqual({
      ok: true,
      body: {
        names: ['lima'],
        models: [row, { provider: 'openai', model: 'gpt' }],
        k: 5,
        variants: true,
        against: 'HEAD',
      },
    })
  })

  it('names the row and field of a problem', () => {
    expect(
      draftToEvalBody({ models: [row, { ...row, baseURL: '' }], k: '', variants: false, againstLastCommit: false }, [
        'x',
      ]),
    ).toMatchObject({ ok: false, row: 1, field: 'baseURL' })
    expect(
      draftToEvalBody({ models: [{ ...row, model: ' ' }], k: '', variants: false, againstLastCommit: false }, ['x']),
    ).toMatchObject({ ok: false, row: 0, field: 'model' })
    expect(draftToEvalBody({ models: [row], k: '0', variants: false, againstLastCommit: false }, ['x'])).toMatchObject({
      ok: false,
      field: 'k',
    })
    expect(draftToEvalBody({ models: [], k: '', variants: false, againstLastCommit: false }, ['x'])).toMatchObject({
      ok: false,
    })
    expect(draftToEvalBody({ models: [row], k: '', variants: false, againstLastCommit: false }, [])).toMatchObject({
      ok: false,
    })
  })

  it('lists the evals that offer a tool', () => {
    const entry = (name: string, tools: string[]) => ({
      name,
      file: `${name}.json`,
      tools,
      k: 1,
      prompt: 'p',
      variants: [],
    })
    const list = {
      dir: 'toolscope/evals',
      evals: [entry('a', ['weather-tool']), entry('b', ['other']), entry('c', ['all'])],
      errors: [],
    }
    expect(evalsOffering(list, 'weather-tool').map((e) => e.name)).toEqual(['a', 'c'])
  })

  it('starts from the remembered form, else the Model tab’s model, and stores no other field', () => {
    expect(
      initialEvalDraft(undefined, null, JSON.stringify({ provider: 'anthropic', model: 'claude', baseURL: '' })),
    ).toEqual({
      models: [{ provider: 'anthropic', model: 'claude', baseURL: '' }],
      k: '',
      variants: false,
      againstLastCommit: false,
    })
    expect(
      parseStoredEvalDraft(
        JSON.stringify({ models: [{ ...row, apiKey: 'sk' }, { provider: 'nope' }], k: '3', variants: true }),
      ),
    ).toEqual({ models: [row], k: '3', variants: true, againstLastCommit: false })
  })
})
