// Fuzz benchmark (`npm run bench:fuzz`): how many generated runs a second `toolscope fuzz` makes of a trivial
// tool (the fixtures' echo), and what bounds it, in one process side by side: (a) input generation alone (fast-check
// values of a small object schema, of the example reserve-stock's schema and of echo's whole fuzz call); (b) checkRun
// alone on a real run's events; (c) fuzzOnHost on a headless runner (1000 runs, default checks, after a warm-up)
// against the tightest honest baseline of runs through the host, a plain loop of runs.start + the run's events to
// run-finished, and beneath it the tool host alone (a sink of our own, no registry, no history); rounds interleaved so
// all three see the same machine. (d) Where a run's time goes: the history store's methods timed in place, the main
// thread's event-loop utilisation against the process's CPU (all threads) and the workers created, fuzzTool alone with
// an execute that answers at once, and runs a second with 1, 2 and 4 calls at once, through the registry and on the
// tool host alone. Figures are medians of interleaved rounds; other sessions may load the machine, so the load average
// is printed before and after. A run that ends otherwise than expected is counted and shown, not thrown.

import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import fc from 'fast-check'
import type { RunEvent, StartRunBody } from '../src/shared/protocol.ts'
import { arbitraryOf } from '../src/testbench/fuzz/arbitraries.ts'
import { checkRun, DEFAULT_CHECKS } from '../src/testbench/fuzz/checks.ts'
import { callArbitrary, fuzzTool, type FuzzCall, type FuzzTarget } from '../src/testbench/fuzz/fuzz.ts'
import { RunStore } from '../server/history/runStore.ts'
import { fuzzOnHost } from '../server/runs/fuzzRunner.ts'
import { createHeadlessRunner, registryRun } from '../server/runs/replayHost.ts'
import type { RunRegistry } from '../server/runs/runs.ts'
import { ToolHost } from '../server/toolHost/host.ts'
import { Status } from '../src/runtime/status.ts'

