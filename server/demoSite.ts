// Writes a static demo site (`toolscope build`): the built SPA, marked to open in its read-only "recorded" mode, and
// under demo/ the catalog, each tool's detail and provider report, and the recorded runs. What goes in is data only:
// no tool code, runs through the redaction pass (src/shared/redact.ts: secret keys anywhere, the run's secret values
// wherever they appear), tool files reduced to their names.

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { redactForFile, redactRun } from '../src/shared/redact.ts'
import { summarizeInput } from './runStore.ts'
import type { Catalog, DemoManifest, DemoRun, DemoRunEntry, ProviderReport, RunRecord, StartRunBody, ToolDetail } from '../src/shared/protocol.ts'

/** The meta tag that puts the SPA in recorded mode; its content is the manifest's path, relative to index.html. */
export const DEMO_META = 'toolscope-demo'
/** Folder of the data files inside the site. */
export const DEMO_DIR = 'demo'

/** A run going into the demo, and where it came from (`scenario "taipei"`, `history`). */
export interface DemoSource {
  record: RunRecord
  source: string
}

/** What went into a site: the build report. */
export interface DemoReport {
  out: string
  tools: string[]
  runs: Array<{ runId: string; toolId: string; status: string; source: string; events: number }>
  /** Secret values found in the runs (under secret keys of their requests and events), redacted in every file. */
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

function writeJson(file: string, value: unknown): number {
  const text = JSON.stringify(value)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  return Buffer.byteLength(text)
}

/** The built SPA's index.html; throws, saying how to build it, when it is missing. */
export function assertAppBuilt(appDir: string): string {
  const indexFile = path.join(appDir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`The playground is not built (${indexFile} is missing): run \`npm run build:app\` first.`)
  return indexFile
}

/**
 * Throws unless `out` may be emptied: a new or empty folder, or an earlier site (it holds demo/manifest.json). A
 * careless `--out .` must not wipe a project.
 */
export function assertSiteFolder(out: string): void {
  if (!existsSync(out)) return
  if (!statSync(out).isDirectory()) throw new Error(`${out} is a file, not a folder: pick a new or empty folder for --out.`)
  if (readdirSync(out).length === 0 || existsSync(path.join(out, DEMO_DIR, 'manifest.json'))) return
  throw new Error(`${out} is not empty and holds no earlier demo site (no ${DEMO_DIR}/manifest.json): pick a new or empty folder for --out.`)
}

/**
 * Writes the site into `out` (emptied first; see assertSiteFolder): the SPA from `appDir`, then the data. Throws when the SPA is not built.
 * `providers` holds each tool's provider report.
 */
export function writeDemoSite(options: { out: string; appDir: string; catalog: Catalog; tools: ToolDetail[]; providers: Map<string, ProviderReport>; runs: DemoSource[]; builtAt?: Date }): DemoReport {
  const { out, appDir } = options
  const indexFile = assertAppBuilt(appDir)
  assertSiteFolder(out)
  rmSync(out, { recursive: true, force: true })
  cpSync(appDir, out, { recursive: true })
  const html = readFileSync(indexFile, 'utf8')
  writeFileSync(path.join(out, 'index.html'), html.replace('</head>', `  <meta name="${DEMO_META}" content="${DEMO_DIR}/manifest.json" />\n  </head>`))

  const dataDir = path.join(out, DEMO_DIR)
  let bytes = 0
  const tools: DemoManifest['tools'] = {}
  options.tools.forEach((tool, i) => {
    const detail: ToolDetail = { ...tool, file: path.basename(tool.file) }
    tools[tool.id] = { detail: `tools/${i}.json` }
    bytes += writeJson(path.join(dataDir, tools[tool.id].detail), detail)
    const report = options.providers.get(tool.id)
    if (report) {
      tools[tool.id].providers = `providers/${i}.json`
      bytes += writeJson(path.join(dataDir, tools[tool.id].providers!), report)
    }
  })

  let secretsScrubbed = 0
  const runs: DemoRunEntry[] = options.runs.map(({ record: stored, source }, i) => {
    // The record is redacted first, so that the summary made from its request is made of redacted data.
    const { record, secrets } = redactRun(stored)
    secretsScrubbed += secrets.length
    const { events, request, ...summary } = record
    const shown = shownRequest(request)
    const detail = { ...summary, request: shown, caller: request.caller ?? 'agent', inputSummary: summarizeInput(shown), eventCount: events.length }
    // Once more over the whole file: the summary is cut text, and cutting must not undo a redaction.
    const run: DemoRun = redactForFile({ detail, events }, secrets)
    const file = `runs/${i}.json`
    bytes += writeJson(path.join(dataDir, file), run)
    const { request: _request, ...entry } = run.detail
    return { ...entry, source, file }
  })

  const manifest: DemoManifest = { format: 'toolscope-demo', version: 1, builtAt: (options.builtAt ?? new Date()).toISOString(), catalog: { ...options.catalog, tools: options.catalog.tools.map((t) => ({ ...t, file: path.basename(t.file) })) }, tools, runs }
  bytes += writeJson(path.join(dataDir, 'manifest.json'), manifest)
  const report: DemoReport = {
    out,
    tools: options.tools.map((t) => t.id),
    runs: runs.map((r) => ({ runId: r.runId, toolId: r.toolId, status: r.status, source: r.source, events: r.eventCount })),
    secretsScrubbed,
    bytes,
    leftOut: ['tool code (only schemas, annotations and provider definitions)', 'values under secret keys (apiKey, token, password, …) anywhere in the runs, and those values wherever they appear', 'cassettes and mocks', 'tool file paths (names only)'],
  }
  writeJson(path.join(dataDir, 'report.json'), report)
  return report
}
