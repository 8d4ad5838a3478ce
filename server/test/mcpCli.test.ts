// `toolscope lint` and `toolscope build` over an MCP server, with server-everything: lint prints a line per
// tool of the server and the closing `N passed, N failed` (its JSON Schemas go through the same provider rules); build
// writes a demo whose catalog lists the server's tools and the server as configured, with the runs of the project's
// saved scenarios, and no value a `.mcp.json` reference expands to anywhere in the site, even from a tool that prints
// its whole environment (get-env), under a secret-looking name or not.

import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Status } from '../../src/runtime/index.ts'
import { DemoManifest, DemoRun } from '../../src/shared/protocol.ts'
import { parseBuildArgs, runBuild } from '../cli/build.ts'
import { parseMcpConfig, parseMcpFlag, specSecrets } from '../mcpSources/config.ts'
import { runCli } from './cliProcess.ts'
import { EVERYTHING_BIN } from './everythingServer.ts'
import { tempDir } from './helpers.ts'
import { tempProject } from './tempProject.ts'

const EVERYTHING = `everything=${JSON.stringify(process.execPath)} ${JSON.stringify(EVERYTHING_BIN)} stdio`

afterEach(() => vi.unstubAllEnvs())

describe('toolscope lint --mcp', () => {
  it('lints every tool of the server and closes with N passed, N failed', { timeout: 120_000 }, async () => {
    const t = await tempDir()
    try {
      const { code, stdout, stderr } = await runCli(['lint', '--mcp', EVERYTHING], { cwd: t.dir })
      const lines = stdout.split('\n')
      const toolLines = lines.filter((l) => /^ {2}[✓✗] /.test(l))
      expect(toolLines.length, stderr).toBeGreaterThanOrEqual(14)
      expect(toolLines.every((l) => /^ {2}[✓✗] everything_[a-z-]+: /.test(l))).toBe(true)
      expect(lines.find((l) => l.startsWith('  ✓ everything_echo: '))).toMatch(
        /^ {2}✓ everything_echo: .*; \d+ tokens \(o200k_base\)$/,
      )
      // Its `format: "uri"` is refused by OpenAI's strict mode, as a module tool's would be.
      expect(lines.find((l) => l.startsWith('  ✗ everything_gzip-file-as-resource: '))).toMatch(/1 error/)
      expect(stdout).toMatch(/error {3}openai-strict\/format: .*"uri"/)
      const failed = toolLines.filter((l) => l.startsWith('  ✗')).length
      expect(lines.filter(Boolean).at(-1)).toBe(`${toolLines.length - failed} passed, ${failed} failed`)
      expect(code).toBe(failed > 0 ? 1 : 0)
    } finally {
      await t.cleanup()
    }
  })
})

/** Every file below `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)],
  )
}

/** A stand-in for the built SPA: the build copies it and marks its index.html. */
function fakeApp(dir: string): string {
  const app = join(dir, 'app')
  mkdirSync(app, { recursive: true })
  writeFileSync(join(app, 'index.html'), '<html><head><title>Toolscope</title></head><body></body></html>')
  return app
}

