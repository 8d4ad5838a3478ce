// Evals end to end with the scripted model (openai-compatible, and openai with a key from an --env-file): `toolscope eval`
// reports a k = 5 case's pass rate and pass^k and exits by its threshold, names a malformed argument stream, writes
// JUnit, compares description variants, keeps its runs in a --data-dir history (the binary) and refuses usage errors
// with exit 2; the runner answers approvals and suspensions from the case's `answers`; the eval routes list the
// files, run a job to its results, refuse a third job and cancel one.
import { readFile, writeFile } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Status } from '../../src/runtime/index.ts'
import { EvalJob, EvalList } from '../../src/shared/protocol.ts'
import { EvalCase, type EvalCaseInput } from '../../src/testbench/evals/evalFile.ts'
import { parseEvalArgs, run as runEvalCommand, runEval } from '../cli/eval.ts'
import { runEvals } from '../evals/evalRunner.ts'
import { mountEvalRoutes } from '../http/evalRoutes.ts'
import { modelKeysFrom } from '../models/keys.ts'
import { RunStore } from '../history/runStore.ts'
import { createHeadlessRunner, type HeadlessRunner } from '../runs/replayHost.ts'
import { runCli } from './cliProcess.ts'
import { FIXTURES, tempDir } from './helpers.ts'
import { startScriptedModel, turn, type ScriptedModel, type ScriptedTurn } from './scriptedModel.ts'

const WEATHER = fileURLToPath(new URL('../examples/weather.ts', import.meta.url))
const TIMEOUT = 120_000

const lima: EvalCaseInput = {
  name: 'weather-in-lima',
  prompt: 'What is the weather in Lima?',
  tools: ['weather-tool'],
  expect: { calls: [{ tool: 'weather-tool', args: { location: 'Lima' } }] },
  k: 5,
}

/** A trial in which the model calls the weather tool with `location`, then answers. */
const weatherTrial = (location: string): ScriptedTurn[] => [
  turn.call('weather-tool', { location }),
  turn.text(`It is sunny in ${location}.`),
]

let dir: { dir: string; cleanup: () => Promise<void> }
let model: ScriptedModel | undefined
beforeAll(async () => {
  dir = await tempDir('toolscope-evals-')
})
afterAll(() => dir.cleanup())
afterEach(async () => {
  await model?.close()
  model = undefined
  vi.restoreAllMocks()
})

/** Writes eval files into a fresh folder; resolves to its path. */
async function evalsFolder(name: string, files: Record<string, unknown>): Promise<string> {
  const folder = join(dir.dir, name)
  const { mkdir } = await import('node:fs/promises')
  await mkdir(folder, { recursive: true })
  for (const [file, content] of Object.entries(files)) await writeFile(join(folder, file), JSON.stringify(content))
  return folder
}

/** Runs `toolscope eval` in-process against the scripted model; resolves to its exit code and printed lines. */
async function evalCommand(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = []
  const code = await runEval(parseEvalArgs(args), (line) => lines.push(line), env)
  return { code, lines }
}

const scriptedArgs = (evals: string) => [
  WEATHER,
  '--evals',
  evals,
  '--provider',
  'openai-compatible',
  '--base-url',
  model!.baseURL,
  '--model',
  'scripted',
]

