// replayScenario against in-process runs: scripted approvals, resumes and aborts, script errors that never hang,
// and scenarioFromRun reading the same decisions and outcome back from a finished run.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool, runTool } from '../index.ts'
import { answerPrompts, controlOf, replayScenario, scenarioFromRun, type ReplayableRun } from './replay.ts'
import type { RunControl } from '../shared/protocol.ts'
import { Scenario, type ScenarioInput } from './scenario.ts'

const remove = createTool({
  id: 'remove',
  description: 'needs approval',
  inputSchema: z.object({ path: z.string() }),
  requireApproval: true,
  execute: async ({ path }) => ({ removed: path }),
})
const seat = createTool({
  id: 'seat',
  description: 'suspends for a seat',
  inputSchema: z.object({ flight: z.string() }),
  resumeSchema: z.object({ seat: z.string().regex(/^\d+[A-F]$/) }),
  execute: async ({ flight }, ctx) => {
    if (!ctx.resumeData) return void (await ctx.suspend?.({ seats: ['1A'] }))
    return { flight, seat: (ctx.resumeData as { seat: string }).seat }
  },
})
const ticker = createTool({
  id: 'ticker',
  description: 'writes until aborted',
  inputSchema: z.object({}),
  execute: async (_input, { abortSignal, writer }) => {
    for (let i = 1; !abortSignal?.aborted; i++) {
      await writer?.write({ i })
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return { done: true }
  },
})

const scenario = (s: Partial<ScenarioInput> & Pick<ScenarioInput, 'toolId'>) =>
  Scenario.parse({ name: 't', input: {}, expect: { status: 'success' }, ...s })

describe('replayScenario', () => {
  it('answers an approval and checks the views', async () => {
    const s = scenario({
      toolId: 'remove',
      input: { path: 'a.txt' },
      decisions: [{ type: 'approve' }],
      expect: { status: 'success', raw: { removed: 'a.txt' }, model: { type: 'json', value: { removed: 'a.txt' } } },
    })
    const result = await replayScenario(s, runTool(remove, { input: s.input }))
    expect(result).toMatchObject({
      passed: true,
      mismatches: [],
      outcome: { status: 'success', raw: { removed: 'a.txt' } },
    })
  })

  it('a decline yields the approval views and the denial the model sees', async () => {
    const s = scenario({
      toolId: 'remove',
      input: { path: 'a.txt' },
      decisions: [{ type: 'decline', reason: 'no' }],
      expect: { status: 'declined' },
    })
    const result = await replayScenario(s, runTool(remove, { input: s.input }))
    expect(result.outcome).toEqual({
      status: 'declined',
      raw: { path: 'a.txt' },
      display: { path: 'a.txt' },
      transcript: { path: 'a.txt' },
      model: { type: 'execution-denied', reason: 'no' },
    })
  })

  it('resumes a suspended run with the scripted data', async () => {
    const s = scenario({
      toolId: 'seat',
      input: { flight: 'TS1' },
      decisions: [{ type: 'resume', resumeData: { seat: '3C' } }],
      expect: { status: 'success', raw: { flight: 'TS1', seat: '3C' } },
    })
    expect((await replayScenario(s, runTool(seat, { input: s.input }))).passed).toBe(true)
  })

  it('ends with a script error instead of hanging when a decision is missing, of the wrong kind or refused', async () => {
    const missing = await replayScenario(
      scenario({ toolId: 'remove', input: { path: 'x' } }),
      runTool(remove, { input: { path: 'x' } }),
    )
    expect(missing.scriptError).toMatch(
      /asked for approve or decline \(event approval-requested #\d+\) and the scenario has no decision left/,
    )
    expect(missing.outcome.status).toBe('aborted')
    const wrong = await replayScenario(
      scenario({ toolId: 'remove', decisions: [{ type: 'resume', resumeData: {} }] }),
      runTool(remove, { input: { path: 'x' } }),
    )
    expect(wrong.scriptError).toMatch(/the next decision is "resume"/)
    const refused = await replayScenario(
      scenario({ toolId: 'seat', decisions: [{ type: 'resume', resumeData: { seat: 'window' } }] }),
      runTool(seat, { input: { flight: 'TS1' } }),
    )
    expect(refused.scriptError).toMatch(/the resume decision was refused .*Invalid resume data/s)
    expect(refused.passed).toBe(false)
    const unused = await replayScenario(
      scenario({ toolId: 'seat', decisions: [{ type: 'resume', resumeData: { seat: '1A' } }, { type: 'approve' }] }),
      runTool(seat, { input: { flight: 'TS1' } }),
    )
    expect(unused.scriptError).toBe('1 decision(s) were never asked for: approve')
  })

  it('aborts at the nth event of the named kind', async () => {
    const s = scenario({
      toolId: 'ticker',
      decisions: [{ type: 'abort', on: 'writer-chunk', nth: 2, reason: 'enough' }],
      expect: { status: 'aborted' },
    })
    const result = await replayScenario(s, runTool(ticker, { input: {} }))
    expect(result.passed).toBe(true)
    const chunks = result.events.filter((e) => e.type === 'writer-chunk')
    expect(chunks.length).toBeGreaterThanOrEqual(2)
    expect(result.events.find((e) => e.type === 'aborted')).toMatchObject({ reason: 'enough' })
  })
})

describe('scenarioFromRun', () => {
  it('reads decisions (abort included) and the outcome back, and the scenario replays green', async () => {
    const run = runTool(ticker, { input: {} })
    let chunks = 0
    for await (const e of run.events) if (e.type === 'writer-chunk' && ++chunks === 3) run.abort('stop')
    const saved = scenarioFromRun('stopped', { toolId: 'ticker', input: {} }, (await run.result).events)
    expect(saved.decisions).toEqual([{ type: 'abort', on: 'writer-chunk', nth: 3, reason: 'stop' }])
    expect(saved.expect).toEqual({ status: 'aborted', match: 'exact' })
    expect((await replayScenario(Scenario.parse(saved), runTool(ticker, { input: {} }))).passed).toBe(true)

    const approval = runTool(remove, { input: { path: 'b' } })
    for await (const e of approval.events) if (e.type === 'approval-requested') approval.approve()
    const fromApproval = scenarioFromRun(
      'ok',
      { toolId: 'remove', input: { path: 'b' }, stepping: true },
      (await approval.result).events,
    )
    expect(fromApproval).toMatchObject({
      name: 'ok',
      toolId: 'remove',
      input: { path: 'b' },
      decisions: [{ type: 'approve' }],
      expect: { status: 'success', raw: { removed: 'b' } },
    })
    expect(fromApproval).not.toHaveProperty('stepping')
  })

  it('saves the playground input text as JSON `input`, unless a chunk size makes the streamed text part of the test', async () => {
    const run = runTool(ticker, { inputText: '{ }' })
    for await (const e of run.events) if (e.type === 'writer-chunk') run.abort('stop')
    const { events } = await run.result
    const fromEditor = scenarioFromRun('typed', { toolId: 'ticker', inputText: '{ }' }, events)
    expect(fromEditor.input).toEqual({})
    expect(fromEditor).not.toHaveProperty('inputText')
    const streamed = scenarioFromRun(
      'streamed',
      { toolId: 'ticker', inputText: '{ }', stream: { chunkSize: 1 } },
      events,
    )
    expect(streamed).toMatchObject({ inputText: '{ }', stream: { chunkSize: 1 } })
    expect(streamed).not.toHaveProperty('input')
    expect(scenarioFromRun('broken', { toolId: 'ticker', inputText: '{' }, events)).toMatchObject({ inputText: '{' })
  })

  it('sends each decision as a RunControl through one entry point, an abort without its scripting fields', async () => {
    const s = scenario({
      toolId: 'seat',
      decisions: [
        { type: 'resume', resumeData: { seat: '2C' } },
        { type: 'abort', on: 'log', nth: 2, reason: 'enough' },
      ],
    })
    const inner = runTool(seat, { input: { flight: 'TS1' } })
    const sent: RunControl[] = []
    const run: ReplayableRun = {
      events: inner.events,
      control: (c) => {
        sent.push(c)
        return c.type === 'resume' ? inner.resume(c.resumeData) : undefined
      },
    }
    const result = await replayScenario(s, run)
    expect(sent).toEqual([{ type: 'resume', resumeData: { seat: '2C' } }])
    expect(result.scriptError).toMatch(/1 decision\(s\) were never asked for: abort/)
    expect(controlOf({ type: 'abort', on: 'log', nth: 2, reason: 'enough' })).toEqual({
      type: 'abort',
      reason: 'enough',
    })
    expect(controlOf({ type: 'abort', on: 'log', nth: 1 })).toEqual({ type: 'abort' })
  })
})

describe('answerPrompts with leaveWaiting (rerun from here)', () => {
  it('answers the scripted prompts and leaves the run waiting at the first prompt with no decision left', async () => {
    const run = runTool(remove, { input: { path: '/a' } })
    const answered = await answerPrompts(run, [], { leaveWaiting: true })
    expect(answered.scriptError).toBeUndefined()
    expect(answered.events.at(-1)?.type).toBe('approval-requested')
    expect(run.state).toBe('awaiting-approval')
    run.approve()
    expect((await run.result).status).toBe('success')
  })

  it('without it, the same run is aborted as a script error', async () => {
    const answered = await answerPrompts(runTool(remove, { input: { path: '/a' } }), [])
    expect(answered.scriptError).toMatch(/no decision left/)
    expect(answered.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'aborted' })
  })
})
