// A model provider's key never leaves the server: with a key planted in the environment, a model that
// echoes it into its tool arguments and its answer, and a provider error that quotes it (as OpenAI's "Incorrect API key
// provided: sk-…" does), the key reaches the model server — and nothing else: not the conversation's events, not the
// runs in history (API or the database file), not a saved scenario, a run export, a demo build, the eval command's
// output and JUnit file, or an eval job read over HTTP.

import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EvalJob, RunPage } from '../../src/shared/protocol.ts'
import { parseEvalArgs, runEval } from '../cli/eval.ts'
import { EXAMPLES_DIR } from '../context.ts'
import { modelKeysFrom } from '../models/keys.ts'
import { runCli } from './cliProcess.ts'
import { readSse, startTestServer, tempDir } from './helpers.ts'
import { startScriptedModel, turn, type ScriptedModel } from './scriptedModel.ts'

const KEY = 'sk-planted-model-key-9f8e7d6c5b4a3210'
const TIMEOUT = 180_000

let project: { dir: string; cleanup: () => Promise<void> }
let model: ScriptedModel
beforeAll(async () => {
  project = await tempDir('toolscope-model-keys-')
  model = await startScriptedModel()
})
afterAll(async () => {
  await model.close()
  await project.cleanup()
})

/** Every file under `dir`, as text (binary files too: a key stored in SQLite is plain bytes). */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    out.set(file, (await readFile(file)).toString('latin1'))
  }
  return out
}

/** The turns of a model that echoes the key into a tool call and into its answer. */
const leakyTrial = () => [
  turn.call('weather-tool', { location: `Lima ${KEY}` }),
  turn.text(`Done. By the way, your key is ${KEY}.`),
]

describe('a model key planted in the environment', () => {
  it('reaches the model server and no event, history, scenario, export, demo build or eval output', {
    timeout: TIMEOUT,
  }, async () => {
    const dataDir = join(project.dir, 'data')
    const scenariosDir = join(project.dir, 'toolscope', 'scenarios')
    const evalsDir = join(project.dir, 'toolscope', 'evals')
    await mkdir(evalsDir, { recursive: true })
    const evalCase = {
      name: 'lima',
      prompt: 'Weather in Lima?',
      tools: ['weather-tool'],
      expect: { calls: [{ tool: 'weather-tool' }] },
      k: 1,
    }
    await writeFile(join(evalsDir, 'lima.json'), JSON.stringify(evalCase))
    const seen: string[] = []
    const target = { provider: 'openai' as const, model: 'gpt-scripted', baseURL: model.baseURL }
    const server = await startTestServer({
      paths: [EXAMPLES_DIR],
      dataDir,
      scenariosDir,
      models: { keys: modelKeysFrom({ ...process.env, OPENAI_API_KEY: KEY }) },
    })
    let runIds: string[]
    try {
      // A conversation whose model echoes the key, and one whose provider error quotes it.
      model.push(...leakyTrial(), turn.rateLimit(1, `Incorrect API key provided: ${KEY}.`))
      for (const prompt of ['Weather in Lima?', 'Again?']) {
        const started = await server.api('/api/try', {
          method: 'POST',
          json: { model: target, prompt, tools: ['weather-tool'] },
        })
        const { tryId } = (await started.json()) as { tryId: string }
        for await (const frame of readSse(await server.api(`/api/try/${tryId}/events`))) seen.push(frame.data)
        seen.push(await (await server.api(`/api/try/${tryId}`)).text())
      }
      expect(seen.join('\n')).toMatch(/HTTP 429/)

      // An eval job over HTTP.
      model.push(...leakyTrial())
      const job = await server.api('/api/evals/run', { method: 'POST', json: { models: [target] } })
      const { jobId } = (await job.json()) as { jobId: string }
      await expect
        .poll(async () => ((await (await server.api(`/api/evals/jobs/${jobId}`)).json()) as EvalJob).phase, {
          timeout: 60_000,
        })
        .toBe('done')
      seen.push(await (await server.api(`/api/evals/jobs/${jobId}`)).text())

      // History, each run's events, a saved scenario and an export.
      const page = (await (await server.api('/api/runs')).json()) as RunPage
      runIds = page.runs.map((r) => r.runId)
      expect(runIds.length).toBeGreaterThanOrEqual(2)
      seen.push(JSON.stringify(page))
      for (const runId of runIds) {
        seen.push(...(await server.events(runId)).map((e) => JSON.stringify(e)))
        seen.push(await (await server.api(`/api/runs/${runId}/export`)).text())
      }
      const saved = await server.api('/api/scenarios', {
        method: 'POST',
        json: { runId: runIds.at(-1), name: 'lima-from-a-model' },
      })
      expect(saved.status).toBeLessThan(300)
    } finally {
      await server.stop()
    }

    // The eval command, with JUnit and its runs kept in history.
    model.push(...leakyTrial())
    const lines: string[] = []
    const junit = join(project.dir, 'eval.xml')
    const args = parseEvalArgs([
      EXAMPLES_DIR,
      '--evals',
      evalsDir,
      '--model',
      'openai:gpt-scripted',
      '--base-url',
      model.baseURL,
      '--reporter',
      'junit',
      '--output',
      junit,
      '--data-dir',
      dataDir,
    ])
    expect(await runEval(args, (line) => lines.push(line), { OPENAI_API_KEY: KEY })).toBe(0)
    seen.push(...lines)

    // A demo build of the model's runs.
    const demo = join(project.dir, 'demo')
    const built = await runCli(
      ['build', EXAMPLES_DIR, '--runs', runIds.join(','), '--data-dir', dataDir, '--out', demo],
      { cwd: project.dir },
    )
    expect(built.code, built.stderr).toBe(0)
    seen.push(built.stdout, built.stderr)

    // The key was really in play: every request carried it.
    expect(model.requests.length).toBeGreaterThanOrEqual(6)
    for (const request of model.requests) expect(request.headers.authorization).toBe(`Bearer ${KEY}`)
    // And it is nowhere else.
    const files = await filesUnder(project.dir)
    expect([...files.keys()].some((f) => f.endsWith('eval.xml'))).toBe(true)
    expect([...files.keys()].some((f) => f.includes(`${join('demo', 'runs')}`))).toBe(true)
    expect([...files.keys()].some((f) => f.endsWith('.json') && f.includes('lima-from-a-model'))).toBe(true)
    for (const [file, text] of files) expect(text.includes(KEY), file).toBe(false)
    for (const text of seen) expect(text.includes(KEY), text.slice(0, 300)).toBe(false)
    // What the model echoed is still visible, masked: the run's input kept its shape.
    expect(seen.join('\n')).toContain(`Lima ${'*'.repeat(KEY.length)}`)
  })
})