describe('toolscope eval', () => {
  it("reports a k = 5 case's pass rate and pass^k, the calls of a failed trial, and exits by the threshold", {
    timeout: TIMEOUT,
  }, async () => {
    const strict = await evalsFolder('strict', { 'lima.json': lima })
    const script = () => [
      ...weatherTrial('Lima'),
      ...weatherTrial('Lima'),
      ...weatherTrial('lima'),
      ...weatherTrial('Lima'),
      ...weatherTrial('Lima'),
    ]
    model = await startScriptedModel(script())
    const junit = join(dir.dir, 'reports', 'eval.xml')
    const failed = await evalCommand([...scriptedArgs(strict), '--reporter', 'junit', '--output', junit])
    expect(failed.code, failed.lines.join('\n')).toBe(1)
    expect(model.remaining()).toBe(0)
    const row = failed.lines.find((l) => l.includes('✗ weather-in-lima'))
    expect(row).toMatch(
      /^ {2}✗ weather-in-lima {2}openai-compatible:scripted {2}4\/5 \(80%\) {2}pass\^5 0\.00 {2}\d+ tokens$/,
    )
    expect(failed.lines).toContain(
      '      trial 3: ' +
        `called weather-tool {"location":"lima"} (run ${failed.lines.join('\n').match(/\(run ([0-9a-f-]{36})\)/)![1]})`,
    )
    expect(failed.lines).toContain(
      '        ✗ expected a call of weather-tool with args matching {"location":"Lima"}; the model called weather-tool {"location":"lima"}',
    )
    expect(failed.lines.at(-1)).toBe('0 passed, 1 failed')
    const xml = await readFile(junit, 'utf8')
    expect(xml).toContain('<testcase classname="toolscope eval" name="weather-in-lima · openai-compatible:scripted"')
    expect(xml).toContain('<failure message="4/5 trials passed (80%), below the threshold of 100%">')

    const lenient = await evalsFolder('lenient', { 'lima.json': { ...lima, threshold: 0.8 } })
    model.push(...script())
    const passed = await evalCommand(scriptedArgs(lenient))
    expect(passed.code, passed.lines.join('\n')).toBe(0)
    expect(passed.lines.find((l) => l.includes('weather-in-lima'))).toMatch(
      /^ {2}✓ weather-in-lima {2}openai-compatible:scripted {2}4\/5 \(80%\) {2}pass\^5 0\.00 /,
    )
    expect(passed.lines.at(-1)).toBe('1 passed, 0 failed')
  })

  it('fails a case whose model streams malformed argument JSON, naming the call and its error', {
    timeout: TIMEOUT,
  }, async () => {
    const evals = await evalsFolder('malformed', { 'lima.json': { ...lima, k: 1 } })
    model = await startScriptedModel(
      [turn.malformedCall('weather-tool', '{"location": "Li'), turn.text('Something went wrong.')],
      { argumentFragments: 4 },
    )
    const { code, lines } = await evalCommand(scriptedArgs(evals))
    expect(code).toBe(1)
    const text = lines.join('\n')
    expect(text).toMatch(/✗ weather-in-lima {2}openai-compatible:scripted {2}0\/1 \(0%\)/)
    expect(text).toMatch(/the model called weather-tool \{"location": "Li \(failed: [^)]*not valid JSON/)
    // The tool result sent back to the model said so.
    expect(JSON.stringify(model.requests[1]!.body.messages)).toMatch(/not valid JSON/)
  })

  it('runs each description variant as its own row and shows the difference in pass rate', {
    timeout: TIMEOUT,
  }, async () => {
    const variants = { terse: { 'weather-tool': { description: 'Weather by city.' } } }
    const evals = await evalsFolder('variants', { 'lima.json': { ...lima, k: 2, threshold: 0.5, variants } })
    model = await startScriptedModel([
      ...weatherTrial('Lima'),
      ...weatherTrial('Lima'),
      ...weatherTrial('Lima'),
      ...weatherTrial('Peru'),
    ])
    const { code, lines } = await evalCommand([...scriptedArgs(evals), '--variants'])
    expect(code, lines.join('\n')).toBe(0)
    expect(lines.find((l) => l.includes('✓ weather-in-lima [terse]'))).toMatch(/1\/2 \(50%\)/)
    expect(lines).toContain('  Δ weather-in-lima  openai-compatible:scripted: base 100%; terse 50% (−50 points)')
    const described = model.requests.map((r) => r.body.tools?.[0]?.function?.description)
    expect(described.slice(0, 4)).toEqual(Array(4).fill('Get the current weather for a location'))
    expect(described.slice(4)).toEqual(Array(4).fill('Weather by city.'))
  })

  it('reads a key from --env-file into the keys only, never into process.env', { timeout: TIMEOUT }, async () => {
    const evals = await evalsFolder('keyed', { 'lima.json': { ...lima, k: 1 } })
    const envFile = join(dir.dir, '.env')
    await writeFile(envFile, 'OPENAI_API_KEY="sk-from-env-file"\n')
    model = await startScriptedModel(weatherTrial('Lima'))
    const { code, lines } = await evalCommand([
      WEATHER,
      '--evals',
      evals,
      '--model',
      'openai:gpt-test',
      '--base-url',
      model.baseURL,
      '--env-file',
      envFile,
    ])
    expect(code, lines.join('\n')).toBe(0)
    expect(model.requests[0]!.headers.authorization).toBe('Bearer sk-from-env-file')
    expect(process.env.OPENAI_API_KEY).not.toBe('sk-from-env-file')
    expect(lines.join('\n')).not.toContain('sk-from-env-file')
  })

  it("the binary runs it, keeping the trials' runs in the --data-dir history", { timeout: TIMEOUT }, async () => {
    const evals = await evalsFolder('binary', { 'lima.json': { ...lima, k: 1 } })
    const dataDir = join(dir.dir, 'history')
    model = await startScriptedModel(weatherTrial('Lima'))
    const { code, stdout, stderr } = await runCli(['eval', ...scriptedArgs(evals), '--data-dir', dataDir], {
      cwd: dir.dir,
    })
    expect(code, stderr).toBe(0)
    expect(stdout).toMatch(/✓ weather-in-lima {2}openai-compatible:scripted {2}1\/1 \(100%\) {2}pass\^1 1\.00/)
    const store = new RunStore({ dataDir, readOnly: true })
    try {
      const { runs } = store.list({ tool: 'weather-tool' })
      expect(runs).toHaveLength(1)
      expect(runs[0]).toMatchObject({ toolId: 'weather-tool', status: Status.success })
    } finally {
      store.close()
    }
  })

  it('refuses usage errors with exit 2 and a clear message', { timeout: TIMEOUT }, async () => {
    const errors: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line))
    const evals = await evalsFolder('usage', { 'lima.json': lima })
    const empty = await evalsFolder('empty', {})
    const cases: Array<[string[], RegExp]> = [
      [['--evals', evals, '--model', 'mistral:large'], /names no provider|unknown provider "mistral"/],
      [['--evals', evals, '--provider', 'acme', '--model', 'x'], /unknown provider "acme"/],
      [['--evals', evals], /give the model to evaluate with --model/],
      [
        ['--evals', evals, '--model', 'openai-compatible:llama3.1:8b'],
        /openai-compatible:llama3\.1:8b needs --base-url/,
      ],
      [
        ['--evals', empty, '--model', 'openai-compatible:x', '--base-url', 'http://127.0.0.1:9/v1'],
        /no eval files in /,
      ],
    ]
    for (const [args, message] of cases) {
      errors.length = 0
      expect(await runEvalCommand(args), args.join(' ')).toBe(2)
      expect(errors.join('\n')).toMatch(message)
    }
    errors.length = 0
    expect(await runEval(parseEvalArgs(['--evals', evals, '--model', 'anthropic:claude-x']), () => {}, {})).toBe(2)
    expect(errors.join('\n')).toMatch(/no key for anthropic \(anthropic:claude-x\): set ANTHROPIC_API_KEY/)
    // An id with colons of its own, under --provider.
    expect(
      parseEvalArgs([
        '--provider',
        'openai-compatible',
        '--base-url',
        'http://127.0.0.1:11434/v1',
        '--model',
        'llama3.1:8b',
      ]).models,
    ).toEqual([{ provider: 'openai-compatible', model: 'llama3.1:8b', baseURL: 'http://127.0.0.1:11434/v1' }])
  })
})

