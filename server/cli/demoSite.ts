// Writes a static demo site (`toolscope build`): the built SPA, marked to open in its read-only "recorded" mode, and
// under demo/ the catalog, each tool's detail and provider report, and the recorded runs. What goes in is data only:
// no tool code, runs through the redaction pass (src/shared/redact.ts: secret keys anywhere, the run's secret values
// wherever they appear), tool files reduced to their names.

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { mergeSecrets, redactForFile, redactRun, scrubText } from '../../src/shared/redact.ts'
import { PACKAGE_ROOT } from '../packageRoot.ts'
import { summarizeInput } from '../history/runRows.ts'
import type {
  Catalog,
  DemoManifest,
  DemoRun,
  DemoRunEntry,
  ProviderReport,
  RunRecord,
  StartRunBody,
  ToolDetail,
} from '../../src/shared/protocol.ts'
import { FORMAT_VERSIONS } from '../../src/shared/formats/versions.ts'

/** The meta tag that puts the SPA in recorded mode; its content is the manifest's path, relative to index.html. */
export const DEMO_META = 'toolscope-demo'
/** Folder of the data files inside the site. */
export const DEMO_DIR = 'demo'

/** A run going into the demo, where it came from (`scenario "taipei"`, `history`) and, for a scenario, its verdict. */
export interface DemoSource {
  record: RunRecord
  source: string
  /** A replayed scenario's verdict: `why` says what did not match when it failed. */
  verdict?: { passed: boolean; why?: string }
}

/** What went into a site: the build report. */
export interface DemoReport {
  out: string
  tools: string[]
  runs: Array<{
    runId: string
    toolId: string
    status: string
    source: string
    events: number
    passed?: boolean
    why?: string
  }>
  /** Secret values found in the runs (under secret keys of their requests and events) or given, redacted in every file. */
  secretsScrubbed: number
  bytes: number
  leftOut: string[]
}

/** The request a run was started with, as the demo shows it (already redacted): no cassette or mocks, no stream settings. */
function shownRequest(request: StartRunBody): StartRunBody {
  const { toolId, input, inputText, requestContext, caller, network } = request
  const out: StartRunBody = { toolId }
  if (input !== undefined) out.input = input
  if (inputText !== undefined) out.inputText = inputText
  if (requestContext) out.requestContext = requestContext
  if (caller) out.caller = caller
  if (network) out.network = network
  return out
}

/** Folders whose absolute paths must not reach a site: the working folder, the site, the tools', Toolscope's own, home. */
function localRoots(out: string, toolFiles: string[]): Array<[root: string, shownAs: string]> {
  const dirs = [process.cwd(), out, PACKAGE_ROOT, ...toolFiles.map((f) => path.dirname(f))]
  const roots: Array<[string, string]> = dirs
    .filter((d) => path.isAbsolute(d) && d !== path.parse(d).root)
    .map((d) => [d, ''])
  const home = os.homedir()
  if (home && home !== path.parse(home).root) roots.push([home, '~' + path.sep])
  // Longest first, so that a tool folder inside the working folder is cut as a whole.
  return roots.sort((a, b) => b[0].length - a[0].length)
}

/**
 * Every string of `value` with `secrets` redacted and the local roots cut off (`/home/ada/app/src/tools.ts:3` →
 * `src/tools.ts:3`), in stack traces and messages alike.
 */
function stripLocalPaths<T>(value: T, roots: Array<[string, string]>, secrets: readonly string[]): T {
  const strip = (text: string): string => {
    let outText = scrubText(text, secrets)
    for (const [root, shownAs] of roots) {
      const withSep = root + path.sep
      if (!outText.includes(root)) continue
      outText = outText
        .split(`file://${withSep}`)
        .join(shownAs)
        .split(withSep)
        .join(shownAs)
        .split(root)
        .join(shownAs || '.')
    }
    return outText
  }
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return strip(v)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [strip(k), walk(x)]))
    return v
  }
  return walk(value) as T
}

function writeJson(file: string, value: unknown): number {
  const text = JSON.stringify(value)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  return Buffer.byteLength(text)
}

/** The built SPA's index.html; throws, saying how to build it, when it is missing. */
export function assertAppBuilt(appDir: string): string {
  const indexFile = path.join(appDir, 'index.html')
  if (!existsSync(indexFile))
    throw new Error(`The playground is not built (${indexFile} is missing): run \`npm run build:app\` first.`)
  return indexFile
}

/**
 * Throws unless `out` may be emptied: a new or empty folder, or an earlier site (it holds demo/manifest.json). A
 * careless `--out .` must not wipe a project.
 */
export function assertSiteFolder(out: string): void {
  if (!existsSync(out)) return
  if (!statSync(out).isDirectory())
    throw new Error(`${out} is a file, not a folder: pick a new or empty folder for --out.`)
  if (readdirSync(out).length === 0 || existsSync(path.join(out, DEMO_DIR, 'manifest.json'))) return
  throw new Error(
    `${out} is not empty and holds no earlier demo site (no ${DEMO_DIR}/manifest.json): pick a new or empty folder for --out.`,
  )
}

