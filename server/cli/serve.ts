// `toolscope [serve] [path ...] --port --host --no-open --no-watch --timeout --token`: builds the UI if needed
// (source checkout), starts the server, prints the URL with its token, opens a browser unless told not to.

import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { withParsedArgs } from './args.ts'
import { MCP_USAGE, takeMcpFlag } from '../mcpSources/config.ts'
import { emptyModelFlags, keysOf, MODEL_USAGE, modelTargetsOf, takeModelFlag } from '../models/modelFlags.ts'
import { DEFAULT_APP_DIR, startServer, type StartServerOptions } from '../index.ts'
import { ownPath, PACKAGE_ROOT } from '../packageRoot.ts'

const USAGE = `Usage: toolscope [path ...] [options]

Loads the createTool() tools exported by the given files or folders (the bundled examples when none)
and serves the Toolscope UI, the HTTP API and MCP (/mcp).

Commands:
  toolscope test [path ...]            replay the saved scenarios headless (toolscope test --help)
  toolscope call <tool-id> [path ...]  run one tool and print its four views as JSON (toolscope call --help)
  toolscope lint [path ...]            check what each model provider accepts (toolscope lint --help)
  toolscope fuzz [path ...]            generated inputs, checked runs, shrunk failures (toolscope fuzz --help)
  toolscope eval [path ...] --model m  run the eval files against models: pass rate, pass^k (toolscope eval --help)
  toolscope build [path ...] --out d   write a static demo site of recorded runs (toolscope build --help)

Options:
  --port <n>        port to listen on (default 4400, 0 = any free port)
  --host <addr>     bind address (default 127.0.0.1; anything else needs --token or TOOLSCOPE_TOKEN)
  --token <t>       session token (default TOOLSCOPE_TOKEN, else random)
  --timeout <ms>    per-run timeout (default 60000)
${MCP_USAGE}
${MODEL_USAGE}
  --scenarios <dir> scenario folder (default toolscope/scenarios)
  --data-dir <dir>  where run history is kept (default .toolscope; history.db inside; one server per folder)
  --history-runs <n>       most finished runs kept in history (default 500)
  --history-mb <n>         most MiB of events kept in history (default 512)
  --payload-limit-kb <n>   largest payload (one view, input, output, chunk) before it is cut (default 1024)
  --run-limit-mb <n>       largest total of one run's events before the run is stopped (default 50)
  --max-live-runs <n>      most runs in flight at once (queued, running or waiting); more answer 429 (default 100)
  --max-workers <n>        runs executing at once, a worker each; more are queued (default: from memory)
  --waiting-expiry <ms>    a run waiting for a person longer than this ends as expired (default 1800000)
  --no-watch        do not reload tools when files change
  --no-open         do not open a browser
  --no-build        do not build the UI when dist/app is missing (source checkout)
  -h, --help        show this help
  --version         print the version, and whether the compiled build or the TypeScript source runs`

/** Parsed command line of `serve`. */
export interface ServeArgs {
  options: StartServerOptions
  open: boolean
  build: boolean
  help: boolean
}

/** Parses serve arguments; throws an Error with a message for the user on bad input. */
export function parseServeArgs(args: string[]): ServeArgs {
  const options: StartServerOptions = { paths: [] }
  const out: ServeArgs = { options, open: true, build: true, help: false }
  const modelFlags = emptyModelFlags()
  const value = (i: number, flag: string) => {
    const v = args[i + 1]
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`)
    return v
  }
  const int = (v: string, flag: string, min: number) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < min) throw new Error(`${flag} must be an integer ≥ ${min}, got "${v}"`)
    return n
  }
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] =
      args[i].startsWith('--') && args[i].includes('=') ? args[i].split(/=(.*)/s, 2) : [args[i], undefined]
    const take = (name: string) => (inline !== undefined ? inline : value(i++, name))
    if (takeModelFlag(modelFlags, flag, () => take(flag))) continue
    switch (flag) {
      case '--port':
        options.port = int(take('--port'), '--port', 0)
        break
      case '--host':
        options.host = take('--host')
        break
      case '--token':
        options.token = take('--token')
        break
      case '--timeout':
        options.timeoutMs = int(take('--timeout'), '--timeout', 1)
        break
      case '--scenarios':
        options.scenariosDir = take('--scenarios')
        break
      case '--data-dir':
        options.dataDir = take('--data-dir')
        break
      case '--history-runs':
        options.historyMaxRuns = int(take(flag), flag, 1)
        break
      case '--history-mb':
        options.historyMaxBytes = int(take(flag), flag, 1) * 1024 * 1024
        break
      case '--payload-limit-kb':
        options.limits = { ...options.limits, payloadBytes: int(take(flag), flag, 1) * 1024 }
        break
      case '--run-limit-mb':
        options.limits = { ...options.limits, runBytes: int(take(flag), flag, 1) * 1024 * 1024 }
        break
      case '--max-live-runs':
        options.maxLiveRuns = int(take(flag), flag, 1)
        break
      case '--max-workers':
        options.maxWorkers = int(take(flag), flag, 1)
        break
      case '--waiting-expiry':
        options.waitingExpiryMs = int(take(flag), flag, 1)
        break
      case '--mcp':
      case '--mcp-header':
        takeMcpFlag((options.mcp ??= []), flag, take(flag))
        break
      case '--no-watch':
        options.watch = false
        break
      case '--no-open':
        out.open = false
        break
      case '--no-build':
        out.build = false
        break
      case '-h':
      case '--help':
        out.help = true
        break
      default:
        if (flag.startsWith('-')) throw new Error(`Unknown option ${flag}`)
        options.paths!.push(flag)
    }
  }
  // The first --model is the Try form's default; keys come from the environment and --env-file.
  options.models = { keys: keysOf(modelFlags), defaultModel: modelTargetsOf(modelFlags)[0] }
  return out
}

/** In a source checkout the UI may not be built yet: build it once, saying so. */
function ensureAppBuilt(log: (line: string) => void): void {
  if (existsSync(DEFAULT_APP_DIR)) return
  const root = PACKAGE_ROOT
  const vite = ownPath('node_modules', 'vite', 'bin', 'vite.js')
  if (!existsSync(vite))
    return log('The UI is not built (dist/app missing) and vite is not installed: serving the API only.')
  log('The UI is not built yet: running `vite build` once…')
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) log('vite build failed: serving the API only.')
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true })
    child.on('error', () => {}) // no opener on this machine: the printed URL is enough
    child.unref()
  } catch {
    // same as above
  }
}

export function run(args: string[]): Promise<number> {
  return withParsedArgs('toolscope', USAGE, args, parseServeArgs, async (parsed) => {
    const log = (line: string) => console.log(line)
    if (parsed.build) ensureAppBuilt(log)
    let server: Awaited<ReturnType<typeof startServer>>
    try {
      server = await startServer({ ...parsed.options, log })
    } catch (err) {
      console.error(`toolscope: ${(err as Error).message}`)
      return 1
    }
    console.log(
      `\n  Toolscope is running: ${server.url}\n  MCP endpoint: ${server.origin}/mcp (Authorization: Bearer ${server.token})\n`,
    )
    // Without watching, an empty catalog stays empty: a wrong path is an error, not a server with nothing to show.
    if (parsed.options.watch === false && (await server.loaded).tools === 0) {
      console.error(
        'toolscope: no tools were found in the given paths and --no-watch is set: stopping (see the lines above).',
      )
      await server.close()
      return 1
    }
    if (parsed.open) openBrowser(server.url)
    await new Promise<void>((resolve) => {
      const stop = () => resolve()
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
    await server.close()
    return 0
  })
}