const ECHO_FILE = fileURLToPath(new URL('../server/test/fixtures/tools/basic.ts', import.meta.url))
const INVENTORY_FILE = fileURLToPath(new URL('../server/examples/inventory.ts', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 1000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const GENERATED = Number(process.env.BENCH_VALUES ?? 20_000)
const CHECKED = Number(process.env.BENCH_CHECKS ?? 20_000)
const TARGET = 200
const CHECKS = new Set(DEFAULT_CHECKS)
const SMALL_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 40 },
    count: { type: 'integer', minimum: 0, maximum: 1000 },
    active: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
  },
  required: ['name', 'count'],
  additionalProperties: false,
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const rate = (n: number, ms: number) => (n / ms) * 1000
const fmt = (perSecond: number) => perSecond.toFixed(0)
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`

/** Values a second fast-check gives of `arbitrary` (fc.sample, `GENERATED` values, after a warm-up of 1000). */
function generationRate(arbitrary: fc.Arbitrary<unknown>): number {
  fc.sample(arbitrary, { numRuns: 1000, seed: 1 })
  const t0 = performance.now()
  const values = fc.sample(arbitrary, { numRuns: GENERATED, seed: 42 })
  const ms = performance.now() - t0
  if (values.length !== GENERATED) throw new Error(`fc.sample gave ${values.length} values`)
  return rate(GENERATED, ms)
}

/** checkRun calls a second on `events` (after a warm-up); throws when the run fails a check (a bench of a passing run). */
function checkRate(events: readonly RunEvent[], secrets: string[]): number {
  const options = { valid: true, secrets, enabled: CHECKS }
  const failures = checkRun(events, options)
  if (failures.length) throw new Error(`the sample run fails ${JSON.stringify(failures)}`)
  for (let i = 0; i < 1000; i++) checkRun(events, options)
  const t0 = performance.now()
  for (let i = 0; i < CHECKED; i++) checkRun(events, options)
  return rate(CHECKED, performance.now() - t0)
}

/** Runs that ended otherwise than expected in the run phases: counted and shown at the end, not thrown (one odd run must not lose the figures). */
const unexpected: string[] = []
/** The phase running now, named in `unexpected`. */
let phase = 'samples'

/** One run through the registry: start, then its events to run-finished (what fuzzOnHost does per call, minus fuzzing). */
async function plainRun(
  runs: RunRegistry,
  request: StartRunBody,
  status: string = Status.success,
): Promise<RunEvent[]> {
  const runId = await runs.start(request)
  const events: RunEvent[] = []
  for await (const event of registryRun(runs, runId).events) events.push(event as RunEvent)
  const last = events.at(-1)
  if (last?.type !== 'run-finished' || last.status !== status)
    unexpected.push(
      `${phase}: run ${runId} ended after ${events.map((e) => e.type).join(', ')}: ${JSON.stringify(events.find((e) => e.type === 'error') ?? last)}`,
    )
  return events
}

/** fuzzTool's own calls a second (generation, fast-check's property loop, checks) with an execute that answers at once. */
async function fuzzToolRate(target: FuzzTarget, valid: RunEvent[], invalid: RunEvent[]): Promise<number> {
  const execute = async (call: FuzzCall) => ({ events: call.valid ? valid : invalid })
  await fuzzTool(target, { runs: 1000, seed: 1, checks: CHECKS, execute })
  const t0 = performance.now()
  const report = await fuzzTool(target, { runs: GENERATED, seed: 42, checks: CHECKS, execute })
  if (report.failure || report.executed !== GENERATED)
    throw new Error(`fuzzTool with canned events: ${JSON.stringify(report.failure ?? report.executed)}`)
  return rate(GENERATED, performance.now() - t0)
}

/** A tool host reporting to a sink of our own: no registry, no history; `run` resolves at the run's run-finished. */
async function bareHost(): Promise<{
  run(request: StartRunBody): Promise<void>
  created(): number
  close(): Promise<void>
}> {
  const waiting = new Map<string, { resolve: () => void }>()
  const host = new ToolHost({
    paths: [ECHO_FILE],
    watch: false,
    log: () => {},
    sink: {
      onEvent(runId, event) {
        if (event.type === 'run-finished') waiting.get(runId)?.resolve()
      },
      onRunLost(runId, message) {
        unexpected.push(`${phase}: tool host alone, run ${runId} lost: ${message}`)
        waiting.get(runId)?.resolve()
      },
    },
  })
  await host.ready
  return {
    async run(request) {
      const runId = randomUUID()
      const done = new Promise<void>((resolve) => waiting.set(runId, { resolve }))
      await host.start(runId, request, 60_000)
      await done
      waiting.delete(runId)
    },
    created: () => host.stats().created,
    close: () => host.close(),
  }
}

/** A measured phase: runs made, wall time, main-thread event-loop utilisation, process CPU (all threads, in cores), workers created. */
interface Measure {
  runs: number
  ms: number
  elu: number
  cores: number
  workers: number
}

/** Measures `work`, which makes `runs` runs; `created` counts the host's workers created so far. */
async function measured(runs: number, created: () => number, work: () => Promise<void>): Promise<Measure> {
  const elu0 = performance.eventLoopUtilization()
  const cpu0 = process.cpuUsage()
  const workers0 = created()
  const t0 = performance.now()
  await work()
  const ms = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  return {
    runs,
    ms,
    elu: performance.eventLoopUtilization(elu0).utilization,
    cores: (cpu.user + cpu.system) / 1000 / ms,
    workers: created() - workers0,
  }
}

const perSecond = (m: Measure) => rate(m.runs, m.ms)

/** The median round's runs a second, every round's, and that round's thread and CPU figures. */
function summary(measures: Measure[]): string {
  const rates = measures.map(perSecond)
  const mid = measures[rates.indexOf(median(rates))]!
  return `${fmt(median(rates))} runs/s (rounds ${rates.map(fmt).join(', ')}; ${(1000 / median(rates)).toFixed(2)} ms a run; main thread busy ${(mid.elu * 100).toFixed(0)}%, process CPU ${mid.cores.toFixed(2)} cores = ${((mid.cores * mid.ms) / mid.runs).toFixed(2)} ms CPU a run, workers created ${measures.map((m) => m.workers).join('/')})`
}

const STORE_METHODS = ['createRun', 'append', 'events', 'keyOf', 'record', 'detail', 'list', 'flush', 'prune'] as const

/** Runs `work` with the history store's methods timed in place (outermost calls only), then puts them back. */
async function timeStore(work: () => Promise<void>): Promise<Map<string, { ms: number; calls: number }>> {
  const proto = RunStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const originals = STORE_METHODS.map((name) => proto[name]!)
  const spent = new Map<string, { ms: number; calls: number }>(STORE_METHODS.map((name) => [name, { ms: 0, calls: 0 }]))
  let depth = 0
  STORE_METHODS.forEach((name, i) => {
    proto[name] = function (this: unknown, ...args: unknown[]) {
      // append flushes and prunes at a run's end: counted once, in append.
      if (depth > 0) return originals[i]!.apply(this, args)
      depth++
      const t0 = performance.now()
      try {
        return originals[i]!.apply(this, args)
      } finally {
        depth--
        const s = spent.get(name)!
        s.ms += performance.now() - t0
        s.calls++
      }
    }
  })
  try {
    await work()
  } finally {
    STORE_METHODS.forEach((name, i) => (proto[name] = originals[i]!))
  }
  return spent
}

const echoRequest = (i: number): StartRunBody => ({ toolId: 'echo', input: { text: `run ${i}` } })

console.log(`Fuzz benchmark (Node ${process.version}, ${cpus().length} cores; /proc/loadavg before: ${loadavg()})`)

// The runner every run phase shares: a headless tool host + registry (history in memory), as `toolscope fuzz` uses.
const runner = await createHeadlessRunner({ paths: [ECHO_FILE, INVENTORY_FILE] })
const bare = await bareHost()
const toolOf = (id: string) => runner.host.catalog.tools.find((t) => t.id === id)!
const echoTarget = { toolId: 'echo', input: toolOf('echo').schemas.input as Record<string, unknown> }
const reserveSchema = toolOf('reserve-stock').schemas.input as Record<string, unknown>

// (a) Input generation alone.
console.log(`(a) input generation alone (fc.sample, ${GENERATED} values after a warm-up):`)
console.log(
  `    small object schema (4 fields: string ≤ 40, integer 0–1000, boolean, string array ≤ 5; 2 required): ${fmt(generationRate(arbitraryOf(SMALL_SCHEMA)))} values/s`,
)
console.log(
  `    reserve-stock's input schema (sku pattern, warehouse enum, integer 1–500, optional string ≤ 40): ${fmt(generationRate(arbitraryOf(reserveSchema)))} values/s`,
)
console.log(
  `    echo's input schema ({ text: string }): ${fmt(generationRate(arbitraryOf(echoTarget.input)))} values/s`,
)
const callRate = generationRate(callArbitrary(echoTarget) as fc.Arbitrary<unknown>)
console.log(
  `    echo's whole fuzz call (callArbitrary: valid or, 1 in 5, invalid input): ${fmt(callRate)} calls/s (${us(1000 / callRate)} a call)`,
)

