// Exported tests of a tool that lives on an MCP server: a Vitest test that calls the tool on the same server with the
// official SDK client (`Client` over stdio or Streamable HTTP), answers its elicitations with the scenario's scripted
// answers and reads the result as Toolscope does (server/mcpSources/mcpTool.ts), and the `--mcp` flags a Playwright
// test starts Toolscope with. The server comes as plain data, as configured: a `${VAR}` reference becomes a read of
// process.env when the test runs, and a header or a secret-looking env entry without one is read from the environment
// too, so no value a configuration keeps out of its file is ever written into a test.

import { isSecretKey, secretArgs, Status } from '../runtime/index.ts'
import { codeLiteral, commentText, stringLiteral } from './codeLiteral.ts'
import { envNameFor } from './envRefs.ts'
import type { Scenario } from './scenario.ts'

/** An MCP server as configured (Toolscope's McpServerSpec, references unexpanded), as plain data. */
export type McpExportServer =
  | {
      name: string
      transport: 'stdio'
      command: string
      args: string[]
      env?: Record<string, string>
      cwd?: string
      origin?: string
    }
  | { name: string; transport: 'http'; url: string; headers?: Record<string, string>; origin?: string }

/** The tool to call: its name on the server, and the server. */
export interface McpExportTarget {
  server: McpExportServer
  tool: string
}

const q = stringLiteral
const j = (value: unknown) => codeLiteral(value)
const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`)
/** `${VAR}` or `${VAR:-default}`, as Toolscope expands them (server/mcpSources/config.ts). */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g

/** True when `text` names an environment variable. */
const hasReference = (text: string) => new RegExp(REFERENCE.source).test(text)

/** The expression that reads variable `name` when the test runs: its fallback, or a clear failure, when it is unset. */
const envRead = (name: string, fallback?: string) =>
  `(process.env[${q(name)}] || ${fallback === undefined ? `unset(${q(name)})` : q(fallback)})`

/**
 * A configured text as an expression: its literal parts as they are, each `${VAR}` a read of process.env (empty
 * counts as unset, as in Toolscope), so the test runs with the values of its own environment.
 */
export function configuredText(text: string): string {
  const parts: string[] = []
  let last = 0
  for (const m of text.matchAll(REFERENCE)) {
    if (m.index > last) parts.push(q(text.slice(last, m.index)))
    parts.push(envRead(m[1]!, m[2]))
    last = m.index + m[0].length
  }
  if (last < text.length || parts.length === 0) parts.push(q(text.slice(last)))
  return parts.join(' + ')
}

/** A header's value: its configured text when it names a variable, else read whole from a variable named after the header. */
function headerValue(name: string, value: string): string {
  return hasReference(value) ? configuredText(value) : envRead(envNameFor(name))
}

/** An env entry of a stdio server: its configured text, or for a secret-looking entry without a reference, the test's own variable. */
function envValue(name: string, value: string): string {
  return hasReference(value) || !isSecretKey(name) ? configuredText(value) : envRead(name)
}

const recordCode = (record: Record<string, string>, value: (k: string, v: string) => string, by: string) =>
  `{\n${Object.entries(record)
    .map(([k, v]) => `${by}  ${q(k)}: ${value(k, v)}`)
    .join(',\n')}\n${by}}`

/**
 * A command line's arguments as code, a secret written out literally (`--api-key sk-…`) read from a variable named
 * after its flag instead (API_KEY), so the export never holds it: `read(name)` is the code that reads it.
 */
function argsWithSecretsFromEnv(args: readonly string[], read: (name: string) => string): string[] {
  const words = args.map(configuredText)
  for (const { index, prefix, flag } of secretArgs(args))
    words[index] = prefix ? `${configuredText(prefix)} + ${read(envNameFor(flag))}` : read(envNameFor(flag))
  return words
}

/** The `new …Transport(…)` of the server. */
function transportCode(server: McpExportServer): string {
  if (server.transport === 'http') {
    const headers =
      server.headers && Object.keys(server.headers).length
        ? `, { requestInit: { headers: ${recordCode(server.headers, headerValue, '  ')} } }`
        : ''
    return `new StreamableHTTPClientTransport(new URL(${configuredText(server.url)})${headers})`
  }
  const fields = [
    `command: ${configuredText(server.command)}`,
    `args: [${argsWithSecretsFromEnv(server.args, envRead).join(', ')}]`,
    server.env && Object.keys(server.env).length ? `env: ${recordCode(server.env, envValue, '    ')}` : undefined,
    server.cwd !== undefined ? `cwd: ${configuredText(server.cwd)}` : undefined,
  ].filter(Boolean)
  return `new StdioClientTransport({\n    ${fields.join(',\n    ')},\n  })`
}

/** The scenario's elicitation answers; throws for a decision a call over MCP cannot take. */
function elicitationAnswers(scenario: Scenario): Array<{ action: string; content?: unknown }> {
  return scenario.decisions.map((d) => {
    if (d.type === 'respond')
      return d.content === undefined ? { action: d.action } : { action: d.action, content: d.content }
    if (d.type === 'abort')
      throw new Error(
        "An MCP tool's test calls the server to the end: a scenario that aborts its run cannot be exported (export a run that ended by itself).",
      )
    throw new Error(`An MCP tool takes no "${d.type}" decision: only elicitation answers can be scripted.`)
  })
}

/** The arguments of the call: the scenario's input, or its input text when that is JSON. */
function callArguments(scenario: Scenario): unknown {
  if (scenario.input !== undefined) return scenario.input
  try {
    return JSON.parse(scenario.inputText ?? '')
  } catch {
    throw new Error("An MCP tool is called with JSON arguments: the scenario's input text is not JSON.")
  }
}

/** The assertions of the scenario's expectation, against the views Toolscope would show. */
function assertions(scenario: Scenario): string[] {
  const e = scenario.expect
  const matcher = e.match === 'partial' ? 'toMatchObject' : 'toEqual'
  const view = (name: 'raw' | 'display' | 'transcript' | 'model') =>
    e[name] !== undefined && `expect(views.${name}).${matcher}(${indent(j(e[name]), '  ')})`
  return [
    `expect(views.status).toBe(${q(e.status)})`,
    view('raw'),
    view('display'),
    view('transcript'),
    view('model'),
    e.error !== undefined && `expect(views.error).toBe(${q(e.error)})`,
  ].filter((a): a is string => !!a)
}

/** How Toolscope reads a tools/call result: the helpers the test carries (kept in step with server/mcpSources/mcpTool.ts). */
export function resultReadingCode(serverName: string): string {
  return `interface Views {
  status: string
  raw: unknown
  display: unknown
  transcript: unknown
  model: unknown
  error?: string
}