describe('eval runner', () => {
  let runner: HeadlessRunner
  beforeAll(async () => {
    runner = await createHeadlessRunner({ paths: [join(FIXTURES, 'interactive.ts')] })
  })
  afterAll(() => runner.close())

  it("answers approvals and suspensions from the case's answers, and fails a case that names an unknown tool without asking the model", {
    timeout: TIMEOUT,
  }, async () => {
    const base = { prompt: 'Do it.', k: 1, expect: { callCount: 1 } }
    const cases = [
      { ...base, name: 'approved', tools: ['delete-file'] },
      { ...base, name: 'declined', tools: ['delete-file'], answers: { approve: { 'delete-file': false } } },
      {
        ...base,
        name: 'resumed',
        tools: ['book-seat'],
        answers: { resumeData: { 'book-seat': { seat: '2C' } } },
        expect: { answerIncludes: 'seat 2C' },
      },
      { ...base, name: 'unresumed', tools: ['book-seat'] },
      { ...base, name: 'unknown', tools: ['no-such-tool'] },
    ].map((c) => ({ ...EvalCase.parse(c), file: 'inline.json' }))
    model = await startScriptedModel([
      turn.call('delete-file', { path: '/tmp/a' }),
      turn.text('Deleted.'),
      turn.call('delete-file', { path: '/tmp/b' }),
      turn.text('Not deleted.'),
      turn.call('book-seat', { flight: 'LA123' }),
      turn.text('Booked seat 2C.'),
      turn.call('book-seat', { flight: 'LA124' }),
      turn.text('Could not book.'),
    ])
    const progress: number[] = []
    const results = await runEvals(
      { host: runner.host, runs: runner.runs, keys: modelKeysFrom({}) },
      {
        cases,
        models: [{ provider: 'openai-compatible', model: 'scripted', baseURL: model.baseURL }],
        onProgress: (done) => progress.push(done),
      },
    )
    expect(progress).toEqual([0, 1, 2, 3, 4, 5])
    const status = (name: string) => results.find((r) => r.name === name)!.trials[0]!.calls[0]?.status
    expect(status('approved')).toBe(Status.success)
    expect(status('declined')).toBe(Status.declined)
    expect(status('resumed')).toBe(Status.success)
    expect(results.find((r) => r.name === 'resumed')!.ok).toBe(true)
    expect(status('unresumed')).toBe(Status.aborted)
    const unknown = results.find((r) => r.name === 'unknown')!
    expect(unknown).toMatchObject({
      ok: false,
      passes: 0,
      trials: [{ failures: ['the case cannot run: no tool "no-such-tool" in the catalog'] }],
    })
    expect(model.remaining()).toBe(0)
    expect(model.requests).toHaveLength(8)
  })
})

