// The Compare panels from a reduced run: four audiences side by side with their markers, "differs from Raw" only
// where a view differs, content parts (unsafe links shown as JSON), and the phase picker.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { RunEvent, RunTokens } from '../../shared/protocol.ts'
import { applyRunEvents, initialRunState } from '../../shared/runState.ts'
import { ComparePanels } from './ComparePanels.tsx'

const events = [
  {
    seq: 0,
    at: 0,
    type: 'run-started',
    toolId: 't',
    toolCallId: 'c',
    caller: 'agent',
    background: false,
    stepping: false,
  },
  {
    seq: 1,
    at: 1,
    type: 'input-available',
    input: { q: 1 },
    views: {
      raw: { q: 1 },
      display: { value: { q: 1 }, passthrough: true },
      transcript: { value: { q: 1 }, passthrough: true },
    },
  },
  {
    seq: 2,
    at: 2,
    type: 'output',
    output: { secret: 's', city: 'Taipei' },
    views: {
      raw: { secret: 's', city: 'Taipei' },
      display: { value: { city: 'TAIPEI' } },
      transcript: { value: { message: 'Tool output-available payload unavailable' }, placeholder: true },
      model: {
        type: 'content',
        value: [
          { type: 'text', text: 'Sunny in Taipei' },
          { type: 'file-url', url: 'javascript:alert(1)' },
        ],
      },
    },
  },
  { seq: 3, at: 3, type: 'run-finished', status: 'success', durationMs: 3 },
] as RunEvent[]

const panel = (name: string) => screen.getByRole('region', { name })

afterEach(cleanup)

describe('ComparePanels', () => {
  it('says what to do before a run', () => {
    render(<ComparePanels state={initialRunState} />)
    expect(panel('Compare').textContent).toContain('Run the tool to compare')
  })

  it('shows the latest phase: raw, the transformed views with their markers, and the model content parts', () => {
    render(<ComparePanels state={applyRunEvents(initialRunState, events)} />)
    expect(screen.getByRole('tab', { name: 'output' }).getAttribute('aria-selected')).toBe('true')
    expect(panel('Raw').textContent).toContain('"secret": "s"')
    expect(panel('Display').textContent).toContain('differs from Raw')
    expect(panel('Display').textContent).not.toContain('"secret"')
    expect(panel('Transcript').textContent).toContain('placeholder')
    const model = panel('Model')
    expect(model.textContent).toContain('Sunny in Taipei')
    expect(within(model).queryByRole('link')).toBeNull()
    expect(model.textContent).toContain('javascript:alert(1)')
  })

  it('switches phase: the input views pass through, so nothing differs and the model gets nothing', () => {
    render(<ComparePanels state={applyRunEvents(initialRunState, events)} />)
    fireEvent.click(screen.getByRole('tab', { name: 'input' }))
    expect(panel('Display').textContent).toContain('passthrough')
    expect(panel('Display').textContent).not.toContain('differs from Raw')
    expect(panel('Model').textContent).toContain('Nothing is sent to the model in the input phase')
  })

  it('shows what each view costs in tokens, every provider in the badge’s name, and a model view over the budget', () => {
    const count = (openai: number) => ({
      openai: { count: openai, estimate: false },
      anthropic: { count: openai + 1, estimate: true },
    })
    const finding = {
      ruleId: 'model-view-tokens',
      severity: 'warning' as const,
      message: "The model view of this run's output is 2,400 tokens, over the budget of 2,000",
    }
    const tokens: RunTokens = {
      runId: 'r',
      counters: [
        { provider: 'openai', label: 'OpenAI (function tools)', encoding: 'o200k_base', estimate: false },
        { provider: 'anthropic', label: 'Anthropic', encoding: 'Claude 2 tokenizer', estimate: true },
      ],
      phases: {
        input: { raw: count(3), display: count(3), transcript: count(3), findings: [] },
        output: { raw: count(1234), display: count(5), transcript: count(9), model: count(2400), findings: [finding] },
      },
    }
    render(<ComparePanels state={applyRunEvents(initialRunState, events)} tokens={tokens} />)
    expect(panel('Raw').textContent).toContain('1,234 tokens')
    expect(within(panel('Raw')).getByRole('note').getAttribute('aria-label')).toBe(
      'Raw tokens: OpenAI (function tools), o200k_base: 1,234 tokens; Anthropic, estimate from Claude 2 tokenizer: ≈ 1,235 tokens',
    )
    expect(panel('Display').textContent).toContain('5 tokens')
    expect(panel('Model').textContent).toContain('2,400 tokens')
    expect(within(panel('Model')).getByText('over token budget').getAttribute('title')).toBe(finding.message)
    fireEvent.click(screen.getByRole('tab', { name: 'input' }))
    expect(panel('Raw').textContent).toContain('3 tokens')
    expect(panel('Model').textContent).not.toContain('over token budget')
  })
})
