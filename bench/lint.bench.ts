// Lint benchmark (`npm run bench:lint`): the UI bench's generated catalog of 1,000 tools, loaded in the tool host, then
// linted against every provider view and lint rule (lintCatalog, as `toolscope lint` and the Providers report do):
// the load once, the lint five times with estimated counts and five times with the real tokenizers (each provider's
// definition counted: o200k_base, the Claude tokenizer), median and max. Target: the lint of 1,000 tools under 2 s.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { lintCatalog, loadTokenCounters, type LintOptions } from '../src/lint/index.ts'
import { ToolHost } from '../server/toolHost/host.ts'
import { writeCatalog } from './catalog.ts'

const TOOLS = 1000
// Inside the repository, so the generated module resolves zod and the runtime.
const out = fileURLToPath(new URL('./out/', import.meta.url))
mkdirSync(out, { recursive: true })
const dir = mkdtempSync(join(out, 'lint-catalog-'))
writeCatalog(dir, TOOLS, 10)
const host = new ToolHost({
  paths: [dir],
  watch: false,
  sink: { onEvent: () => {}, onRunLost: () => {} },
  log: () => {},
  spareWorkers: 0,
})
const loadStart = performance.now()
await host.ready
const loadMs = performance.now() - loadStart
const tools = host.catalog.tools
if (tools.length < TOOLS)
  throw new Error(`The catalog did not load: ${JSON.stringify(host.catalog.errors).slice(0, 500)}`)
const tokenizerStart = performance.now()
const tokenCounters = await loadTokenCounters()
const tokenizerMs = performance.now() - tokenizerStart

function measure(options: LintOptions): { times: number[]; findings: number; tokens: number } {
  const times: number[] = []
  let findings = 0
  let tokens = 0
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now()
    const lint = lintCatalog(tools, {}, options)
    times.push(performance.now() - t0)
    findings = lint.summary.errors + lint.summary.warnings
    tokens = lint.summary.definitionTokens.openai?.count ?? 0
  }
  return { times: times.sort((a, b) => a - b), findings, tokens }
}
const estimated = measure({})
const counted = measure({ tokenCounters })
await host.close()
rmSync(dir, { recursive: true, force: true })
console.log(`Lint benchmark (${process.version})`)
console.log(`  catalog: ${tools.length} tools loaded in the tool host in ${loadMs.toFixed(0)} ms`)
console.log(`  tokenizers loaded (o200k_base, Claude) in ${tokenizerMs.toFixed(0)} ms`)
for (const [label, m] of [
  ['estimated counts', estimated],
  ['real tokenizers', counted],
] as const) {
  console.log(
    `  lintCatalog, ${label} (5 providers + lint rules, ${m.findings} findings, catalog ${m.tokens} OpenAI tokens): median ${m.times[2].toFixed(0)} ms, max ${m.times[4].toFixed(0)} ms over ${m.times.length} runs  target 2000 ms: ${m.times[4] <= 2000 ? 'ok' : 'OVER'}`,
  )
}
