// The elicitation answer check (MCP's flat requestedSchema subset) and runTool's respond(): a refused answer keeps
// the run awaiting-elicitation, a fitting one resumes the tool.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool } from './createTool.ts'
import { elicitationIssues } from './elicitation.ts'
import { RunControlError } from './errors.ts'
import { runTool } from './runTool.ts'

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    floors: { type: 'integer', minimum: 1, maximum: 3 },
    ratio: { type: 'number' },
    gift: { type: 'boolean' },
    speed: { type: 'string', enum: ['slow', 'fast'] },
    seat: { type: 'string', oneOf: [{ const: '1A', title: 'Window' }] },
    extras: { type: 'array', items: { type: 'string', enum: ['bag', 'meal'] }, maxItems: 1 },
  },
  required: ['name'],
}

describe('elicitationIssues', () => {
  it('accepts a fitting answer, and properties the schema does not list', () => {
    expect(
      elicitationIssues(schema, {
        name: 'Ada',
        email: 'a@b.c',
        floors: 2,
        ratio: 0.5,
        gift: false,
        speed: 'fast',
        seat: '1A',
        extras: ['meal'],
        other: 1,
      }),
    ).toEqual([])
  })

  it('names each property that does not fit, without quoting values', () => {
    const issues = elicitationIssues(schema, {
      email: 'nope',
      floors: 2.5,
      ratio: '1',
      gift: 'yes',
      speed: 'warp',
      seat: '2B',
      extras: ['bag', 'meal'],
    })
    expect(issues).toEqual([
      { path: ['name'], message: 'Required' },
      { path: ['email'], message: 'Invalid format: expected email' },
      { path: ['floors'], message: 'Expected an integer, received a fraction' },
      { path: ['ratio'], message: 'Invalid input: expected number, received string' },
      { path: ['gift'], message: 'Invalid input: expected boolean, received string' },
      { path: ['speed'], message: 'Invalid option: expected one of the 2 allowed values' },
      { path: ['seat'], message: 'Invalid option: expected one of the 1 allowed values' },
      { path: ['extras'], message: 'Too many: expected at most 1 items, received 2' },
    ])
    expect(elicitationIssues(schema, { name: 'A', floors: 9 })).toEqual([
      { path: ['name'], message: 'Too short: expected at least 2 characters, received 1' },
      { path: ['floors'], message: 'Too big: expected at most 3' },
    ])
  })
})

describe('runTool respond', () => {
  const ask = createTool({
    id: 'ask',
    description: 'asks a name',
    inputSchema: z.object({}),
    execute: async (_input, context) => {
      const answer = await context.mcp!.elicitation.sendRequest({ message: 'Name?', requestedSchema: schema })
      return { got: answer.content?.name }
    },
  })

  it('refuses an answer that does not fit with invalid-elicitation-content; a fitting one completes the run', async () => {
    const run = runTool(ask, { input: {}, caller: 'mcp' })
    for await (const event of run.events) if (event.type === 'elicitation-requested') break
    let refused: unknown
    try {
      run.respond({ action: 'accept', content: { name: 12345 } })
    } catch (err) {
      refused = err
    }
    expect(refused).toBeInstanceOf(RunControlError)
    expect(refused).toMatchObject({
      code: 'invalid-elicitation-content',
      state: 'awaiting-elicitation',
      validationErrors: [{ path: ['name'], message: 'Invalid input: expected string, received number' }],
    })
    expect(run.state).toBe('awaiting-elicitation')
    run.respond({ action: 'accept', content: { name: 'Ada' } })
    expect(await run.result).toMatchObject({ status: 'success', views: { raw: { got: 'Ada' } } })
  })
})
