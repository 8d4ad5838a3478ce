// `toolscope call <tool-id> [path ...] --input '{...}' [--approve|--decline [reason]] [--resume '{...}']...`:
// runs one tool through the tool host with scripted decisions and prints its status and four views as JSON. Its network
// is live unless told otherwise (`--network`, `--cassette`, `--mocks`, parsed as `test` parses them).

import { dirname, join } from 'node:path'
import { Caller, Decision, type NetworkMode, type Scenario } from '../../src/shared/protocol.ts'
import { Status, UNFINISHED } from '../../src/runtime/index.ts'
import { createCassetteStore } from '../history/cassetteStore.ts'
import { displayPath } from '../displayPath.ts'
import { mcpSourcesOf, scenarioDirOf, toolPathsOf } from '../context.ts'
import { MCP_USAGE, takeMcpFlag, type McpServerSpec } from '../mcpSources/config.ts'
import { loadReport } from './loadReport.ts'
import { readProjectConfig } from '../projectConfig.ts'
import { createHeadlessRunner, replayOnHost } from '../runs/replayHost.ts'
import { cassetteFlag, intFlag, jsonFlag, mocksFlag, networkFlag, readArgs, withParsedArgs } from './args.ts'

const USAGE = `Usage: toolscope call <tool-id> [path ...] [options]

Runs one tool from the given files or folders (the bundled examples when none) and prints
{ status, raw, display, transcript, model, error? } as JSON. Exits 0 when the run ends in success.

Options:
  --input <json>             the input (default {})
  --input-text <text>        raw input text, streamed as a model would
  --request-context <json>   request context object
  --caller <who>             agent | workflow | mcp | direct
  --approve                  answer the next approval request with approve
  --decline [reason]         ... or decline it (the reason is optional)
  --resume <json>            answer the next suspension with this resume data
  --respond <json>           answer the next elicitation, e.g. '{"action":"accept","content":{...}}'
  --network <mode>           live (default: real requests), record, replay or mock
  --cassette <name|file>     replay: the cassette to answer from, a .json file or a name in
                             toolscope/cassettes/<tool-id>/; record: the name to save the recording under
  --mocks <json|file>        mock: the rules, inline JSON or a .json file (schema toolscope/mocks.schema.json)
  --timeout <ms>             per-run timeout (default 60000)
${MCP_USAGE}
Decisions are used in the order given.`

/** Parsed command line of `call`. */
export interface CallArgs {
  scenario: Scenario
  paths: string[]
  mcp: McpServerSpec[]
  timeoutMs?: number
  help: boolean
}