/**
 * The views Toolscope shows for a call (server/mcpSources/mcpTool.ts): structuredContent (else content) as raw, display
 * and transcript, content as the model view; an isError result, or a call the server answers with an error, as an error.
 */
async function callAsToolscope(call: () => Promise<unknown>): Promise<Views> {
  let result: CallToolResult
  try {
    result = (await call()) as CallToolResult
  } catch (err) {
    return failed(${q(`The MCP server "${serverName}" answered tools/call with an error: `)} + (err as Error).message)
  }
  if (result.isError) return failed(errorText(result))
  const raw = result.structuredContent ?? result.content
  return { status: ${q(Status.success)}, raw, display: raw, transcript: raw, model: { type: 'content', value: result.content.map(modelPart) } }
}

function failed(message: string): Views {
  const raw = { name: 'Error', message }
  return { status: ${q(Status.error)}, raw, display: raw, transcript: raw, model: { type: 'error-text', value: message }, error: message }
}

type Block = CallToolResult['content'][number]

/** One content block as the model gets it. */
function modelPart(block: Block): unknown {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text }
    case 'image':
      return { type: 'image-data', data: block.data, mediaType: block.mimeType }
    case 'audio':
      return { type: 'file-data', data: block.data, mediaType: block.mimeType }
    case 'resource_link':
      return { type: 'text', text: \`Resource link: \${block.name}\${block.title ? \` (\${block.title})\` : ''} <\${block.uri}>\${block.description ? \` — \${block.description}\` : ''}\` }
    case 'resource': {
      const r = block.resource as { uri: string; mimeType?: string; text?: string; blob?: string }
      if (typeof r.text === 'string') return { type: 'text', text: r.text }
      return { type: 'file-data', data: r.blob ?? '', mediaType: r.mimeType ?? 'application/octet-stream', filename: r.uri }
    }
    default:
      return { type: 'custom', block }
  }
}

/** The text of an error result: its text blocks, else the JSON of its content. */
function errorText(result: CallToolResult): string {
  const text = result.content.filter((c): c is Extract<Block, { type: 'text' }> => c.type === 'text').map((c) => c.text).join('\\n')
  return text || JSON.stringify(result.structuredContent ?? result.content)
}`
}