// (b) checkRun alone, on the events of a real echo run and a real reserve-stock run.
const echoEvents = await plainRun(runner.runs, echoRequest(0))
const reserveEvents = await plainRun(runner.runs, {
  toolId: 'reserve-stock',
  input: { sku: 'KBD-0042', warehouse: 'ams-1', quantity: 10 },
})
const echoCheckRate = checkRate(echoEvents, [])
console.log(`(b) checkRun alone (default checks: ${DEFAULT_CHECKS.length}; ${CHECKED} calls after a warm-up):`)
console.log(
  `    echo run, ${echoEvents.length} events (${echoEvents.map((e) => e.type).join(', ')}), no secrets: ${fmt(echoCheckRate)} checks/s (${us(1000 / echoCheckRate)} a run)`,
)
console.log(
  `    same events, one planted secret (every view searched): ${fmt(checkRate(echoEvents, ['sk-fuzz-0abc1234']))} checks/s`,
)
console.log(
  `    reserve-stock run, ${reserveEvents.length} events, one planted secret: ${fmt(checkRate(reserveEvents, ['sk-fuzz-0abc1234']))} checks/s`,
)
// (a) + (b) together as fuzzTool runs them, the host left out: canned events of a real valid and a real invalid echo run.
const invalidEvents = await plainRun(runner.runs, { toolId: 'echo', input: { text: 5 } }, Status.error)
const fuzzAloneRate = await fuzzToolRate(echoTarget, echoEvents, invalidEvents)
console.log(
  `    fuzzTool alone on echo (generation + fast-check's property loop + checks; execute answers at once with those events): ${fmt(fuzzAloneRate)} calls/s (${us(1000 / fuzzAloneRate)} a call)`,
)