function saveScenario(project: string, toolId: string, scenario: Record<string, unknown>): void {
  const dir = join(project, 'toolscope', 'scenarios', toolId)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${scenario.name as string}.json`), JSON.stringify({ toolId, ...scenario }, null, 2))
}

describe('what a server spec keeps out of sight', () => {
  it('is the value of each reference, each header value (and its credential) and each secret-looking env entry', () => {
    const env = { TOKEN: 'tok-1234567', TENANT: 'acme-tenant', EMPTY: '' }
    const http = parseMcpFlag('remote=https://h.example/${TENANT}/mcp', {
      Authorization: 'Bearer ${TOKEN}',
      'X-Key': 'literal-key-1',
    })
    expect(specSecrets(http, env).sort()).toEqual(['Bearer tok-1234567', 'acme-tenant', 'literal-key-1', 'tok-1234567'])
    const { servers } = parseMcpConfig(
      JSON.stringify({
        mcpServers: {
          s: { command: 'node', args: ['--x=${EMPTY}'], env: { API_KEY: 'literal-api-key', DEBUG: 'verbose-mode' } },
        },
      }),
      '.mcp.json',
    )
    expect(specSecrets(servers[0]!, env)).toEqual(['literal-api-key'])
  })
})

describe('toolscope build with the servers of .mcp.json', () => {
  it('shows the MCP tools and the runs of their scenarios, and no expanded reference lands in the site', {
    timeout: 120_000,
  }, async () => {
    const planted = { secret: `sk-planted-${randomUUID()}`, plain: `planted-plain-${randomUUID()}` }
    vi.stubEnv('PLANTED', planted.secret)
    vi.stubEnv('PLANTED_PLAIN', planted.plain)
    const project = await tempProject([])
    const cwd = process.cwd()
    try {
      const config = {
        mcpServers: {
          everything: {
            command: process.execPath,
            args: [EVERYTHING_BIN, 'stdio'],
            env: { SECRET_TOKEN: '${PLANTED}', UPSTREAM_REGION: '${PLANTED_PLAIN}' },
          },
        },
      }
      writeFileSync(join(project.dir, '.mcp.json'), JSON.stringify(config, null, 2))
      saveScenario(project.dir, 'everything_echo', {
        name: 'hello',
        input: { message: 'hi' },
        expect: { status: Status.success, raw: [{ type: 'text', text: 'Echo: hi' }] },
      })
      // get-env answers with the server's whole environment: both planted values, one under a name no rule calls secret.
      saveScenario(project.dir, 'everything_get-env', {
        name: 'environment',
        input: {},
        expect: { status: Status.success, match: 'partial' },
      })

      // The build reads .mcp.json, package.json and toolscope/scenarios from the working folder, as the CLI does.
      process.chdir(project.dir)
      const out = join(project.dir, 'site')
      const lines: string[] = []
      const code = await runBuild(parseBuildArgs(['--out', out]), (l) => lines.push(l), fakeApp(project.dir))
      expect(code, lines.join('\n')).toBe(0)

      const manifest = DemoManifest.parse(JSON.parse(readFileSync(join(out, 'demo', 'manifest.json'), 'utf8')))
      const echo = manifest.catalog.tools.find((t) => t.id === 'everything_echo')
      expect(echo).toMatchObject({
        kind: 'mcp',
        group: 'everything',
        mcpServer: { server: 'everything', name: 'echo' },
      })
      expect(manifest.catalog.tools.length).toBeGreaterThanOrEqual(14)
      expect(manifest.catalog.servers).toEqual([
        expect.objectContaining({ name: 'everything', transport: 'stdio', state: 'ready' }),
      ])
      expect(manifest.catalog.servers![0].target).toMatch(/index\.js stdio$/)
      expect(Object.keys(manifest.tools)).toContain('everything_get-env')
      expect(manifest.runs.map((r) => [r.toolId, r.source, r.status]).sort()).toEqual([
        ['everything_echo', 'scenario "hello"', Status.success],
        ['everything_get-env', 'scenario "environment"', Status.success],
      ])
      // The environment the server printed is in the site, redacted where the planted values were.
      const env = DemoRun.parse(
        JSON.parse(
          readFileSync(join(out, 'demo', manifest.runs.find((r) => r.toolId === 'everything_get-env')!.file), 'utf8'),
        ),
      )
      const printed = JSON.stringify(env.events.find((e) => e.type === 'output'))
      expect(printed).toContain('SECRET_TOKEN')
      expect(printed).toContain('UPSTREAM_REGION')
      expect(printed).toContain('[REDACTED]')

      // Every file of the site, byte for byte.
      const files = filesUnder(out)
      expect(files.length).toBeGreaterThan(3)
      for (const file of files) {
        const text = readFileSync(file).toString('latin1')
        for (const secret of Object.values(planted)) expect(text.includes(secret), `${secret} in ${file}`).toBe(false)
      }
      expect(lines.join('\n')).not.toContain(planted.secret)
    } finally {
      process.chdir(cwd)
      await project.cleanup()
    }
  })
})
