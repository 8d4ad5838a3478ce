// The Evals tab against a fake ApiClient: the evals that offer the tool and the files that could not be read, a run
// against two models with k overridden and variants, the polled job's table (pass rate, pass^k, tokens, a variant's
// difference), and a failed case expanded to the calls the model made instead, each linked to its run.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { EvalCaseResult, EvalJob, EvalRunBody } from '../../shared/protocol.ts'
import { Status } from '../../runtime/status.ts'
import { createFakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import EvalsTab from './EvalsTab.tsx'

const models = {
  providers: [
    {
      id: 'openai-compatible' as const,
      label: 'OpenAI-compatible',
      keyVariables: ['OPENAI_COMPATIBLE_API_KEY'],
      hasKey: false,
    },
  ],
}

function result(model: string, passes: number, variant?: string): EvalCaseResult {
  const failed = {
    passed: false,
    failures: ['expected a call to weather-tool with {"location":"Lima"}'],
    calls: [
      {
        step: 1,
        toolCallId: 'c1',
        toolId: 'weather-tool',
        argsText: '{"location":"Paris"}',
        runId: 'run-9',
        status: Status.success,
      },
    ],
    answer: 'It is sunny in Paris',
    usage: {},
  }
  const trials = [
    ...Array.from({ length: passes }, () => ({ passed: true, failures: [], calls: [], answer: 'Sunny', usage: {} })),
    ...Array.from({ length: 4 - passes }, () => failed),
  ]
  return {
    name: 'weather-in-lima',
    file: 'weather.json',
    model,
    ...(variant ? { variant } : {}),
    k: 4,
    passes,
    passRate: passes / 4,
    passK: (passes / 4) ** 4,
    threshold: 1,
    ok: passes === 4,
    usage: { totalTokens: 1234 },
    trials,
  }
}

afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('EvalsTab', () => {
  it('runs the evals of the tool against two models and shows the table, a variant’s difference and what a failing model did', async () => {
    const api = createFakeApi()
    const runs: EvalRunBody[] = []
    let polls = 0
    const done: EvalJob = {
      id: 'j1',
      phase: 'done',
      done: 16,
      total: 16,
      results: [
        result('openai-compatible:a', 2),
        result('openai-compatible:a', 4, 'short'),
        result('openai-compatible:b', 4),
      ],
    }
    api.models = async () => models
    api.evals = async () => ({
      dir: 'toolscope/evals',
      evals: [
        {
          name: 'weather-in-lima',
          file: 'weather.json',
          tools: ['weather-tool'],
          k: 3,
          prompt: 'What is the weather in Lima?',
          variants: ['short'],
        },
        { name: 'other', file: 'other.json', tools: ['other-tool'], k: 1, prompt: 'x', variants: [] },
      ],
      errors: [{ file: 'broken.json', message: 'expect.calls[0].tool: Required' }],
    })
    api.runEvals = async (body) => {
      runs.push(body)
      return { jobId: 'j1' }
    }
    api.evalJob = async () => (++polls === 1 ? { ...done, phase: 'evaluating', done: 3, results: [] } : done)
    const onNavigate: unknown[] = []
    renderWithApi(<EvalsTab toolId="weather-tool" onNavigate={(s) => onNavigate.push(s)} />, api)

    const files = await screen.findByRole('region', { name: 'Eval files' })
    expect(files.textContent).toContain('1 of 2 evals in toolscope/evals offer this tool.')
    expect(within(files).getByRole('alert', { name: 'Eval file errors' }).textContent).toContain(
      'broken.json: expect.calls[0].tool: Required',
    )
    expect(within(files).getByRole('list', { name: 'Evals offering this tool' }).textContent).toContain(
      'weather-in-lima',
    )

    const form = screen.getByRole('form', { name: 'Eval settings' })
    fireEvent.change(within(form).getByLabelText('Model 1 provider'), { target: { value: 'openai-compatible' } })
    fireEvent.change(within(form).getByLabelText('Model 1 model'), { target: { value: 'a' } })
    expect(within(form).getByRole('alert').textContent).toContain(
      'Model 1: an OpenAI-compatible model needs a base URL.',
    )
    fireEvent.change(within(form).getByLabelText(/^Model 1 base url/), { target: { value: 'http://127.0.0.1:9/v1' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add model' }))
    fireEvent.change(within(form).getByLabelText('Model 2 model'), { target: { value: 'b' } })
    fireEvent.change(within(form).getByLabelText('k (trials per case)'), { target: { value: '4' } })
    fireEvent.click(within(form).getByLabelText('Also run description variants'))
    fireEvent.click(within(form).getByRole('button', { name: 'Run evals' }))

    await waitFor(() => expect(runs).toHaveLength(1))
    const target = { provider: 'openai-compatible', baseURL: 'http://127.0.0.1:9/v1' }
    expect(runs[0]).toEqual({
      names: ['weather-in-lima'],
      models: [
        { ...target, model: 'a' },
        { ...target, model: 'b' },
      ],
      k: 4,
      variants: true,
    })

    const table = await screen.findByRole('table', { name: 'Eval results' }, { timeout: 5000 })
    expect(screen.getByRole('status', { name: 'Eval summary' }).textContent).toBe(
      '1 passed, 1 failed (variants compared, not counted)',
    )
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Case', 'openai-compatible:a', 'openai-compatible:b'])
    const [, base, variant] = within(table).getAllByRole('row')
    expect(within(base).getAllByRole('cell')[0].textContent).toContain('50%2/4below 100%pass^4 6% · 1,234 tok')
    expect(within(variant).getByLabelText('difference from the case').textContent).toBe('+50 pts')

    fireEvent.click(within(base).getByRole('button', { name: 'Show what the model did instead: weather-in-lima' }))
    const instead = within(table).getByRole('region', { name: 'What openai-compatible:a did instead' })
    expect(instead.textContent).toContain('2 of 4 trials failed')
    expect(instead.textContent).toContain('"location": "Paris"')
    expect(instead.textContent).toContain('It is sunny in Paris')
    fireEvent.click(within(instead).getAllByRole('link', { name: 'Open run run-9 of weather-tool' })[0])
    expect(onNavigate).toEqual([{ tool: 'weather-tool', run: 'run-9', tab: 'run' }])
  })
})