// The sample runs of (b) must be what they say.
if (unexpected.length) throw new Error(unexpected.join('\n'))

// (c) Runs through the host: fuzzOnHost against a plain loop of runs and the host alone, interleaved rounds.
for (let i = 0; i < 200; i++) await plainRun(runner.runs, echoRequest(i))
for (let i = 0; i < 200; i++) await bare.run(echoRequest(i))
await fuzzOnHost(runner.host, runner.runs, { toolId: 'echo', runs: 200, seed: 1, checks: [...CHECKS] })
const phases = { fuzz: [] as Measure[], calls: [] as Measure[], plain: [] as Measure[], bare: [] as Measure[] }
const created = () => runner.host.stats().created
for (let round = 0; round < ROUNDS; round++) {
  phase = `(c) round ${round + 1}`
  phases.fuzz.push(
    await measured(RUNS, created, async () => {
      const report = await fuzzOnHost(runner.host, runner.runs, {
        toolId: 'echo',
        runs: RUNS,
        seed: 1000 + round,
        checks: [...CHECKS],
      })
      if (report.failure || report.executed !== RUNS)
        unexpected.push(`${phase}: fuzz of echo: ${JSON.stringify(report.failure ?? report.executed)}`)
    }),
  )
  // The fuzz's own mix of calls (1 in 5 invalid) in a plain loop: splits the mix's cost from fast-check's and the checks'.
  const calls = fc.sample(callArbitrary(echoTarget), { numRuns: RUNS, seed: 1000 + round })
  phases.calls.push(
    await measured(RUNS, created, async () => {
      for (const call of calls)
        await plainRun(runner.runs, { toolId: 'echo', input: call.input }, call.valid ? Status.success : Status.error)
    }),
  )
  phases.plain.push(
    await measured(RUNS, created, async () => {
      for (let i = 0; i < RUNS; i++) await plainRun(runner.runs, echoRequest(i))
    }),
  )
  phases.bare.push(
    await measured(RUNS, bare.created, async () => {
      for (let i = 0; i < RUNS; i++) await bare.run(echoRequest(i))
    }),
  )
}
const msPerRun = (m: Measure) => m.ms / m.runs
/** Median of the rounds' differences in ms a run (each round's phases ran back to back, on the same machine load). */
const pairedMs = (a: Measure[], b: Measure[]) => median(a.map((m, i) => msPerRun(m) - msPerRun(b[i]!)))
const fuzzRate = median(phases.fuzz.map(perSecond))
console.log(
  `(c) generated runs of echo, one at a time, ${RUNS} runs × ${ROUNDS} interleaved rounds after a warm-up (medians):`,
)
console.log(`    fuzzOnHost (headless runner, default checks, 1 in 5 inputs invalid): ${summary(phases.fuzz)}`)
console.log(
  `    plain loop over the fuzz's own calls (fc.sample of callArbitrary, same seeds; no fast-check property, no checks): ${summary(phases.calls)}`,
)
console.log(
  `    plain loop: runs.start + registry events to run-finished (no fast-check, no checks): ${summary(phases.plain)}`,
)
console.log(`    tool host alone: host.start + a sink of our own (no registry, no history): ${summary(phases.bare)}`)
const overhead = pairedMs(phases.fuzz, phases.plain)
console.log(
  `    fuzz overhead over the plain loop (medians of the rounds' differences): ${us(overhead)} a run, of which the mix of calls ${us(pairedMs(phases.calls, phases.plain))} and fuzzing proper ${us(pairedMs(phases.fuzz, phases.calls))}; target ≥ ${TARGET} runs/s: ${fuzzRate >= TARGET ? 'met' : 'not met'}`,
)

