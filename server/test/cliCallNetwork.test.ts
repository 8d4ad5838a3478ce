// `toolscope call` and the network: live by default (a one-off call is interactive), `--network record --cassette name`
// saves a cassette, `--network replay` answers from it (by name or file) with the API stopped, `--network mock --mocks`
// answers from rules; options that the mode does not use are refused. The real binary, against a local server.

import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { parseCallArgs } from '../cli/call.ts'
import { BIN, startItemsApi, type ItemsApi } from './cliProcess.ts'
import { tempProject, type TempProject } from './tempProject.ts'

vi.setConfig({ testTimeout: 120_000 })

function call(args: string[]): Promise<{
  code: number | null
  out: { status?: string; raw?: unknown; error?: string; scriptError?: string }
  stderr: string
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'call', 'fetch-json', 'tools', ...args], {
      cwd: project.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, out: stdout ? JSON.parse(stdout) : {}, stderr }))
  })
}

let api: ItemsApi
let base = ''
let project: TempProject

beforeAll(async () => {
  api = await startItemsApi()
  base = api.base
  project = await tempProject(['network.ts'])
})
afterAll(async () => {
  await api.close()
  await project.cleanup()
})

it('calls live by default, records a named cassette, replays it offline by name or file, and answers from mocks', async () => {
  const input = ['--input', JSON.stringify({ url: `${base}/items` })]
  const live = await call(input)
  expect(live.out).toMatchObject({ status: 'success', raw: { status: 200, body: { items: ['a', 'b'] } } })
  expect(live.code).toBe(0)
  expect(api.hits()).toBe(1)

  const recorded = await call([...input, '--network', 'record', '--cassette', 'items'])
  expect(recorded.out.status).toBe('success')
  const file = join(project.dir, 'toolscope', 'cassettes', 'fetch-json', 'items.json')
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
    exchanges: [{ request: { method: 'GET', url: `${base}/items` }, response: { status: 200 } }],
  })
  expect(api.hits()).toBe(2)

  await api.close()
  for (const cassette of ['items', file]) {
    const replayed = await call([...input, '--network', 'replay', '--cassette', cassette])
    expect(replayed.out, cassette).toMatchObject({
      status: 'success',
      raw: { status: 200, body: { items: ['a', 'b'] } },
    })
  }
  const mocks = { rules: [{ url: `${base}/items`, response: { json: { items: ['mocked'] } } }] }
  const mocked = await call([...input, '--network', 'mock', '--mocks', JSON.stringify(mocks)])
  expect(mocked.out).toMatchObject({ status: 'success', raw: { status: 200, body: { items: ['mocked'] } } })
  expect(api.hits()).toBe(2)
})

it('reads the network options as `test` does and refuses those the mode does not use', () => {
  expect(parseCallArgs(['t']).scenario.network).toBe('live')
  expect(parseCallArgs(['t', '--network', 'replay', '--cassette', 'x']).scenario).toMatchObject({
    network: 'replay',
    cassette: 'x',
  })
  expect(parseCallArgs(['t', '--network=mock', '--mocks', '{"rules":[]}']).scenario).toMatchObject({
    network: 'mock',
    mocks: { rules: [], unmatched: 'fail' },
  })
  expect(() => parseCallArgs(['t', '--network', 'offline'])).toThrow(
    '--network must be live, record, replay or mock, got "offline"',
  )
  expect(() => parseCallArgs(['t', '--cassette', 'x'])).toThrow(
    '--cassette is used with --network replay or --network record',
  )
  expect(() => parseCallArgs(['t', '--mocks', '{"rules":[]}'])).toThrow('--mocks is used with --network mock')
  expect(() => parseCallArgs(['t', '--network', 'mock', '--mocks', '{"rules":[{"url":"x"}]}'])).toThrow(
    /--mocks are not mock rules/,
  )
  expect(() => parseCallArgs(['t', '--network', 'replay', '--cassette', 'missing/file.json'])).toThrow(
    /--cassette: could not read missing\/file\.json/,
  )
})
