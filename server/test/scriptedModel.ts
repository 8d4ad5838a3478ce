// A scripted model server as a test partner: it speaks the OpenAI chat-completions wire format
// (POST /v1/chat/completions, what @ai-sdk/openai's chat model and @ai-sdk/openai-compatible send) and the Anthropic
// messages format (POST /v1/messages), streaming and not, so the real provider packages run end to end with no real
// key. Each request takes the next turn of a script: a text answer, one or more (parallel) tool calls streamed in
// argument fragments, a call whose argument JSON is malformed, a refusal, or a 429 rate-limit answer. Every request
// body is recorded, so tests can read the tools offered and the tool results sent back. The shapes follow the
// providers' own parsers (openaiChatChunkSchema, anthropicMessagesChunkSchema and their error schemas).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One tool call the model makes. `rawArguments` is sent verbatim instead of `JSON.stringify(input)`: malformed JSON. */
export interface ScriptedToolCall {
  name: string
  input?: unknown
  rawArguments?: string
  id?: string
}

/** What the model answers to the next request. */
export type ScriptedTurn =
  | { type: 'text'; text: string }
  | { type: 'tool-calls'; calls: ScriptedToolCall[]; text?: string }
  | { type: 'refusal'; text: string }
  | { type: 'rate-limit'; retryAfterSeconds?: number; message?: string }

export type ScriptedApi = 'openai' | 'anthropic'

/** A request the server received. */
export interface RecordedRequest {
  api: ScriptedApi
  path: string
  headers: Record<string, string | string[] | undefined>
  body: any
  stream: boolean
}

export interface ScriptedModelOptions {
  /** How many fragments each tool call's argument JSON is streamed in (at least 1). Default 3. */
  argumentFragments?: number
  /** A cost (USD) each OpenAI answer reports in its usage, as OpenRouter does (`usage.cost`). */
  costPerAnswer?: number
}

export interface ScriptedModel {
  /** The base URL every provider takes (`…/v1`): createOpenAI, createAnthropic and createOpenAICompatible alike. */
  baseURL: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Turns not answered yet. */
  remaining(): number
  /** Adds turns to the end of the script. */
  push(...turns: ScriptedTurn[]): void
  close(): Promise<void>
}

/** Shorthands for script turns. */
export const turn = {
  text: (text: string): ScriptedTurn => ({ type: 'text', text }),
  call: (name: string, input: unknown, id?: string): ScriptedTurn => ({
    type: 'tool-calls',
    calls: [{ name, input, id }],
  }),
  calls: (...calls: ScriptedToolCall[]): ScriptedTurn => ({ type: 'tool-calls', calls }),
  malformedCall: (name: string, rawArguments: string): ScriptedTurn => ({
    type: 'tool-calls',
    calls: [{ name, rawArguments }],
  }),
  refusal: (text: string): ScriptedTurn => ({ type: 'refusal', text }),
  rateLimit: (retryAfterSeconds = 1, message?: string): ScriptedTurn => ({
    type: 'rate-limit',
    retryAfterSeconds,
    message,
  }),
}

interface Usage {
  input: number
  output: number
  cost?: number
}

/** A resolved tool call: its id and the exact argument text the model sends. */
interface WireCall {
  id: string
  name: string
  args: string
}

