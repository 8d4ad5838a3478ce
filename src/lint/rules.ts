// Lint rules beyond what a provider rejects: what makes a tool hard for a model to choose and call well, or risky to
// run. Each rule looks at one ToolDetail; the catalog-wide duplicate check lives in similarity.ts.

import type { ToolDetail } from '../shared/protocol.ts'
import { isJsonObject, walkSchema } from './jsonSchema.ts'
import { INPUT_PATH, findingOf } from './finding.ts'
import type { Finding, RuleMeta } from './types.ts'

/** A model fills each field from its name and description alone; an undescribed field is guessed at. */
export const INPUT_FIELD_DESCRIPTION: RuleMeta = {
  id: 'input-field-description',
  defaultSeverity: 'warning',
  summary: 'Every input field has a description',
}
/** Models choose among tools by their descriptions; a few words cannot say when (and when not) to use one. */
export const DESCRIPTION_TOO_SHORT: RuleMeta = {
  id: 'description-too-short',
  defaultSeverity: 'warning',
  summary: 'The tool description says when to use the tool',
}
/** A tool that says it may destroy data (MCP destructiveHint) should not run without a person confirming it. */
export const DESTRUCTIVE_WITHOUT_APPROVAL: RuleMeta = {
  id: 'destructive-without-approval',
  defaultSeverity: 'warning',
  summary: 'A destructive tool asks for approval',
}
/** A tool that can suspend needs a resumeSchema, or whoever resumes it cannot know what to send. */
export const SUSPEND_WITHOUT_RESUME: RuleMeta = {
  id: 'suspend-without-resume',
  defaultSeverity: 'warning',
  summary: 'A tool that suspends says what resumes it',
}
/** A resumeSchema without a suspendSchema leaves the suspend payload undeclared. */
export const RESUME_WITHOUT_SUSPEND: RuleMeta = {
  id: 'resume-without-suspend',
  defaultSeverity: 'warning',
  summary: 'A resume schema goes with a suspend schema',
}
/** Without an outputSchema the result is not validated and MCP clients get no structured output. */
export const MISSING_OUTPUT_SCHEMA: RuleMeta = {
  id: 'missing-output-schema',
  defaultSeverity: 'warning',
  summary: 'The tool declares its output',
}
/** An enum's values are opaque to a model unless the description says what each one means. */
export const ENUM_VALUE_DESCRIPTION: RuleMeta = {
  id: 'enum-value-description',
  defaultSeverity: 'warning',
  summary: 'The description of an enum says what each value means',
}
/** Every tool definition is sent with every request; a large one costs tokens and crowds the context. */
export const DEFINITION_TOKENS: RuleMeta = {
  id: 'definition-tokens',
  defaultSeverity: 'warning',
  summary: 'The definition the model reads stays under the token budget',
}

/** The tool-level lint rules (the duplicate-description rule is in similarity.ts). */
export const TOOL_RULES: readonly RuleMeta[] = [
  INPUT_FIELD_DESCRIPTION,
  DESCRIPTION_TOO_SHORT,
  DESTRUCTIVE_WITHOUT_APPROVAL,
  SUSPEND_WITHOUT_RESUME,
  RESUME_WITHOUT_SUSPEND,
  MISSING_OUTPUT_SCHEMA,
  ENUM_VALUE_DESCRIPTION,
  DEFINITION_TOKENS,
]

/** Shortest tool description accepted by default, in characters (a house default, not a provider limit). */
export const DEFAULT_MIN_DESCRIPTION_LENGTH = 20
/** Default token budget of one tool's definition (a house default, not a provider limit). */
export const DEFAULT_MAX_DEFINITION_TOKENS = 1000

/** What the tool rules need besides the tool: the thresholds and the token count of the model's view of the tool. */
export interface RuleContext {
  minDescriptionLength: number
  maxDefinitionTokens: number
  /** Tokens of the definition the model reads, and whether that count is an estimate. */
  definitionTokens?: { count: number; estimate: boolean; provider: string }
  /** Set when the definition was too long to count in full: `chars` of its `of` characters were counted and scaled. */
  sampled?: { chars: number; of: number }
}

/** A readable field name from a schema pointer: `/schemas/input/properties/a/items/properties/b` → `a[].b`. */
export function fieldLabel(path: string): string {
  const segments = path
    .slice(INPUT_PATH.length)
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
  let label = ''
  for (let i = 0; i < segments.length; i += 1) {
    if (segments[i] === 'properties' && i + 1 < segments.length) {
      label += label ? `.${segments[i + 1]}` : segments[i + 1]
      i += 1
    } else if (segments[i] === 'items') {
      label += '[]'
    }
  }
  return label || '(input)'
}