/** Parses `call` arguments into a one-off scenario; throws an Error with a message for the user on bad input. */
export function parseCallArgs(args: string[]): CallArgs {
  const positional: string[] = []
  const decisions: Decision[] = []
  const request: Partial<Scenario> = {}
  let timeoutMs: number | undefined
  const mcp: McpServerSpec[] = []
  let help = false
  let network: NetworkMode | undefined
  readArgs(
    args,
    (flag, take, peek) => {
      switch (flag) {
        case '--input':
          request.input = jsonFlag(take(), flag)
          break
        case '--input-text':
          request.inputText = take()
          break
        case '--request-context': {
          const ctx = jsonFlag(take(), flag)
          if (typeof ctx !== 'object' || ctx === null || Array.isArray(ctx))
            throw new Error('--request-context must be a JSON object')
          request.requestContext = ctx as Record<string, unknown>
          break
        }
        case '--caller':
          request.caller = Caller.parse(take())
          break
        case '--approve':
          decisions.push({ type: 'approve' })
          break
        case '--decline': {
          const next = peek()
          decisions.push(
            next !== undefined && !next.startsWith('--') ? { type: 'decline', reason: take() } : { type: 'decline' },
          )
          break
        }
        case '--resume':
          decisions.push({ type: 'resume', resumeData: jsonFlag(take(), flag) })
          break
        case '--respond':
          decisions.push(Decision.parse({ type: 'respond', ...(jsonFlag(take(), flag) as object) }))
          break
        case '--network':
          network = networkFlag(take(), flag)
          break
        case '--cassette':
          request.cassette = cassetteFlag(take(), flag)
          break
        case '--mocks':
          request.mocks = mocksFlag(take(), flag)
          break
        case '--timeout':
          timeoutMs = intFlag(take(), flag, 1)
          break
        case '--mcp':
        case '--mcp-header':
          takeMcpFlag(mcp, flag, take())
          break
        case '-h':
        case '--help':
          help = true
          break
        default:
          throw new Error(`Unknown option ${flag}`)
      }
    },
    (p) => positional.push(p),
  )
  const [toolId, ...paths] = positional
  if (!toolId && !help) throw new Error('give the id of the tool to call')
  if (request.input === undefined && request.inputText === undefined) request.input = {}
  // A one-off call is interactive: real traffic unless a mode is asked for (a scenario replays from its cassette).
  request.network = network ?? 'live'
  if (request.cassette !== undefined && request.network !== 'replay' && request.network !== 'record')
    throw new Error('--cassette is used with --network replay or --network record')
  if (request.cassette !== undefined && typeof request.cassette !== 'string' && request.network === 'record')
    throw new Error('--cassette with --network record is the name to save the recording under, not a file')
  if (request.mocks !== undefined && request.network !== 'mock') throw new Error('--mocks is used with --network mock')
  const scenario = {
    ...request,
    name: 'call',
    toolId: toolId ?? '',
    decisions,
    expect: { status: Status.success, match: 'exact' },
  } as Scenario
  return { scenario, paths, mcp, timeoutMs, help }
}

export function run(args: string[]): Promise<number> {
  return withParsedArgs('toolscope call', USAGE, args, parseCallArgs, async (parsed) => {
    const mcp = mcpSourcesOf(parsed.mcp)
    const paths = toolPathsOf(parsed.paths, !!mcp)
    // Cassettes by name live beside the scenarios (toolscope/cassettes, the bundled examples' own without paths).
    const cassettes = createCassetteStore(join(dirname(scenarioDirOf(paths)), 'cassettes'))
    const runner = await createHeadlessRunner({
      paths,
      mcp,
      timeoutMs: parsed.timeoutMs,
      cassettes,
      redact: (await readProjectConfig()).redact,
    })
    try {
      await runner.host.ready
      if (!runner.host.hasTool(parsed.scenario.toolId)) {
        // Say why the tool is missing (a file that failed to load, an empty folder) rather than only "unknown tool".
        const problems = loadReport(runner.host.catalog, paths)
        const scriptError = `Unknown tool "${parsed.scenario.toolId}".${problems.length ? `\n${problems.join('\n')}` : ''}`
        console.log(JSON.stringify({ status: UNFINISHED, scriptError }, null, 2))
        console.error(`toolscope call: ${scriptError}`)
        return 1
      }
      const { scenario } = parsed
      const report = await replayOnHost(runner.host, runner.runs, scenario)
      // Recording, the run keeps its cassette with the run only: saved here under the name given (`test --update` does the same).
      const recording =
        scenario.network === 'record' && typeof scenario.cassette === 'string' && report.runId
          ? await runner.runs.recording(report.runId)
          : undefined
      if (recording)
        console.error(
          `toolscope call: ${recording.exchanges.length} exchange(s) recorded to ${displayPath(await cassettes.save(scenario.toolId, scenario.cassette as string, recording))}`,
        )
      const { status, raw, display, transcript, model, error } = report.outcome as Record<string, unknown>
      console.log(
        JSON.stringify({ status, raw, display, transcript, model, error, scriptError: report.scriptError }, null, 2),
      )
      if (report.scriptError) console.error(`toolscope call: ${report.scriptError}`)
      return status === Status.success && !report.scriptError ? 0 : 1
    } finally {
      await runner.close()
    }
  })
}
