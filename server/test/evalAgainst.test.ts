// Description tuning against the last commit: `toolscope eval --against HEAD` runs every case twice — the
// model told about the tools as the working copy describes them, and as the commit did — and prints the difference in
// pass rate; only the working copy's rows decide the exit code. The commit is read from a real git repository.

import { execFileSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEvalArgs, runEval } from '../cli/eval.ts'
import { committedOverrides, CommittedToolsError } from '../evals/committedTools.ts'
import { EvalJob } from '../../src/shared/protocol.ts'
import { startTestServer, tempDir } from './helpers.ts'
import { startScriptedModel, turn, type ScriptedModel } from './scriptedModel.ts'

// The repository lives outside this project, so its tool imports the runtime and zod by absolute URL.
const RUNTIME = pathToFileURL(fileURLToPath(new URL('../../src/index.ts', import.meta.url))).href
const ZOD = import.meta.resolve('zod')
const TIMEOUT = 120_000

const toolFile = (description: string) => `import { z } from '${ZOD}'
import { createTool } from '${RUNTIME}'
export const lookup = createTool({
  id: 'order-lookup',
  description: ${JSON.stringify(description)},
  inputSchema: z.object({ orderId: z.string() }),
  execute: async ({ orderId }) => ({ orderId, state: 'shipped' }),
})
`

let model: ScriptedModel | undefined
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await model?.close()
  model = undefined
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** A git repository whose last commit describes the tool one way and whose working copy another. */
async function repository(): Promise<string> {
  const repo = await tempDir('toolscope-against-')
  cleanups.push(repo.cleanup)
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo.dir, stdio: 'ignore' })
  git('init', '-q')
  await mkdir(join(repo.dir, 'tools'))
  await writeFile(join(repo.dir, 'tools', 'orders.ts'), toolFile('Look up an order by its id.'))
  git('add', '.')
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'first')
  await writeFile(
    join(repo.dir, 'tools', 'orders.ts'),
    toolFile('Find the shipping state of a customer order, given its order id (e.g. "A-17").'),
  )
  await mkdir(join(repo.dir, 'toolscope', 'evals'), { recursive: true })
  const evalCase = {
    name: 'where-is-my-order',
    prompt: 'Where is order A-17?',
    tools: ['order-lookup'],
    expect: { calls: [{ tool: 'order-lookup', args: { orderId: 'A-17' } }] },
    k: 2,
  }
  await writeFile(join(repo.dir, 'toolscope', 'evals', 'orders.json'), JSON.stringify(evalCase))
  return repo.dir
}

describe('toolscope eval --against', () => {
  it('runs every case with the descriptions of the working copy and of the commit, and shows the difference', {
    timeout: TIMEOUT,
  }, async () => {
    const repo = await repository()
    const call = (orderId: string) => [
      turn.call('order-lookup', { orderId }),
      turn.text(`Order ${orderId} has shipped.`),
    ]
    // The working copy's description: both trials right. The commit's: one trial asks for the wrong order.
    model = await startScriptedModel([...call('A-17'), ...call('A-17'), ...call('A-17'), ...call('17')])
    const lines: string[] = []
    const args = parseEvalArgs([
      join(repo, 'tools'),
      '--evals',
      join(repo, 'toolscope', 'evals'),
      '--provider',
      'openai-compatible',
      '--base-url',
      model.baseURL,
      '--model',
      'scripted',
      '--against',
      'HEAD',
    ])
    // Run from this project's folder: the commit is read from the repository the tools are in.
    const code = await runEval(args, (line) => lines.push(line), {})
    expect(code, lines.join('\n')).toBe(0)
    const told = model.requests.filter((r) => r.body.tools).map((r) => r.body.tools[0].function.description)
    // Two requests per trial (the call, then the answer), two trials per row.
    expect(told.slice(0, 4)).toEqual(
      Array(4).fill('Find the shipping state of a customer order, given its order id (e.g. "A-17").'),
    )
    expect(told.slice(4)).toEqual(Array(4).fill('Look up an order by its id.'))
    expect(lines.find((l) => l.includes('where-is-my-order [HEAD]'))).toMatch(/✗ .*1\/2 \(50%\)/)
    expect(lines).toContain('  Δ where-is-my-order  openai-compatible:scripted: base 100%; HEAD 50% (−50 points)')
    expect(lines.at(-1)).toBe('1 passed, 0 failed')
  })

  it("runs from the Evals tab too: a job with against: HEAD has a row per case with the commit's descriptions", {
    timeout: TIMEOUT,
  }, async () => {
    const repo = await repository()
    const call = (orderId: string) => [
      turn.call('order-lookup', { orderId }),
      turn.text(`Order ${orderId} has shipped.`),
    ]
    model = await startScriptedModel([...call('A-17'), ...call('A-17'), ...call('A-17'), ...call('17')])
    const server = await startTestServer({
      paths: [join(repo, 'tools')],
      scenariosDir: join(repo, 'toolscope', 'scenarios'),
    })
    try {
      const target = { provider: 'openai-compatible', model: 'scripted', baseURL: model.baseURL }
      const started = await server.api('/api/evals/run', {
        method: 'POST',
        json: { models: [target], against: 'HEAD' },
      })
      expect(started.status, await started.clone().text()).toBe(202)
      const { jobId } = (await started.json()) as { jobId: string }
      const job = async () => EvalJob.parse(await (await server.api(`/api/evals/jobs/${jobId}`)).json())
      await expect.poll(async () => (await job()).phase, { timeout: 60_000 }).toBe('done')
      const { results } = await job()
      expect(results.map((r) => [r.variant, r.passes, r.k])).toEqual([
        [undefined, 2, 2],
        ['HEAD', 1, 2],
      ])
      expect(
        model.requests
          .filter((r) => r.body.tools)
          .map((r) => r.body.tools[0].function.description)
          .slice(4),
      ).toEqual(Array(4).fill('Look up an order by its id.'))
      const bad = await server.api('/api/evals/run', {
        method: 'POST',
        json: { models: [target], against: 'HEAD; rm -rf /' },
      })
      expect(bad.status).toBe(400)
    } finally {
      await server.stop()
    }
  })

  it('says why when the folder is not a git repository or the ref does not exist', async () => {
    const plain = await tempDir('toolscope-not-git-')
    cleanups.push(plain.cleanup)
    await expect(committedOverrides([plain.dir], 'HEAD', plain.dir)).rejects.toThrow(CommittedToolsError)
    await expect(committedOverrides([plain.dir], 'HEAD', plain.dir)).rejects.toThrow(/is not in a git repository/)
    const repo = await repository()
    await expect(committedOverrides([join(repo, 'tools')], 'no-such-branch', repo)).rejects.toThrow(
      /has no commit "no-such-branch"/,
    )
  })
})