function inputFieldDescriptions(tool: ToolDetail): Finding[] {
  const findings: Finding[] = []
  const input = tool.schemas.input
  if (!isJsonObject(input)) return findings
  walkSchema(input, INPUT_PATH, (node, context) => {
    if (context.keyword !== 'properties' || node.$ref !== undefined) return
    if (typeof node.description === 'string' && node.description.trim() !== '') return
    const field = fieldLabel(context.path)
    findings.push(
      findingOf(
        INPUT_FIELD_DESCRIPTION,
        `Input field "${field}" has no description, so the model guesses what to put there. Add one with .describe('…'): what it is, its format, an example.`,
        { path: context.path },
      ),
    )
  })
  return findings
}

function descriptionLength(tool: ToolDetail, context: RuleContext): Finding[] {
  const length = tool.description.trim().length
  if (length >= context.minDescriptionLength) return []
  const found = length === 0 ? 'The tool has no description' : `The description is ${length} characters`
  const message = `${found}; a model picks tools by their descriptions. Say what the tool does and when to use it (and when not), in at least ${context.minDescriptionLength} characters.`
  return [findingOf(DESCRIPTION_TOO_SHORT, message, { path: '/description' })]
}

function destructiveApproval(tool: ToolDetail): Finding[] {
  const destructive = tool.mcp?.annotations?.destructiveHint === true || tool.flags.destructive === true
  if (!destructive || tool.flags.requiresApproval !== false) return []
  const message =
    'The tool is marked destructive (destructiveHint) but runs without approval. Set requireApproval: true so a person confirms each call, or drop the hint if it is not destructive.'
  return [findingOf(DESTRUCTIVE_WITHOUT_APPROVAL, message, { path: '/mcp/annotations/destructiveHint' })]
}

function suspendResume(tool: ToolDetail): Finding[] {
  const { suspend, resume } = tool.schemas
  if (suspend && !resume) {
    return [
      findingOf(
        SUSPEND_WITHOUT_RESUME,
        'The tool has a suspendSchema but no resumeSchema, so whoever resumes it does not know what data to send. Add a resumeSchema.',
        { path: '/schemas/suspend' },
      ),
    ]
  }
  if (resume && !suspend) {
    return [
      findingOf(
        RESUME_WITHOUT_SUSPEND,
        'The tool has a resumeSchema but no suspendSchema, so its suspend payload is undeclared. Add a suspendSchema (or drop the resumeSchema if the tool never suspends).',
        { path: '/schemas/resume' },
      ),
    ]
  }
  return []
}

function outputSchema(tool: ToolDetail): Finding[] {
  if (tool.schemas.output) return []
  return [
    findingOf(
      MISSING_OUTPUT_SCHEMA,
      'The tool has no outputSchema: its result is not validated, and MCP clients get no structured output. Add an outputSchema.',
      { path: '/schemas/output' },
    ),
  ]
}

function enumDescriptions(tool: ToolDetail): Finding[] {
  const findings: Finding[] = []
  const input = tool.schemas.input
  if (!isJsonObject(input)) return findings
  walkSchema(input, INPUT_PATH, (node, context) => {
    if (!Array.isArray(node.enum)) return
    const values = node.enum.filter((v) => v !== null).map((v) => String(v))
    if (values.length < 2) return
    const description = typeof node.description === 'string' ? node.description.toLowerCase() : ''
    const unexplained = values.filter((v) => !description.includes(v.toLowerCase()))
    if (unexplained.length === 0) return
    const message = `"${fieldLabel(context.path)}" allows ${values.join(', ')}, but its description does not say what ${unexplained.join(', ')} mean${unexplained.length === 1 ? 's' : ''}. Explain each value in .describe('…'), e.g. "economy: cheapest fare; business: …".`
    findings.push(findingOf(ENUM_VALUE_DESCRIPTION, message, { path: context.path }))
  })
  return findings
}

function definitionTokens(context: RuleContext): Finding[] {
  const tokens = context.definitionTokens
  if (!tokens || tokens.count <= context.maxDefinitionTokens) return []
  const how = context.sampled
    ? `estimated from its first ${context.sampled.chars.toLocaleString('en')} of ${context.sampled.of.toLocaleString('en')} characters, the rest not analysed`
    : 'estimated'
  const counted = tokens.estimate ? `about ${tokens.count} tokens (${how})` : `${tokens.count} tokens`
  const message = `The ${tokens.provider} definition the model reads is ${counted}, over the budget of ${context.maxDefinitionTokens}; it is sent with every request. Shorten descriptions, drop rarely used fields, or split the tool.`
  return [findingOf(DEFINITION_TOKENS, message)]
}

/** Runs every tool-level lint rule on one tool. */
export function lintTool(tool: ToolDetail, context: RuleContext): Finding[] {
  return [
    ...descriptionLength(tool, context),
    ...inputFieldDescriptions(tool),
    ...enumDescriptions(tool),
    ...destructiveApproval(tool),
    ...suspendResume(tool),
    ...outputSchema(tool),
    ...definitionTokens(context),
  ]
}