export async function startScriptedModel(
  script: ScriptedTurn[] = [],
  options: ScriptedModelOptions = {},
): Promise<ScriptedModel> {
  const turns = [...script]
  const requests: RecordedRequest[] = []
  const fragments = Math.max(1, options.argumentFragments ?? 3)
  let callCounter = 0
  const nextCallId = (api: ScriptedApi) => `${api === 'openai' ? 'call' : 'toolu'}_scripted_${++callCounter}`

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({ error: { message: `scripted model: ${(error as Error).message}`, type: 'server_error' } }),
      )
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const api: ScriptedApi | undefined =
      req.method !== 'POST'
        ? undefined
        : path.endsWith('/chat/completions')
          ? 'openai'
          : path.endsWith('/messages')
            ? 'anthropic'
            : undefined
    if (!api) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `scripted model: no route ${req.method} ${path}` } }))
      return
    }
    const body = JSON.parse(await readBody(req))
    const stream = body.stream === true
    requests.push({ api, path, headers: { ...req.headers }, body, stream })
    const next = turns.shift()
    if (!next) return sendError(res, api, 500, `scripted model: no turn left for request ${requests.length}`)
    if (next.type === 'rate-limit') return sendRateLimit(res, api, next)
    const usage: Usage = {
      input: estimateTokens(JSON.stringify(body.messages ?? '')),
      output: estimateTokens(JSON.stringify(next)),
      ...(options.costPerAnswer !== undefined ? { cost: options.costPerAnswer } : {}),
    }
    const calls =
      next.type === 'tool-calls'
        ? next.calls.map(
            (call): WireCall => ({
              id: call.id ?? nextCallId(api),
              name: call.name,
              args: call.rawArguments ?? JSON.stringify(call.input ?? {}),
            }),
          )
        : []
    const model = String(body.model ?? 'scripted')
    if (api === 'openai') {
      if (stream) streamOpenAI(res, model, next, calls, usage, body.stream_options?.include_usage === true, fragments)
      else sendJson(res, 200, openAICompletion(model, next, calls, usage))
    } else {
      if (stream) streamAnthropic(res, model, next, calls, usage, fragments)
      else sendJson(res, 200, anthropicMessage(model, next, calls, usage))
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    remaining: () => turns.length,
    push: (...more) => {
      turns.push(...more)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** A rough, deterministic token count (4 characters a token) so every answer reports usage. */
const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4))

/** Splits `text` into at most `count` non-empty pieces that join back to it. */
export function splitInto(text: string, count: number): string[] {
  if (text.length === 0) return ['']
  const size = Math.ceil(text.length / Math.max(1, count))
  const pieces: string[] = []
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size))
  return pieces
}

/** Text streams word by word (a space stays with the word before it), as models send it. */
const textPieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? ['']

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/** An error in the provider's own error body, which its failedResponseHandler turns into an APICallError. */
function sendError(
  res: ServerResponse,
  api: ScriptedApi,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body =
    api === 'openai'
      ? {
          error: {
            message,
            type: status === 429 ? 'requests' : 'server_error',
            param: null,
            code: status === 429 ? 'rate_limit_exceeded' : null,
          },
        }
      : { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } }
  sendJson(res, status, body, headers)
}

function sendRateLimit(
  res: ServerResponse,
  api: ScriptedApi,
  limit: { retryAfterSeconds?: number; message?: string },
): void {
  const seconds = limit.retryAfterSeconds ?? 1
  const message =
    limit.message ??
    (api === 'openai'
      ? `Rate limit reached for requests. Please try again in ${seconds}s.`
      : 'This request would exceed the rate limit for your organization. Please try again later.')
  const headers: Record<string, string> =
    api === 'openai'
      ? {
          'retry-after': String(seconds),
          'x-ratelimit-limit-requests': '60',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': `${seconds}s`,
        }
      : {
          'retry-after': String(seconds),
          'anthropic-ratelimit-requests-limit': '60',
          'anthropic-ratelimit-requests-remaining': '0',
        }
  sendError(res, api, 429, message, headers)
}

function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
}

// ---- OpenAI chat completions ----

const created = () => Math.floor(Date.now() / 1000)

function openAIUsage(usage: Usage) {
  return {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
    ...(usage.cost !== undefined ? { cost: usage.cost } : {}),
  }
}

type AnswerTurn = Exclude<ScriptedTurn, { type: 'rate-limit' }>

/** The turn's text: the answer, the text before its tool calls, or (Anthropic, which has no refusal field) a refusal. */
const answerText = (turn: AnswerTurn): string | undefined => turn.text