/**
 * Writes the site into `out` (emptied first; see assertSiteFolder): the SPA from `appDir`, then the data. Throws when the SPA is not built.
 * `providers` holds each tool's provider report.
 */
export function writeDemoSite(options: {
  out: string
  appDir: string
  catalog: Catalog
  tools: ToolDetail[]
  providers: Map<string, ProviderReport>
  runs: DemoSource[]
  builtAt?: Date
  secrets?: readonly string[]
}): DemoReport {
  const { out, appDir } = options
  const indexFile = assertAppBuilt(appDir)
  assertSiteFolder(out)
  rmSync(out, { recursive: true, force: true })
  cpSync(appDir, out, { recursive: true })
  const html = readFileSync(indexFile, 'utf8')
  writeFileSync(
    path.join(out, 'index.html'),
    html.replace('</head>', `  <meta name="${DEMO_META}" content="${DEMO_DIR}/manifest.json" />\n  </head>`),
  )

  const dataDir = path.join(out, DEMO_DIR)
  // No absolute local path goes into a site (stack traces, load errors, messages): they are cut to relative ones.
  const roots = localRoots(out, [...options.tools.map((t) => t.file), ...options.catalog.tools.map((t) => t.file)])
  // Values the tools' configuration keeps out of sight (an MCP server's `${VAR}`s and headers) are redacted in every file.
  const secrets = mergeSecrets(options.secrets)
  const writeData = (file: string, value: unknown): number => writeJson(file, stripLocalPaths(value, roots, secrets))
  let bytes = 0
  const tools: DemoManifest['tools'] = {}
  options.tools.forEach((tool, i) => {
    const detail: ToolDetail = { ...tool, file: path.basename(tool.file) }
    tools[tool.id] = { detail: `tools/${i}.json` }
    bytes += writeData(path.join(dataDir, tools[tool.id].detail), detail)
    const report = options.providers.get(tool.id)
    if (report) {
      tools[tool.id].providers = `providers/${i}.json`
      bytes += writeData(path.join(dataDir, tools[tool.id].providers!), report)
    }
  })

  let secretsScrubbed = secrets.length
  const verdicts = new Map<number, DemoSource['verdict']>()
  const runs: DemoRunEntry[] = options.runs.map(({ record: stored, source, verdict }, i) => {
    // The record is redacted first, so that the summary made from its request is made of redacted data.
    const { record, secrets: runSecrets } = redactRun(stored, secrets)
    secretsScrubbed += runSecrets.filter((s) => !secrets.includes(s)).length
    // A failed verdict quotes the values that differed: redacted by the run's secrets like everything else.
    if (verdict) verdicts.set(i, redactForFile(verdict, runSecrets))
    const { events, request, ...summary } = record
    const shown = shownRequest(request)
    const detail = {
      ...summary,
      request: shown,
      caller: request.caller ?? 'agent',
      inputSummary: summarizeInput(shown),
      eventCount: events.length,
    }
    // Once more over the whole file: the summary is cut text, and cutting must not undo a redaction.
    const run: DemoRun = redactForFile({ detail, events }, runSecrets)
    const file = `runs/${i}.json`
    bytes += writeData(path.join(dataDir, file), run)
    const { request: _request, ...entry } = run.detail
    return { ...entry, source, file }
  })

  const manifest: DemoManifest = {
    format: 'toolscope-demo',
    version: FORMAT_VERSIONS.demoManifest,
    builtAt: (options.builtAt ?? new Date()).toISOString(),
    catalog: { ...options.catalog, tools: options.catalog.tools.map((t) => ({ ...t, file: path.basename(t.file) })) },
    tools,
    runs,
  }
  bytes += writeData(path.join(dataDir, 'manifest.json'), manifest)
  const report: DemoReport = {
    out,
    tools: options.tools.map((t) => t.id),
    runs: runs.map((r, i) => ({
      runId: r.runId,
      toolId: r.toolId,
      status: r.status,
      source: r.source,
      events: r.eventCount,
      ...verdicts.get(i),
    })),
    secretsScrubbed,
    bytes,
    leftOut: [
      'tool code (only schemas, annotations and provider definitions)',
      'values under secret keys (apiKey, token, password, …) anywhere in the runs, and those values wherever they appear',
      'cassettes and mocks',
      'tool file paths (names only)',
      ...(secrets.length
        ? ["the values of MCP servers' ${VAR} references, headers and secret env entries, wherever they appear"]
        : []),
    ],
  }
  // The file leaves out `out`: where the site was written on this machine is a local path (the caller prints it).
  const { out: _out, ...published } = report
  writeData(path.join(dataDir, 'report.json'), published)
  return report
}