// (d) Where a run's time goes, measured in passes of their own.
console.log(`(d) where a run's time goes:`)
const storeRuns = Math.min(RUNS, 500)
let storeWall = 0
const spent = await timeStore(async () => {
  const t0 = performance.now()
  await fuzzOnHost(runner.host, runner.runs, { toolId: 'echo', runs: storeRuns, seed: 7, checks: [...CHECKS] })
  storeWall = performance.now() - t0
})
const storeTotal = [...spent.values()].reduce((sum, s) => sum + s.ms, 0)
const perRun = [...spent]
  .filter(([, s]) => s.calls)
  .map(([name, s]) => `${name} ×${(s.calls / storeRuns).toFixed(1)} ${us(s.ms / storeRuns)}`)
console.log(
  `    history store (RunStore methods timed in place, ${storeRuns} fuzz runs): ${us(storeTotal / storeRuns)} a run of ${us(storeWall / storeRuns)} (${((storeTotal / storeWall) * 100).toFixed(0)}%): ${perRun.join(', ')}`,
)
console.log(
  `    the tool host alone (worker round trip, validation, the run in its worker): ${us(median(phases.bare.map(msPerRun)))} a run; registry + history on top (median of the rounds' differences): ${us(pairedMs(phases.plain, phases.bare))} a run`,
)
console.log(
  `    fuzzing itself: fuzzTool alone ${us(1000 / fuzzAloneRate)} a call (of it, generation ${us(1000 / callRate)} and checkRun ${us(1000 / echoCheckRate)}), plus fuzzRunner's second checkRun ${us(1000 / echoCheckRate)}, against the ${us(pairedMs(phases.fuzz, phases.calls))} of fuzzing proper measured in (c)`,
)

// Several calls at once, through the registry and on the tool host alone (is a slowdown the host's or the registry's?).
const parallel = new Map<string, Measure[]>()
for (let round = 0; round < ROUNDS; round++) {
  for (const n of [1, 2, 4]) {
    phase = `(d) round ${round + 1}, ${n} at once`
    for (const [where, runOne, count] of [
      ['plain', (i: number) => plainRun(runner.runs, echoRequest(i)), created],
      ['tool host alone', (i: number) => bare.run(echoRequest(i)), bare.created],
    ] as const) {
      // A warm-up with n at once first: each concurrent run needs a loaded worker of its own.
      await Promise.all(Array.from({ length: n }, (_, c) => runOne(c)))
      const per = Math.floor(RUNS / n)
      const measure = await measured(per * n, count, async () => {
        await Promise.all(
          Array.from({ length: n }, async (_, c) => {
            for (let i = 0; i < per; i++) await runOne(c * per + i)
          }),
        )
      })
      const key = `${n} ${where} run${n > 1 ? 's' : ''} at once`
      parallel.set(key, [...(parallel.get(key) ?? []), measure])
    }
  }
}
for (const [key, measures] of parallel)
  console.log(`    ${key} (${measures[0]!.runs} runs × ${ROUNDS} interleaved rounds): ${summary(measures)}`)

if (unexpected.length)
  console.log(
    `    runs that did not end as expected: ${unexpected.length}; first: ${unexpected[0]}; phases: ${unexpected.map((u) => u.split(':')[0]).join(', ')}`,
  )
await bare.close()
await runner.close()
console.log(`/proc/loadavg after: ${loadavg()}`)
