// Eval files: a prompt (or a short conversation), the tools offered to a model, and what the model is
// expected to do with them, tried `k` times. One zod schema checks the files, types the runner and judge, and is
// published as eval.schema.json so editors complete the files under toolscope/evals/.

import { z } from 'zod'
import { EVAL_CASE, FileVersionError } from '../../shared/formats/formats.ts'
import { readDocument } from '../../shared/formats/modernize.ts'
import { FORMAT_VERSIONS } from '../../shared/formats/versions.ts'
import {
  ConversationTurn,
  MAX_MODEL_STEPS,
  MAX_PROMPT_CHARS,
  ToolOffer,
  ToolRunSettings,
} from '../../shared/protocol.ts'

/** Most trials a case may ask for (the same cap as an eval run's `k`). */
export const MAX_TRIALS = 50

const ToolId = z.string().min(1).max(200)
const Args = z.record(z.string(), z.unknown())

/** A tool call the model must make: the tool, the arguments it must send (a partial match, `$any` matchers allowed), how often. */
export const ExpectedCall = z
  .object({
    tool: ToolId,
    /** A partial match: keys not named here are not compared; `{ "$any": "string" | "number" | "date" }` stands for any value of that kind. */
    args: Args.optional(),
    /** Exactly this many matching calls (default: at least one). */
    count: z.number().int().min(0).optional(),
  })
  .strict()
export type ExpectedCall = z.infer<typeof ExpectedCall>

/** How many tool calls the model makes in all: exactly a number, or within bounds. */
export const CallCount = z.union([
  z.number().int().min(0),
  z
    .object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() })
    .strict()
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, {
      message: '`min` must not be above `max`',
    }),
])
export type CallCount = z.infer<typeof CallCount>

/** What a trial must show to pass; every expectation given must hold. */
export const EvalExpect = z
  .object({
    calls: z.array(ExpectedCall).max(64).optional(),
    /** Tools the model must not call. */
    notCalled: z.array(ToolId).max(128).optional(),
    /** The tool the model calls first. */
    first: ToolId.optional(),
    callCount: CallCount.optional(),
    /** Text the model's final answer contains (each of them, ignoring case). */
    answerIncludes: z.union([z.string().min(1), z.array(z.string().min(1)).max(64)]).optional(),
  })
  .strict()
export type EvalExpect = z.infer<typeof EvalExpect>

/**
 * How the tools' prompts are answered, since nobody is there to click: every approval is approved (unless `approve`
 * says otherwise, for all tools or per tool), a suspended run resumes with its tool's `resumeData` (and is aborted
 * without one), an elicitation is accepted with its tool's `elicitation` content (and declined without one).
 */
export const EvalAnswers = z
  .object({
    approve: z.union([z.boolean(), z.record(ToolId, z.boolean())]).optional(),
    resumeData: z.record(ToolId, z.unknown()).optional(),
    elicitation: z.record(ToolId, z.record(z.string(), z.unknown())).optional(),
  })
  .strict()
export type EvalAnswers = z.infer<typeof EvalAnswers>

