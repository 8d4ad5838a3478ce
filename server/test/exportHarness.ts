// Runs tests exported by a real server (POST /api/export) as a user would: the files are written at the root of the
// project the server loads (their `./…` tool imports are relative to it), with only the `toolscope` import pointed at
// this checkout's source; then type-checked with the project's own TypeScript settings and run with Vitest.

import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ExportResponse, type RunEvent, type Scenario } from '../../src/shared/protocol.ts'
import { scenarioFromRun } from '../../src/testbench/replay.ts'
import { ToolHost } from '../toolHost/host.ts'
import { waitForEvent, type TestServer } from './helpers.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** What POST /api/export answers for `body`, parsed (throws on an error answer). */
export async function exportTest(server: TestServer, body: Record<string, unknown>): Promise<ExportResponse> {
  const res = await server.api('/api/export', { method: 'POST', json: body })
  if (res.status !== 200)
    throw new Error(`POST /api/export ${JSON.stringify(body)} → ${res.status}: ${await res.text()}`)
  return ExportResponse.parse(await res.json())
}

/** One run through the HTTP API, answered as a person would in the playground. */
export interface RunCase {
  toolId: string
  input: unknown
  requestContext?: Record<string, unknown>
  /** Answers in order: `approve` for an approval request, resume data for a suspension. */
  answers?: Array<'approve' | { resume: unknown }>
}

/** Runs `c` to its end through the API and returns its id (what "Export as … test" of a finished run uses). */
export async function finishedRun(server: TestServer, c: RunCase): Promise<string> {
  const runId = await server.startRun({
    toolId: c.toolId,
    input: c.input,
    ...(c.requestContext ? { requestContext: c.requestContext } : {}),
  })
  for (const answer of c.answers ?? []) {
    await waitForEvent(server, runId, (e) => e.type === (answer === 'approve' ? 'approval-requested' : 'suspended'))
    const res =
      answer === 'approve'
        ? await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'approve' } })
        : await server.api(`/api/runs/${runId}/control`, {
            method: 'POST',
            json: { type: 'resume', resumeData: answer.resume },
          })
    if (!res.ok)
      throw new Error(`${c.toolId}: answering ${JSON.stringify(answer)} → ${res.status}: ${await res.text()}`)
  }
  await waitForEvent(server, runId, (e) => e.type === 'run-finished')
  return runId
}

/**
 * A tool host with no run registry (so no SQLite: the Node 22 suite cannot load this checkout's native build) that turns
 * a case into the scenario of its finished run, exactly as POST /api/export does for a run id.
 */
export async function bareHost(
  paths: string[],
): Promise<{ host: ToolHost; scenarioOf(c: RunCase): Promise<Scenario>; close(): Promise<void> }> {
  const events = new Map<string, RunEvent[]>()
  const waiters = new Set<() => void>()
  const lost = new Map<string, string>()
  const sink = {
    onEvent(runId: string, event: RunEvent) {
      events.get(runId)?.push(event)
      for (const wake of waiters) wake()
    },
    // A worker retired after its run ended (Mastra leaves timers behind) reports the run lost: only before the end counts.
    onRunLost(runId: string, message: string) {
      if (!events.get(runId)?.some((e) => e.type === 'run-finished')) lost.set(runId, message)
      for (const wake of waiters) wake()
    },
  }
  const host = new ToolHost({ paths, watch: false, sink, log: () => {} })
  await host.ready
  const until = async (runId: string, type: RunEvent['type']) => {
    while (!events.get(runId)!.some((e) => e.type === type)) {
      if (lost.has(runId))
        throw new Error(
          `run ${runId} lost: ${lost.get(runId)}; events: ${events
            .get(runId)!
            .map((e) => e.type)
            .join(', ')}`,
        )
      await new Promise<void>((resolve) => waiters.add(resolve))
    }
    waiters.clear()
  }
  let n = 0
  return {
    host,
    async scenarioOf(c) {
      const runId = `export-${++n}`
      const request = {
        toolId: c.toolId,
        input: c.input,
        ...(c.requestContext ? { requestContext: c.requestContext } : {}),
      }
      events.set(runId, [])
      await host.start(runId, request, 60_000)
      for (const answer of c.answers ?? []) {
        await until(runId, answer === 'approve' ? 'approval-requested' : 'suspended')
        const failure = await host.control(
          runId,
          answer === 'approve' ? { type: 'approve' } : { type: 'resume', resumeData: answer.resume },
        )
        if (failure) throw new Error(`${c.toolId}: ${failure.message}`)
      }
      await until(runId, 'run-finished')
      return scenarioFromRun(`run-${n}`, request, events.get(runId)!)
    },
    close: () => host.close(),
  }
}

/** Outcome of type-checking and running exported Vitest files. */
export interface ExportedRun {
  tsc: { status: number | null; output: string }
  vitest: { status: number | null; output: string }
}

/**
 * Writes `files` into `projectDir`, type-checks them (tsc with `compilerOptions`) and runs them with Vitest under `node`;
 * removes everything it wrote. Only `from 'toolscope'` is rewritten (to this checkout's src/index.ts).
 */
export function runExportedVitest(
  files: ExportResponse[],
  options: {
    projectDir: string
    node?: string
    compilerOptions: Record<string, unknown>
    env?: Record<string, string>
  },
): ExportedRun {
  const tag = `exported-${randomUUID().slice(0, 8)}`
  const written: string[] = []
  const entry = join(ROOT, 'src/index.ts')
  const names = files.map((f, i) => `${tag}.${i}.${f.filename}`)
  try {
    for (const [i, f] of files.entries()) {
      const file = join(options.projectDir, names[i])
      writeFileSync(file, f.code.replace(/ from 'toolscope'$/m, ` from ${JSON.stringify(entry)}`))
      written.push(file)
    }
    const tsconfig = join(options.projectDir, `${tag}.tsconfig.json`)
    writeFileSync(
      tsconfig,
      JSON.stringify({
        compilerOptions: {
          noEmit: true,
          strict: true,
          skipLibCheck: true,
          allowImportingTsExtensions: true,
          types: ['node'],
          ...options.compilerOptions,
        },
        files: names,
      }),
    )
    written.push(tsconfig)
    const config = join(options.projectDir, `${tag}.vitest.config.mjs`)
    writeFileSync(
      config,
      `export default { root: ${JSON.stringify(options.projectDir)}, test: { include: ${JSON.stringify(names)}, testTimeout: 60000 } }\n`,
    )
    written.push(config)
    const node = options.node ?? process.execPath
    const env = { ...process.env, ...options.env, CI: '1', NO_COLOR: '1' }
    const tsc = spawnSync(node, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', tsconfig], {
      cwd: options.projectDir,
      encoding: 'utf8',
      env,
    })
    const vitest = spawnSync(
      node,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', config, '--reporter', 'verbose'],
      { cwd: options.projectDir, encoding: 'utf8', env },
    )
    // Only problems in the generated files count: a user module they import may have type errors of its own.
    const ownErrors = `${tsc.stdout}${tsc.stderr}`
      .split('\n')
      .filter((line) => line.startsWith(tag))
      .join('\n')
    return {
      tsc: { status: tsc.status, output: ownErrors },
      vitest: { status: vitest.status, output: `${vitest.stdout}\n${vitest.stderr}` },
    }
  } finally {
    for (const file of written) rmSync(file, { force: true })
  }
}
