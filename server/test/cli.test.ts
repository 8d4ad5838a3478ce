// The CLI: argument parsing, and the real `toolscope` binary serving the bundled examples and printing its URL.

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseServeArgs } from '../cli/serve.ts'
import { resolveToken } from '../http/security.ts'
import { BIN, servedUrl } from './cliProcess.ts'
import { tempDir } from './helpers.ts'

describe('--host without a token', () => {
  it('a non-loopback address is refused, naming the --token option and TOOLSCOPE_TOKEN', () => {
    expect(() => resolveToken('0.0.0.0', undefined, {})).toThrow(
      'set an explicit token with --token <token> or TOOLSCOPE_TOKEN',
    )
  })
})

describe('parseServeArgs', () => {
  it('reads paths and every option, in both --flag value and --flag=value forms', () => {
    const parsed = parseServeArgs([
      'tools',
      '--port',
      '0',
      '--host=0.0.0.0',
      '--no-open',
      '--no-watch',
      '--timeout',
      '5000',
      'more/x.ts',
      '--token',
      'abcdefgh',
    ])
    expect(parsed).toMatchObject({
      open: false,
      help: false,
      options: {
        paths: ['tools', 'more/x.ts'],
        port: 0,
        host: '0.0.0.0',
        watch: false,
        timeoutMs: 5000,
        token: 'abcdefgh',
      },
    })
    expect(parseServeArgs([])).toMatchObject({ open: true, build: true, options: { paths: [] } })
  })

  it('reads the history, size and capacity limits', () => {
    const parsed = parseServeArgs([
      '--history-runs',
      '20',
      '--history-mb=3',
      '--payload-limit-kb',
      '64',
      '--run-limit-mb',
      '5',
      '--max-live-runs',
      '7',
      '--waiting-expiry',
      '9000',
    ])
    expect(parsed.options).toMatchObject({
      historyMaxRuns: 20,
      historyMaxBytes: 3 * 1024 * 1024,
      limits: { payloadBytes: 64 * 1024, runBytes: 5 * 1024 * 1024 },
      maxLiveRuns: 7,
      waitingExpiryMs: 9000,
    })
    expect(() => parseServeArgs(['--run-limit-mb', '0'])).toThrow(/--run-limit-mb must be an integer ≥ 1/)
  })

  it("reads the Try form's default model and an env file of keys, never putting the keys in process.env", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolscope-env-'))
    const envFile = join(dir, '.env')
    await writeFile(
      envFile,
      'export ANTHROPIC_API_KEY="sk-ant-from-file"\n# a comment\nOPENAI_COMPATIBLE_API_KEY=local-key # trailing\n',
    )
    const parsed = parseServeArgs([
      '--provider',
      'openai-compatible',
      '--model',
      'llama3.2',
      '--base-url',
      'http://127.0.0.1:11434/v1',
      '--env-file',
      envFile,
    ])
    expect(parsed.options.models?.defaultModel).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseURL: 'http://127.0.0.1:11434/v1',
    })
    expect(parsed.options.models?.keys?.key('anthropic')).toBe('sk-ant-from-file')
    expect(parsed.options.models?.keys?.key('openai-compatible')).toBe('local-key')
    expect(process.env.ANTHROPIC_API_KEY).not.toBe('sk-ant-from-file')
    expect(parseServeArgs(['--model', 'anthropic:claude-sonnet-4-5']).options.models?.defaultModel).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    })
    expect(() => parseServeArgs(['--model', 'gpt-4o'])).toThrow(/--model "gpt-4o" names no provider/)
    expect(() => parseServeArgs(['--provider', 'openai-compatible', '--model', 'x'])).toThrow(
      /openai-compatible:x needs --base-url/,
    )
    expect(() => parseServeArgs(['--provider', 'cohere', '--model', 'x'])).toThrow(
      /unknown provider "cohere": use one of openai, anthropic, google, openai-compatible/,
    )
    expect(() => parseServeArgs(['--env-file', join(dir, 'missing.env')])).toThrow(
      /The env file .*missing\.env could not be read: ENOENT/,
    )
    await rm(dir, { recursive: true, force: true })
  })

  it('explains bad input', () => {
    expect(() => parseServeArgs(['--port', 'abc'])).toThrow(/--port must be an integer/)
    expect(() => parseServeArgs(['--timeout'])).toThrow(/--timeout needs a value/)
    expect(() => parseServeArgs(['--bogus'])).toThrow(/Unknown option --bogus/)
  })
})

describe('toolscope binary', () => {
  it('--help names every subcommand and option', async () => {
    const child = spawn(process.execPath, [BIN, '--help'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    for await (const chunk of child.stdout!) output += String(chunk)
    expect(output).toMatch(/toolscope test \[path \.\.\.\]/)
    expect(output).toMatch(/toolscope call <tool-id>/)
    for (const flag of ['--port', '--host', '--token', '--timeout', '--scenarios', '--no-watch', '--no-open'])
      expect(output).toContain(flag)
  })

  // A child process loading every example: far past the default 20 s when the machine is busy.
  it('serves the bundled examples and prints the URL with its token', { timeout: 60_000 }, async () => {
    const t = await tempDir()
    const child = spawn(process.execPath, [BIN, '--port', '0', '--no-open', '--no-watch', '--no-build'], {
      cwd: t.dir,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TOOLSCOPE_TOKEN: '' },
    })
    try {
      const { url } = await servedUrl(child)
      expect(url?.hostname).toBe('127.0.0.1')
      const token = url!.searchParams.get('token')!
      expect(token.length).toBeGreaterThanOrEqual(32)
      const res = await fetch(new URL('/api/tools', url), { headers: { authorization: `Bearer ${token}` } })
      const catalog = await res.json()
      expect(catalog.tools.map((tool: { id: string }) => tool.id)).toContain('weather-tool')
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      expect((await exited)[0]).toBe(0)
    } finally {
      child.kill('SIGKILL')
      await t.cleanup()
    }
  })
})