/** What the model is told about one tool in a variant, instead of the tool's own description or input schema. */
export const ToolVariant = z
  .object({
    description: z.string().max(MAX_PROMPT_CHARS).optional(),
    inputSchema: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((v) => v.description !== undefined || v.inputSchema !== undefined, {
    message: 'a variant changes `description`, `inputSchema` or both',
  })
export type ToolVariant = z.infer<typeof ToolVariant>

const VariantName = z.string().regex(/^[\w.-]{1,100}$/, 'a variant name is 1–100 letters, digits, ".", "-" or "_"')

/** One eval case. */
export const EvalCase = z
  .object({
    /** Where the JSON Schema is, for editors; ignored. */
    $schema: z.string().optional(),
    /** The eval format's version; a case without it is version 1 (upgraded on read). */
    version: z.literal(FORMAT_VERSIONS.evalCase).optional(),
    name: z.string().min(1).max(200),
    description: z.string().max(2_000).optional(),
    system: z.string().max(MAX_PROMPT_CHARS).optional(),
    /** A short conversation before the prompt. */
    messages: z.array(ConversationTurn).max(50).optional(),
    prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
    /** The tools offered: their ids, or "all" for the whole catalog (default). */
    tools: ToolOffer.default('all'),
    expect: EvalExpect,
    /** Trials (default 1). */
    k: z.number().int().min(1).max(MAX_TRIALS).default(1),
    /** The share of trials that must pass, from 0 to 1 (default 1: every trial). */
    threshold: z.number().min(0).max(1).default(1),
    /** Model calls per trial before the conversation stops. */
    maxSteps: z.number().int().min(1).max(MAX_MODEL_STEPS).optional(),
    ...ToolRunSettings,
    answers: EvalAnswers.optional(),
    /** Description tuning: each variant tells the model something else about some tools; its pass rate is compared with the case's. */
    variants: z.record(VariantName, z.record(ToolId, ToolVariant)).optional(),
  })
  .strict()
export type EvalCase = z.infer<typeof EvalCase>
/** An eval case as written (defaults not yet applied). */
export type EvalCaseInput = z.input<typeof EvalCase>

/** An eval file: one case, or an array of them. */
export const EvalFile = z.union([EvalCase, z.array(EvalCase).min(1).max(500)])

/** Parsing an eval file's text: its cases, or every problem found, each with its place (`[1].expect.calls.0.tool: …`). */
export type ParsedEvalFile = { ok: true; cases: EvalCase[] } | { ok: false; problems: string[] }

/** Parses an eval file's text; one problem per issue, each naming the path in the file and the reason. */
export function parseEvalFile(text: string): ParsedEvalFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, problems: [`not valid JSON (${(error as Error).message})`] }
  }
  const entries = Array.isArray(json) ? json : [json]
  if (Array.isArray(json) && json.length === 0)
    return { ok: false, problems: ['(root): an eval file holds a case or a non-empty array of cases'] }
  const cases: EvalCase[] = []
  const problems: string[] = []
  entries.forEach((entry, index) => {
    const prefix = Array.isArray(json) ? `[${index}]` : ''
    let parsed: ReturnType<typeof EvalCase.safeParse>
    try {
      parsed = readDocument(EVAL_CASE, EvalCase, entry)
    } catch (err) {
      // A case written by a newer Toolscope: named, never half-read.
      if (!(err instanceof FileVersionError)) throw err
      problems.push(`${prefix || '(root)'}: ${err.message}`)
      return
    }
    if (parsed.success) cases.push(parsed.data)
    else problems.push(...parsed.error.issues.map((issue) => `${placeOf(prefix, issue.path)}: ${messageOf(issue)}`))
  })
  return problems.length ? { ok: false, problems } : { ok: true, cases }
}

/** An issue's message; for a refused record key (a variant name), the reason the key was refused. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_key') return `${issue.message}: ${issue.issues.map((inner) => inner.message).join('; ')}`
  return issue.message
}

/** `[1].expect.calls.0.tool`, or `(root)` for the whole value. */
function placeOf(prefix: string, path: readonly PropertyKey[]): string {
  const rest = path.map(String).join('.')
  if (!prefix) return rest || '(root)'
  return rest ? `${prefix}.${rest}` : prefix
}

/** The tool ids a case names (offered, expected, variants), for checking them against the catalog. */
export function toolsNamedBy(c: EvalCase): string[] {
  const ids = new Set<string>(c.tools === 'all' ? [] : c.tools)
  for (const call of c.expect.calls ?? []) ids.add(call.tool)
  for (const variant of Object.values(c.variants ?? {})) for (const id of Object.keys(variant)) ids.add(id)
  return [...ids]
}

/** JSON Schema of eval files, published so editors complete them. */
export function evalJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(EvalFile, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
}
