// Every lint rule on a tool that passes it and one that breaks it, plus the duplicate-description rule on catalogs.
import { describe, expect, it } from 'vitest'
import type { ToolDetail } from '../shared/protocol.ts'
import { cleanInput, cleanTool, objectOf, text, withInput } from './__fixtures__/tools.ts'
import {
  DEFAULT_MAX_DEFINITION_TOKENS,
  DEFAULT_MIN_DESCRIPTION_LENGTH,
  fieldLabel,
  lintTool,
  type RuleContext,
} from './rules.ts'
import { duplicateDescriptions } from './similarity.ts'

const context: RuleContext = {
  minDescriptionLength: DEFAULT_MIN_DESCRIPTION_LENGTH,
  maxDefinitionTokens: DEFAULT_MAX_DEFINITION_TOKENS,
}
const ruleIds = (tool: ToolDetail, ctx: RuleContext = context): string[] => lintTool(tool, ctx).map((f) => f.ruleId)
const flags = cleanTool().flags

interface Case {
  rule: string
  pass: ToolDetail
  fail: ToolDetail
  passContext?: RuleContext
  failContext?: RuleContext
}

const tokens = (count: number): RuleContext => ({
  ...context,
  definitionTokens: { count, estimate: true, provider: 'openai' },
})

const cases: Case[] = [
  {
    rule: 'input-field-description',
    pass: cleanTool(),
    fail: withInput(objectOf({ a: text(), nested: { ...objectOf({ b: { type: 'string' } }), description: 'd' } })),
  },
  {
    rule: 'description-too-short',
    pass: cleanTool({ description: 'Looks up the weather.' }),
    fail: cleanTool({ description: 'Weather' }),
  },
  {
    rule: 'description-too-short',
    pass: cleanTool({ description: 'Weather' }),
    fail: cleanTool({ description: 'Weather' }),
    passContext: { ...context, minDescriptionLength: 5 },
  },
  {
    rule: 'destructive-without-approval',
    pass: cleanTool({
      mcp: { annotations: { destructiveHint: true } },
      flags: { ...flags, destructive: true, requiresApproval: true },
    }),
    fail: cleanTool({ mcp: { annotations: { destructiveHint: true } }, flags: { ...flags, destructive: true } }),
  },
  {
    rule: 'suspend-without-resume',
    pass: cleanTool({ schemas: { input: cleanInput(), output: {}, suspend: {}, resume: {} } }),
    fail: cleanTool({ schemas: { input: cleanInput(), output: {}, suspend: {} } }),
  },
  {
    rule: 'resume-without-suspend',
    pass: cleanTool(),
    fail: cleanTool({ schemas: { input: cleanInput(), output: {}, resume: {} } }),
  },
  { rule: 'missing-output-schema', pass: cleanTool(), fail: cleanTool({ schemas: { input: cleanInput() } }) },
  {
    rule: 'enum-value-description',
    pass: cleanTool(),
    fail: withInput(
      objectOf({ cabin: { type: 'string', enum: ['economy', 'business'], description: 'The cabin class' } }),
    ),
  },
  {
    rule: 'definition-tokens',
    pass: cleanTool(),
    fail: cleanTool(),
    passContext: tokens(DEFAULT_MAX_DEFINITION_TOKENS),
    failContext: tokens(DEFAULT_MAX_DEFINITION_TOKENS + 1),
  },
]

describe('lint rules', () => {
  it.each(cases)('$rule: passes one tool, fails the other', ({ rule, pass, fail, passContext, failContext }) => {
    expect(ruleIds(pass, passContext)).not.toContain(rule)
    expect(ruleIds(fail, failContext)).toContain(rule)
  })

  it('the clean fixture passes every rule', () => {
    expect(lintTool(cleanTool(), context)).toEqual([])
  })

  it('names the field without a description by its path', () => {
    const findings = lintTool(
      withInput(objectOf({ list: { type: 'array', description: 'd', items: objectOf({ name: { type: 'string' } }) } })),
      context,
    )
    expect(findings).toEqual([
      expect.objectContaining({
        ruleId: 'input-field-description',
        path: '/schemas/input/properties/list/items/properties/name',
        message: expect.stringContaining('"list[].name"'),
      }),
    ])
    expect(fieldLabel('/schemas/input/properties/a~1b')).toBe('a/b')
  })

  it('lists only the enum values the description leaves out', () => {
    const [finding] = lintTool(
      withInput(
        objectOf({ sort: { type: 'string', enum: ['asc', 'desc', 'relevance'], description: 'asc or desc by date' } }),
      ),
      context,
    )
    expect(finding.message).toContain('does not say what relevance means')
  })

  it('treats a dynamic approval as approval', () => {
    expect(
      ruleIds(
        cleanTool({
          mcp: { annotations: { destructiveHint: true } },
          flags: { ...flags, requiresApproval: 'dynamic' },
        }),
      ),
    ).not.toContain('destructive-without-approval')
  })
})

describe('duplicate descriptions', () => {
  const described = (id: string, description: string): ToolDetail => cleanTool({ id, description })

  it('flags the same description on both tools and names the other one', () => {
    const tools = [
      described('a', 'Search the product catalog by keyword.'),
      described('b', 'search the product catalog, by keyword'),
      described('c', 'Book a flight for the user.'),
    ]
    const found = duplicateDescriptions(tools)
    expect([...found.keys()].sort()).toEqual([0, 1])
    expect(found.get(0)?.[0].message).toContain('the same as "b"')
  })

  it('flags near-duplicates at the threshold and not below it', () => {
    const base = 'one two three four five six seven eight nine ten'
    const tools = [described('a', base), described('b', `${base} eleven`), described('c', `${base} eleven twelve`)]
    const found = duplicateDescriptions(tools)
    expect(found.get(0)?.[0].message).toContain('91% like "b"')
    expect(found.get(0)?.[0].message).not.toContain('"c"')
    expect(duplicateDescriptions(tools, 0.8).get(0)?.[0].message).toContain('"c"')
  })

  it('leaves distinct and empty descriptions alone', () => {
    expect(duplicateDescriptions([described('a', ''), described('b', ''), described('c', 'Book a flight.')]).size).toBe(
      0,
    )
  })
})
