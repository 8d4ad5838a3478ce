// Checkpoints: a run parked while it waits for approval or resume data, copied and continued by a fresh runTool(),
// reports exactly what the uninterrupted run reports (same events, numbers, views and result).

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool, runTool } from './index.ts'
import type { RunCheckpoint, RunEvent, RunResult, RunToolOptions, ToolRun } from './index.ts'
import { isPlainData } from './checkpoint.ts'

type Tool = Parameters<typeof runTool>[0]

/** What the run is answered with at each wait, in order. */
type Answer = { approve: boolean } | { resume: unknown }

function answer(run: ToolRun, a: Answer): Promise<void> | void {
  if ('approve' in a) return a.approve ? run.approve() : run.decline('not today')
  return run.resume(a.resume)
}

const waiting = (run: ToolRun) => run.state === 'awaiting-approval' || run.state === 'suspended'

/** Runs to the end in one runTool(), answering each wait. */
async function uninterrupted(tool: Tool, options: RunToolOptions, answers: Answer[]): Promise<RunResult> {
  const run = runTool(tool, options)
  const queue = [...answers]
  for await (const e of run.events)
    if ((e.type === 'approval-requested' || e.type === 'suspended') && waiting(run)) await answer(run, queue.shift()!)
  return run.result
}

/** Runs to each wait, copies the checkpoint as a worker message would, drops the run and continues from the copy. */
async function hopping(
  tool: Tool,
  options: RunToolOptions,
  answers: Answer[],
): Promise<{ events: RunEvent[]; result: RunResult; checkpoints: RunCheckpoint[] }> {
  const events: RunEvent[] = []
  const checkpoints: RunCheckpoint[] = []
  let run = runTool(tool, options)
  for (const a of answers) {
    for await (const e of run.events) {
      events.push(e)
      if ((e.type === 'approval-requested' || e.type === 'suspended') && waiting(run)) break
    }
    const checkpoint = run.checkpoint()
    expect(checkpoint).toBeDefined()
    checkpoints.push(checkpoint!)
    run = runTool(tool, { ...options, continueFrom: structuredClone(checkpoint!) })
    await answer(run, a)
  }
  for await (const e of run.events) events.push(e)
  return { events, result: await run.result, checkpoints }
}

/** Events without their times (`at`, and the duration in run-finished), which differ from run to run. */
const withoutTimes = (events: RunEvent[]) =>
  events.map(({ at: _at, ...rest }) => ('durationMs' in rest ? { ...rest, durationMs: 0 } : rest))

const workflowCounter = createTool({
  id: 'approved-counter',
  description:
    'Asks for approval, then suspends twice, keeping a total in workflow state and a note in the request context',
  inputSchema: z.object({ start: z.number() }),
  requestContextSchema: z.object({ tenant: z.string(), apiKey: z.string().optional(), seen: z.string().optional() }),
  suspendSchema: z.object({ total: z.number() }),
  resumeSchema: z.object({ add: z.number() }),
  requireApproval: true,
  execute: async ({ start }, context) => {
    const workflow = context.workflow!
    const state = (workflow.state ?? {}) as { total?: number; rounds?: number }
    const total = (state.total ?? start) + ((workflow.resumeData as { add?: number } | undefined)?.add ?? 0)
    const rounds = (state.rounds ?? 0) + 1
    await workflow.setState({ total, rounds })
    context.requestContext?.set('seen', `${context.requestContext.get('tenant')}:${rounds}`)
    if (rounds < 3) return workflow.suspend({ total })
    return { total, rounds, seen: context.requestContext?.get('seen') }
  },
})