function openAICompletion(model: string, turn: AnswerTurn, calls: WireCall[], usage: Usage) {
  const text = turn.type === 'refusal' ? null : (answerText(turn) ?? null)
  const message = {
    role: 'assistant',
    content: text,
    refusal: turn.type === 'refusal' ? turn.text : null,
    ...(calls.length > 0
      ? {
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.args },
          })),
        }
      : {}),
  }
  return {
    id: 'chatcmpl-scripted',
    object: 'chat.completion',
    created: created(),
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop' }],
    usage: openAIUsage(usage),
  }
}

function streamOpenAI(
  res: ServerResponse,
  model: string,
  turn: AnswerTurn,
  calls: WireCall[],
  usage: Usage,
  includeUsage: boolean,
  fragments: number,
): void {
  const base = { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: created(), model }
  const send = (choices: unknown[], extra: Record<string, unknown> = {}) => {
    res.write(`data: ${JSON.stringify({ ...base, choices, ...(includeUsage ? { usage: null } : {}), ...extra })}\n\n`)
  }
  const delta = (value: Record<string, unknown>) =>
    send([{ index: 0, delta: value, logprobs: null, finish_reason: null }])
  startSse(res)
  delta({ role: 'assistant', content: turn.type === 'refusal' || calls.length > 0 ? null : '', refusal: null })
  const text = answerText(turn)
  if (turn.type === 'refusal') for (const piece of textPieces(turn.text)) delta({ refusal: piece })
  else if (text) for (const piece of textPieces(text)) delta({ content: piece })
  calls.forEach((call, index) => {
    delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] })
    for (const piece of splitInto(call.args, fragments))
      delta({ tool_calls: [{ index, function: { arguments: piece } }] })
  })
  send([{ index: 0, delta: {}, logprobs: null, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop' }])
  if (includeUsage) send([], { usage: openAIUsage(usage) })
  res.end('data: [DONE]\n\n')
}

// ---- Anthropic messages ----

function anthropicContent(turn: AnswerTurn, calls: WireCall[]) {
  const text = answerText(turn)
  return [
    ...(text ? [{ type: 'text', text }] : []),
    ...calls.map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: parseOrRaw(call.args) })),
  ]
}

/** A non-streamed tool_use carries parsed input; malformed argument text can only travel as a string there. */
function parseOrRaw(args: string): unknown {
  try {
    return JSON.parse(args)
  } catch {
    return args
  }
}

const stopReason = (calls: WireCall[]) => (calls.length > 0 ? 'tool_use' : 'end_turn')

function anthropicMessage(model: string, turn: AnswerTurn, calls: WireCall[], usage: Usage) {
  return {
    id: 'msg_scripted',
    type: 'message',
    role: 'assistant',
    model,
    content: anthropicContent(turn, calls),
    stop_reason: stopReason(calls),
    stop_sequence: null,
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  }
}

function streamAnthropic(
  res: ServerResponse,
  model: string,
  turn: AnswerTurn,
  calls: WireCall[],
  usage: Usage,
  fragments: number,
): void {
  const send = (event: Record<string, unknown> & { type: string }) => {
    res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
  }
  startSse(res)
  send({
    type: 'message_start',
    message: {
      id: 'msg_scripted',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: 1 },
    },
  })
  send({ type: 'ping' })
  let index = 0
  const text = answerText(turn)
  if (text) {
    send({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } })
    for (const piece of textPieces(text))
      send({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } })
    send({ type: 'content_block_stop', index })
    index++
  }
  for (const call of calls) {
    send({
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
    })
    for (const piece of splitInto(call.args, fragments))
      send({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: piece } })
    send({ type: 'content_block_stop', index })
    index++
  }
  send({
    type: 'message_delta',
    delta: { stop_reason: stopReason(calls), stop_sequence: null },
    usage: { output_tokens: usage.output },
  })
  send({ type: 'message_stop' })
  res.end()
}