describe('eval routes', () => {
  let runner: HeadlessRunner
  let app: Hono
  let evals: string
  beforeAll(async () => {
    runner = await createHeadlessRunner({ paths: [WEATHER] })
    evals = await evalsFolder('routes', { 'lima.json': { ...lima, k: 2 }, 'broken.json': { name: 'broken' } })
    app = new Hono()
    mountEvalRoutes(app, { host: runner.host, runs: runner.runs, keys: modelKeysFrom({}), evalsDir: evals })
  })
  afterAll(() => runner.close())

  const post = (path: string, json?: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json ?? {}),
    })
  const job = async (id: string) => EvalJob.parse(await (await app.request(`/api/evals/jobs/${id}`)).json())

  it('lists the eval files and the ones that cannot be read', async () => {
    const list = EvalList.parse(await (await app.request('/api/evals')).json())
    expect(list.evals).toEqual([
      {
        name: 'weather-in-lima',
        file: join(evals, 'lima.json'),
        tools: ['weather-tool'],
        k: 2,
        prompt: lima.prompt,
        variants: [],
      },
    ])
    expect(list.errors).toEqual([
      {
        file: join(evals, 'broken.json'),
        message: expect.stringMatching(/^not a valid eval file: prompt: .*; expect: /),
      },
    ])
  })

  it('runs a job to its results, which GET returns', { timeout: TIMEOUT }, async () => {
    model = await startScriptedModel([...weatherTrial('Lima'), ...weatherTrial('Oslo')])
    const res = await post('/api/evals/run', {
      models: [{ provider: 'openai-compatible', model: 'scripted', baseURL: model.baseURL }],
    })
    expect(res.status, await res.clone().text()).toBe(202)
    const { jobId } = (await res.json()) as { jobId: string }
    await expect.poll(async () => (await job(jobId)).phase, { timeout: 60_000, interval: 100 }).toBe('done')
    const done = await job(jobId)
    expect(done).toMatchObject({
      done: 2,
      total: 2,
      results: [
        {
          name: 'weather-in-lima',
          model: 'openai-compatible:scripted',
          k: 2,
          passes: 1,
          passRate: 0.5,
          passK: 0,
          ok: false,
        },
      ],
    })
    expect(done.results[0]!.trials[1]!.calls[0]).toMatchObject({
      toolId: 'weather-tool',
      args: { location: 'Oslo' },
      status: Status.success,
      runId: expect.any(String),
    })
  })

  it('refuses bodies it cannot run: unknown cases, a provider without a key, a bad body', async () => {
    const scripted = { provider: 'openai-compatible', model: 'scripted', baseURL: 'http://127.0.0.1:9/v1' }
    const unknown = await post('/api/evals/run', { names: ['nope'], models: [scripted] })
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('No eval case \\"nope\\"')
    const keyless = await post('/api/evals/run', { models: [{ provider: 'openai', model: 'gpt-x' }] })
    expect(keyless.status).toBe(400)
    expect(await keyless.text()).toContain('set OPENAI_API_KEY')
    expect((await post('/api/evals/run', { models: [] })).status).toBe(400)
    expect((await app.request('/api/evals/jobs/nope')).status).toBe(404)
  })

  it('runs at most two jobs at once and cancels one', { timeout: TIMEOUT }, async () => {
    // A model that takes requests and never answers keeps both jobs running.
    const sockets: Socket[] = []
    const silent: Server = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const baseURL = `http://127.0.0.1:${(silent.address() as { port: number }).port}/v1`
    try {
      const body = { models: [{ provider: 'openai-compatible', model: 'silent', baseURL }] }
      const ids: string[] = []
      for (let i = 0; i < 2; i++) {
        const res = await post('/api/evals/run', body)
        expect(res.status).toBe(202)
        ids.push(((await res.json()) as { jobId: string }).jobId)
      }
      expect((await post('/api/evals/run', body)).status).toBe(429)
      for (const id of ids) {
        const cancelled = EvalJob.parse(await (await post(`/api/evals/jobs/${id}/cancel`)).json())
        expect(cancelled.phase).toBe('cancelled')
      }
      // Once their trials in flight have ended, a new job may start.
      await expect
        .poll(
          async () => {
            const res = await post('/api/evals/run', body)
            if (res.status === 202)
              await post(`/api/evals/jobs/${((await res.json()) as { jobId: string }).jobId}/cancel`)
            return res.status
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe(202)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})
