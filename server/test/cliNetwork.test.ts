// `toolscope test` and the network: `--network record --update` records each scenario's cassette beside the scenarios,
// a plain `toolscope test` then replays offline (the API server is stopped), and a missing cassette fails clearly.
// The real binary in a temp project, against a local server on 127.0.0.1.

import { spawn } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { parseTestArgs } from '../cli/test.ts'
import { BIN, startItemsApi, type ItemsApi } from './cliProcess.ts'
import { tempProject, type TempProject } from './tempProject.ts'

vi.setConfig({ testTimeout: 120_000 })

function cli(cwd: string, args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
    let stdout = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout }))
  })
}

let api: ItemsApi
let base = ''
let project: TempProject
const scenarioFile = () => join(project.dir, 'toolscope', 'scenarios', 'fetch-json', 'items.json')
const cassetteFile = () => join(project.dir, 'toolscope', 'cassettes', 'fetch-json', 'items.json')

beforeAll(async () => {
  api = await startItemsApi()
  base = api.base
  project = await tempProject(['network.ts'])
  await mkdir(join(scenarioFile(), '..'), { recursive: true })
  await writeFile(
    scenarioFile(),
    JSON.stringify(
      { name: 'items', toolId: 'fetch-json', input: { url: `${base}/items` }, expect: { status: 'success', raw: {} } },
      null,
      2,
    ),
  )
})
afterAll(async () => {
  await api.close()
  await project.cleanup()
})

it('records with --network record --update, then replays offline by default; a missing cassette fails clearly', async () => {
  const recorded = await cli(project.dir, ['test', 'tools', '--network', 'record', '--update'])
  expect(recorded.stdout).toContain(
    `⏺ fetch-json/items: 1 exchange(s) recorded to ${join('toolscope', 'cassettes', 'fetch-json', 'items.json')}`,
  )
  expect(recorded.stdout.trimEnd().split('\n').slice(-2)).toEqual(['1 updated', '1 passed, 0 failed'])
  expect(recorded.code).toBe(0)
  expect(JSON.parse(await readFile(scenarioFile(), 'utf8'))).toMatchObject({
    cassette: 'items',
    expect: { raw: { status: 200, body: { items: ['a', 'b'] } } },
  })
  expect(JSON.parse(await readFile(cassetteFile(), 'utf8'))).toMatchObject({
    version: 1,
    exchanges: [{ request: { method: 'GET', url: `${base}/items` }, response: { status: 200 } }],
  })
  const live = api.hits()

  await api.close()
  const offline = await cli(project.dir, ['test', 'tools'])
  expect(offline.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed')
  expect(offline.code).toBe(0)
  expect(api.hits()).toBe(live)

  await rm(cassetteFile())
  const missing = await cli(project.dir, ['test', 'tools'])
  expect(missing.stdout).toContain('No cassette "items" for fetch-json')
  expect(missing.stdout).toContain('Record it with the network mode "record" first.')
  expect(missing.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed')
  expect(missing.code).toBe(1)
})

it('--network takes the four modes and nothing else', () => {
  expect(parseTestArgs(['--network', 'mock']).network).toBe('mock')
  expect(() => parseTestArgs(['--network', 'offline'])).toThrow(
    '--network must be live, record, replay or mock, got "offline"',
  )
})