describe('continuing a run from a checkpoint', () => {
  const options: RunToolOptions = {
    input: { start: 1 },
    caller: 'workflow',
    toolCallId: 'call-1',
    requestContext: { tenant: 'acme', apiKey: 'sk-secret-123' },
  }
  const answers: Answer[] = [{ approve: true }, { resume: { add: 10 } }, { resume: { add: 100 } }]

  it('reports the same events, sequence numbers and result as the uninterrupted run', async () => {
    const straight = await uninterrupted(workflowCounter, options, answers)
    const hopped = await hopping(workflowCounter, options, answers)
    expect(straight.status).toBe('success')
    expect(straight.views.raw).toEqual({ total: 111, rounds: 3, seen: 'acme:3' })
    expect(withoutTimes(hopped.events)).toEqual(withoutTimes(straight.events))
    expect(hopped.events.map((e) => e.seq)).toEqual(hopped.events.map((_, i) => i))
    expect(hopped.result.status).toBe(straight.status)
    expect(hopped.result.views).toEqual(straight.views)
    // Times go on from the original start: no event is earlier than the one before it.
    hopped.events.forEach((e, i) => expect(e.at).toBeGreaterThanOrEqual(i ? hopped.events[i - 1].at : 0))
    expect(hopped.checkpoints.map((c) => c.state)).toEqual(['awaiting-approval', 'suspended', 'suspended'])
    // What the tool wrote to the request context and workflow state travels with the run.
    expect(hopped.checkpoints[2]).toMatchObject({
      requestContext: { tenant: 'acme', seen: 'acme:2' },
      workflowState: { total: 11, rounds: 2 },
      input: { start: 1 },
    })
  })

  it('a declined continuation finishes declined, as the uninterrupted run does', async () => {
    const straight = await uninterrupted(workflowCounter, options, [{ approve: false }])
    const hopped = await hopping(workflowCounter, options, [{ approve: false }])
    expect(hopped.result.status).toBe('declined')
    expect(withoutTimes(hopped.events)).toEqual(withoutTimes(straight.events))
  })

  it('invalid resume data is refused and the continued run stays suspended, still checkpointable', async () => {
    const first = runTool(workflowCounter, options)
    for await (const e of first.events)
      if (e.type === 'approval-requested') first.approve()
      else if (e.type === 'suspended') break
    const checkpoint = first.checkpoint()!
    expect(checkpoint.state).toBe('suspended')
    const run = runTool(workflowCounter, { ...options, continueFrom: checkpoint })
    await expect(run.resume({ add: 'many' })).rejects.toMatchObject({ code: 'invalid-resume-data', state: 'suspended' })
    expect(run.state).toBe('suspended')
    expect(run.checkpoint()).toEqual(checkpoint)
    run.abort('done')
    expect((await run.result).status).toBe('aborted')
  })

  it('keeps the rest of the timeout budget, and a timeout names the whole budget', async () => {
    const slowResume = createTool({
      id: 'slow-resume',
      description: 'Suspends, then on resume waits until aborted',
      resumeSchema: z.object({ go: z.boolean() }),
      execute: async (_input, context) => {
        if (!context.agent?.resumeData) return context.agent!.suspend({ waiting: true })
        return new Promise((_resolve, reject) =>
          context.abortSignal?.addEventListener('abort', () => reject(new Error('stopped'))),
        )
      },
    })
    const run = runTool(slowResume, { input: {}, timeoutMs: 60_000 })
    for await (const e of run.events) if (e.type === 'suspended') break
    const checkpoint = run.checkpoint()!
    expect(checkpoint.timeoutMs).toBe(60_000)
    expect(checkpoint.timeLeftMs).toBeGreaterThan(0)
    expect(checkpoint.timeLeftMs).toBeLessThanOrEqual(60_000)
    const continued = runTool(slowResume, { continueFrom: { ...checkpoint, timeLeftMs: 30 } })
    await continued.resume({ go: true })
    const result = await continued.result
    expect(result).toMatchObject({ status: 'error', error: 'Tool slow-resume timed out after 60000 ms' })
  })

  it('gives no checkpoint while running, or when the input holds a class instance a copy would change', async () => {
    const withUrl = createTool({
      id: 'with-url',
      description: 'Input parsed into a URL object, then approval',
      inputSchema: z.object({ href: z.string().transform((s) => new URL(s)) }),
      requireApproval: true,
      execute: async ({ href }) => href.hostname,
    })
    const run = runTool(withUrl, { input: { href: 'https://example.com/a' } })
    expect(run.checkpoint()).toBeUndefined()
    for await (const e of run.events) if (e.type === 'approval-requested') break
    expect(run.state).toBe('awaiting-approval')
    expect(run.checkpoint()).toBeUndefined()
    run.approve()
    expect(await run.result).toMatchObject({ status: 'success', views: { raw: 'example.com' } })
  })
})

describe('isPlainData', () => {
  it('accepts JSON-like data and Dates, refuses what a structured copy would change', () => {
    for (const ok of [null, undefined, 1, 'a', true, 10n, [1, [2]], { a: { b: [new Date(0)] } }, Object.create(null)])
      expect(isPlainData(ok)).toBe(true)
    class Point {
      x = 1
    }
    const holey = [1, 2, 3]
    delete holey[1]
    for (const bad of [
      () => 1,
      Symbol('s'),
      new Point(),
      new Map(),
      new URL('https://a.b'),
      holey,
      {
        get x() {
          return 1
        },
      },
      { [Symbol('k')]: 1 },
    ]) {
      expect(isPlainData(bad)).toBe(false)
    }
    let deep: unknown = 1
    for (let i = 0; i < 100; i++) deep = [deep]
    expect(isPlainData(deep)).toBe(false)
  })
})
