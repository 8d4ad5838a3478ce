// Runtime benchmark (`npm run bench`, and `npm run bench:node22` on the sample project's Node 22): direct tool.execute
// against the bare baseline (input safeParse + the same async function + output safeParse, inline), Mastra's own execute
// when @mastra/core can load (Node 22), and a full runTool() pipeline with hooks, transforms and toModelOutput.

import { z } from 'zod'
import { createTool, runTool } from '../src/runtime/index.ts'

const input = z.object({ a: z.number(), b: z.number() })
const output = z.object({ sum: z.number() })
const fn = async ({ a, b }: { a: number; b: number }) => ({ sum: a + b })

async function baseline(value: unknown) {
  const parsed = input.safeParse(value)
  if (!parsed.success) return { error: true }
  const out = await fn(parsed.data)
  const checked = output.safeParse(out)
  return checked.success ? checked.data : { error: true }
}

const tool = createTool({ id: 'sum', description: 'adds', inputSchema: input, outputSchema: output, execute: fn })

/** Mastra's createTool from the sample project (it needs Node 22); undefined where it cannot load. */
async function mastraCreateTool(): Promise<
  ((config: object) => { execute(input: unknown): Promise<unknown> }) | undefined
> {
  try {
    const mod = await import(
      new URL('../e2e/mastra-project/node_modules/@mastra/core/dist/tools/index.js', import.meta.url).href
    )
    return mod.createTool
  } catch {
    return undefined
  }
}

const full = createTool({
  id: 'sum-full',
  description: 'adds, with every runtime feature',
  inputSchema: input,
  outputSchema: output,
  execute: fn,
  onInputStart: () => {},
  onInputDelta: () => {},
  onInputAvailable: () => {},
  onOutput: () => {},
  transform: {
    display: { input: ({ input }) => input, output: ({ output }) => output },
    transcript: { output: ({ output }) => output },
  },
  toModelOutput: (o) => ({ type: 'text', value: String(o.sum) }),
})

async function batch(iterations: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const start = performance.now()
  for (let i = 0; i < iterations; i++) await call(i)
  return (performance.now() - start) / iterations
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]
const line = (name: string, ms: number) =>
  console.log(
    `${name.padEnd(34)} ${(1000 / ms).toFixed(0).padStart(10)} calls/s  ${(ms * 1e6).toFixed(0).padStart(8)} ns/call`,
  )

const N = Number(process.env.BENCH_N ?? 100_000)
const ROUNDS = 9
const baselineCall = (i: number) => baseline({ a: i, b: 1 })
const executeCall = (i: number) => tool.execute!({ a: i, b: 1 })
const pipelineCall = (i: number) => runTool(full, { input: { a: i, b: 1 } }).result
const mastraCall = (i: number) => mastraTool!.execute({ a: i, b: 1 })

// Warm-up (JIT), then baseline and execute rounds interleaved so that machine noise hits both alike.
await batch(20_000, baselineCall)
await batch(20_000, executeCall)
await batch(500, pipelineCall)
const base: number[] = []
const direct: number[] = []
const ratios: number[] = []
for (let r = 0; r < ROUNDS; r++) {
  base.push(await batch(N, baselineCall))
  direct.push(await batch(N, executeCall))
  ratios.push(direct[r] / base[r])
}
// Mastra is loaded only now, so that its code cannot change how the rounds above were compiled.
const mastraMake = await mastraCreateTool()
const mastraTool = mastraMake?.({
  id: 'sum',
  description: 'adds',
  inputSchema: input,
  outputSchema: output,
  execute: fn,
})
const mastra: number[] = []
if (mastraTool) {
  await batch(20_000, mastraCall)
  for (let r = 0; r < ROUNDS; r++) mastra.push((await batch(N, mastraCall)) / (await batch(N, baselineCall)))
}
const pipeline: number[] = []
for (let r = 0; r < 5; r++) pipeline.push(await batch(Math.max(1, Math.floor(N / 50)), pipelineCall))

console.log(`Node ${process.version}; ${N} calls per round, median of ${ROUNDS} interleaved rounds\n`)
line('baseline (safeParse+fn+safeParse)', median(base))
line('tool.execute (direct)', median(direct))
line('runTool full pipeline', median(pipeline))
console.log(
  `\nexecute / baseline time ratio: ${median(ratios).toFixed(2)}x (median of per-round ratios; target <= 1.3x)`,
)
if (mastraTool)
  console.log(
    `Mastra execute / baseline time ratio: ${median(mastra).toFixed(2)}x (@mastra/core's own createTool, same rounds)`,
  )
console.log(`runTool / baseline time ratio: ${(median(pipeline) / median(base)).toFixed(0)}x`)