const UNSET_CODE = `
/** A variable the server's configuration names, unset here: the test stops rather than start the server without it. */
function unset(name: string): never {
  throw new Error(\`The MCP server's configuration uses \${name}, which is not set in the environment.\`)
}`

/** A Vitest test file for `scenario` of an MCP tool: the tool called on its server as Toolscope calls it. */
export function toMcpVitestTest(scenario: Scenario, target: McpExportTarget): string {
  const { server, tool } = target
  const answers = elicitationAnswers(scenario)
  const transport = transportCode(server)
  const transportImport =
    server.transport === 'http'
      ? "import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'"
      : "import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'"
  return `// Generated by Toolscope from scenario "${commentText(scenario.name)}" of tool "${commentText(scenario.toolId)}": the tool "${commentText(tool)}" of the
// MCP server "${commentText(server.name)}", called with the MCP SDK client and read as Toolscope reads it. Variables the server's
// configuration names are read from the environment when the test runs. Toolscope also checks the input and the
// structuredContent against the tool's JSON Schemas; this test leaves those checks to the server.
import { expect, onTestFinished, test } from 'vitest'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
${transportImport}
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'

test(${q(`${scenario.toolId}: ${scenario.name}`)}, { timeout: 60_000 }, async () => {
  const client = new Client({ name: 'toolscope-export', version: '1.0.0' }, { capabilities: { elicitation: { form: {}, url: {} } } })
  // Scripted elicitation answers, given in order as the server asks (a URL-mode request takes the action only).
  const answers: any[] = ${indent(j(answers), '  ')}
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const answer = answers.shift()
    if (!answer) throw new Error('no scripted answer left for an elicitation')
    return request.params.mode === 'url' ? { action: answer.action } : answer
  })
  await client.connect(${transport})
  onTestFinished(() => client.close())
  // As Toolscope does: the listing tells the client which tools take a task-augmented call.
  await client.listTools()
  // The call Toolscope makes: task-augmented when the tool asks for tasks, a plain tools/call otherwise.
  const views = await callAsToolscope(async () => {
    const call = { name: ${q(tool)}, arguments: ${indent(j(callArguments(scenario)), '    ')} }
    for await (const message of client.experimental.tasks.callToolStream(call, undefined, { timeout: 60_000 })) {
      if (message.type === 'result') return message.result
      if (message.type === 'error') throw message.error
    }
    throw new Error('The server ended the call without a result.')
  })
  expect(answers).toEqual([])
  ${assertions(scenario).join('\n  ')}
})

${resultReadingCode(server.name)}
${transport.includes('unset(') ? UNSET_CODE : ''}`
}

const quoted = (word: string) => `'${word.replace(/'/g, "'\\''")}'`

/** A command-line word that Toolscope's `--mcp` parser reads back as it is (POSIX single quotes where needed). */
function shellWord(word: string): string {
  return word !== '' && /^[A-Za-z0-9_@%+=:,./${}-]+$/.test(word) ? word : quoted(word)
}

/**
 * The `--mcp` (and `--mcp-header`) flags that give Toolscope `server` as configured: references stay `${VAR}` (the
 * started server reads them from its environment), a header without one is read from a variable named after it. A
 * server of `.mcp.json` needs none: the started server reads the same file from its working folder.
 */
export function mcpFlags(server: McpExportServer): string[] {
  if (server.origin !== undefined && server.origin !== '--mcp') return []
  if (server.transport === 'http') {
    const headers = Object.entries(server.headers ?? {}).flatMap(([k, v]) => [
      '--mcp-header',
      `${k}: ${hasReference(v) ? v : `\${${envNameFor(k)}}`}`,
    ])
    return ['--mcp', `${server.name}=${server.url}`, ...headers]
  }
  // `name=/…` is not read as a name (the parser takes it for a command), so a command from the root is quoted.
  const command = server.command.startsWith('/') ? quoted(server.command) : shellWord(server.command)
  // A secret written out literally becomes a `${VAR}` the started Toolscope reads from its environment.
  const args = server.args.map(shellWord)
  for (const { index, prefix, flag } of secretArgs(server.args))
    args[index] = shellWord(`${prefix}\${${envNameFor(flag)}}`)
  return ['--mcp', `${server.name}=${[command, ...args].join(' ')}`]
}
