// Lint benchmark (`npm run bench:lint`): the UI bench's generated catalog of 1,000 tools, loaded in the tool host, then
// linted against every provider view and lint rule (lintCatalog, as `toolscope lint` and the Providers report do):
// the load once, the lint five times (median and max). Target: the lint of 1,000 tools under 2 s.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { lintCatalog } from '../src/lint/index.ts'
import { ToolHost } from '../server/toolHost/host.ts'
import { writeCatalog } from './catalog.ts'

const TOOLS = 1000
// Inside the repository, so the generated module resolves zod and the runtime.
const out = fileURLToPath(new URL('./out/', import.meta.url))
mkdirSync(out, { recursive: true })
const dir = mkdtempSync(join(out, 'lint-catalog-'))
writeCatalog(dir, TOOLS, 10)
const host = new ToolHost({ paths: [dir], watch: false, sink: { onEvent: () => {}, onRunLost: () => {} }, log: () => {}, spareWorkers: 0 })
const loadStart = performance.now()
await host.ready
const loadMs = performance.now() - loadStart
const tools = host.catalog.tools
if (tools.length < TOOLS) throw new Error(`The catalog did not load: ${JSON.stringify(host.catalog.errors).slice(0, 500)}`)
const times: number[] = []
let findings = 0
for (let i = 0; i < 5; i++) {
  const t0 = performance.now()
  const lint = lintCatalog(tools)
  times.push(performance.now() - t0)
  findings = lint.summary.errors + lint.summary.warnings
}
times.sort((a, b) => a - b)
await host.close()
rmSync(dir, { recursive: true, force: true })
console.log(`Lint benchmark (${process.version})`)
console.log(`  catalog: ${tools.length} tools loaded in the tool host in ${loadMs.toFixed(0)} ms`)
console.log(`  lintCatalog (5 providers + lint rules, ${findings} findings): median ${times[2].toFixed(0)} ms, max ${times[4].toFixed(0)} ms over ${times.length} runs  target 2000 ms: ${times[4] <= 2000 ? 'ok' : 'OVER'}`)
