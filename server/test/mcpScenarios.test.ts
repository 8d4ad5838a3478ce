// A scenario saved from a run of an MCP tool replays headless: `toolscope test` in the project starts the server its
// `.mcp.json` names, replays the scenario and writes JUnit XML; a scenario whose expectation no longer holds fails.

import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Status } from '../../src/runtime/index.ts'
import { runCli } from './cliProcess.ts'
import { EVERYTHING_BIN } from './everythingServer.ts'
import { finished, startTestServer, tempDir } from './helpers.ts'

let project: { dir: string; cleanup: () => Promise<void> }
beforeAll(async () => {
  project = await tempDir('toolscope-mcp-project-')
  const config = { mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } } }
  await writeFile(join(project.dir, '.mcp.json'), JSON.stringify(config, null, 2))
})
afterAll(() => project.cleanup())

describe('scenarios of MCP tools', () => {
  it('saved from a run, replays in `toolscope test`, which starts the server from .mcp.json, with JUnit output', async () => {
    const scenarios = join(project.dir, 'toolscope', 'scenarios')
    const server = await startTestServer({ paths: [], mcpConfigDir: project.dir, scenariosDir: scenarios })
    try {
      const runId = await server.startRun({ toolId: 'everything_get-sum', input: { a: 20, b: 22 } })
      expect(finished(await server.events(runId))).toMatchObject({ status: Status.success })
      const saved = await server.api('/api/scenarios', { method: 'POST', json: { runId, name: 'adds-up' } })
      expect(saved.status).toBeLessThan(300)
    } finally {
      await server.stop()
    }
    const passing = await runCli(['test', '--reporter', 'junit', '--output', 'junit.xml'], { cwd: project.dir })
    expect(passing.stdout).toContain('✓ everything_get-sum/adds-up')
    expect(passing.stdout).toContain('1 passed, 0 failed')
    expect(passing.code).toBe(0)
    const junit = await readFile(join(project.dir, 'junit.xml'), 'utf8')
    expect(junit).toMatch(/<testcase[^>]*name="adds-up"/)
    expect(junit).not.toContain('<failure')

    // The same scenario with another expected sum: the replay runs against the real server and fails.
    const file = join(scenarios, 'everything_get-sum', 'adds-up.json')
    const scenario = JSON.parse(await readFile(file, 'utf8')) as { expect: { model?: unknown } }
    await mkdir(join(scenarios, 'everything_get-sum'), { recursive: true })
    await writeFile(
      file,
      JSON.stringify(
        {
          ...scenario,
          expect: {
            ...scenario.expect,
            model: { type: 'content', value: [{ type: 'text', text: 'The sum of 20 and 22 is 43.' }] },
          },
        },
        null,
        2,
      ),
    )
    const failing = await runCli(['test'], { cwd: project.dir })
    expect(failing.stdout).toContain('✗ everything_get-sum/adds-up')
    expect(failing.code).toBe(1)
  }, 120_000)

  it("keeps the secrets of the server's configuration out of a saved scenario and an exported test", async () => {
    const planted = 'sk-planted-mcp-7f3a9c'
    process.env.TOOLSCOPE_TEST_PLANTED = planted
    const dir = await tempDir('toolscope-mcp-secret-')
    const spec = {
      name: 'everything',
      transport: 'stdio' as const,
      command: process.execPath,
      args: [EVERYTHING_BIN, 'stdio'],
      env: { SERVICE_REGION: '${TOOLSCOPE_TEST_PLANTED}' },
      origin: '--mcp',
    }
    const server = await startTestServer({
      paths: [],
      mcp: [spec],
      mcpConfigDir: false,
      scenariosDir: join(dir.dir, 'scenarios'),
    })
    try {
      // get-env prints the server's environment: the planted value is in the run's output.
      const runId = await server.startRun({ toolId: 'everything_get-env', input: {} })
      expect(JSON.stringify(await server.events(runId))).toContain(planted)
      const saved = await server.api('/api/scenarios', { method: 'POST', json: { runId, name: 'env' } })
      expect(saved.status).toBe(201)
      expect(await readFile(join(dir.dir, 'scenarios', 'everything_get-env', 'env.json'), 'utf8')).not.toContain(
        planted,
      )
      const exported = await server.api('/api/export', { method: 'POST', json: { format: 'vitest', runId } })
      expect(exported.status).toBe(200)
      expect(await exported.text()).not.toContain(planted)
    } finally {
      delete process.env.TOOLSCOPE_TEST_PLANTED
      await server.stop()
      await dir.cleanup()
    }
  }, 60_000)
})
