// runTool() with tools of other libraries whose own execute validates (SELF_VALIDATING or Mastra's marker): no second
// validation around it, their error objects reported as is (Mastra's issue tree flattened), call details for adapters.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { runTool } from './index.ts'
import { toValidationIssues } from './errors.ts'
import { SELF_VALIDATING, type ApprovalCall, type ModelOutputCall, type Tool } from './types.ts'

/** Mastra 1.x shape of a returned validation error: an issue tree, not a list. */
const mastraError = {
  error: true,
  message: 'Tool input validation failed for foreign. Please fix the following errors and try again:\n- city: Required',
  validationErrors: { errors: [], fields: { city: { errors: ['Required'], fields: {} } } },
}

function foreign(extra: Record<PropertyKey, unknown>): Tool {
  return { id: 'foreign', description: 'a tool of another library', ...extra } as unknown as Tool
}

describe('runTool with a self-validating tool', () => {
  it('passes the raw input and does not re-validate what a schema transform produced', async () => {
    const seen: unknown[] = []
    const tool = foreign({
      [SELF_VALIDATING]: true,
      inputSchema: z.object({ n: z.string().transform((s) => s.length) }),
      outputSchema: z.string().transform((s) => s.length),
      execute: async (input: unknown) => (seen.push(input), 3),
    })
    const result = await runTool(tool, { input: { n: 'abc' } }).result
    expect(seen).toEqual([{ n: 'abc' }])
    expect(result.status).toBe('success')
    expect(result.views.raw).toBe(3)
  })

  it("reports the tool's own error object as raw and flattens Mastra's issue tree for the event", async () => {
    const tool = foreign({
      [Symbol.for('mastra.core.tool.Tool')]: true,
      inputSchema: z.object({ city: z.string() }),
      execute: async () => mastraError,
    })
    const run = runTool(tool, { input: {} })
    const result = await run.result
    expect(result.status).toBe('error')
    expect(result.views.raw).toBe(mastraError)
    const error = result.events.find((e) => e.type === 'error')
    expect(error).toMatchObject({
      message: mastraError.message,
      validationErrors: [{ path: ['city'], message: 'Required' }],
    })
  })

  it('hands resume data to execute unchecked (the tool validates it) and suspends when execute returns nothing', async () => {
    const resumes: unknown[] = []
    const tool = foreign({
      [SELF_VALIDATING]: true,
      resumeSchema: z.object({ ok: z.boolean() }),
      execute: async (
        _input: unknown,
        ctx: { agent: { suspend(p: unknown): Promise<void>; resumeData?: unknown } },
      ) => {
        resumes.push(ctx.agent.resumeData)
        if (ctx.agent.resumeData === undefined) return void (await ctx.agent.suspend({ ask: 'ok?' }))
        return ctx.agent.resumeData
      },
    })
    const run = runTool(tool, { input: {} })
    await new Promise<void>((resolve) => run.subscribe((e) => e.type === 'suspended' && resolve()))
    await run.resume({ ok: 'not a boolean' })
    const result = await run.result
    expect(resumes).toEqual([undefined, { ok: 'not a boolean' }])
    expect(result.views.raw).toEqual({ ok: 'not a boolean' })
  })

  it('gives requireApproval and toModelOutput the call details as a second argument', async () => {
    const approvals: ApprovalCall[] = []
    const mappings: ModelOutputCall[] = []
    const tool = foreign({
      [SELF_VALIDATING]: true,
      requireApproval: (_input: unknown, call: ApprovalCall) => (approvals.push(call), false),
      toModelOutput: (output: unknown, call: ModelOutputCall) => (
        mappings.push(call), { type: 'text', value: String(output) }
      ),
      execute: async () => 'done',
    })
    const result = await runTool(tool, { input: { a: 1 }, toolCallId: 'call_1', requestContext: { user: 'u1' } }).result
    expect(approvals).toEqual([{ toolCallId: 'call_1', messages: [], requestContext: { user: 'u1' } }])
    expect(mappings).toEqual([{ toolCallId: 'call_1', input: { a: 1 } }])
    expect(result.views.model).toEqual({ type: 'text', value: 'done' })
  })
})

describe('toValidationIssues', () => {
  it('keeps lists and flattens nested trees with root errors', () => {
    expect(toValidationIssues([{ path: ['a'], message: 'x' }])).toEqual([{ path: ['a'], message: 'x' }])
    expect(
      toValidationIssues({
        errors: ['top'],
        fields: { a: { errors: [], fields: { b: { errors: ['deep'], fields: {} } } } },
      }),
    ).toEqual([
      { path: [], message: 'top' },
      { path: ['a', 'b'], message: 'deep' },
    ])
    expect(toValidationIssues(undefined)).toBeUndefined()
  })
})
