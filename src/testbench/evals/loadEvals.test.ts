import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadEvals } from './loadEvals.ts'

const minimal = {
  name: 'weather-in-lima',
  prompt: 'What is the weather in Lima?',
  tools: ['weather-tool'],
  expect: { calls: [{ tool: 'weather-tool', args: { location: 'Lima' } }] },
  k: 3,
}

let dir: string
afterEach(() => rm(dir, { recursive: true, force: true }))

async function folder(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'toolscope-evals-'))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true })
    await writeFile(join(dir, name), text)
  }
  return dir
}

describe('loadEvals', () => {
  it('reads every .json file under the folder, sorted, with the file of each case', async () => {
    await folder({
      'b.json': JSON.stringify(minimal),
      'nested/a.json': JSON.stringify([
        { ...minimal, name: 'one' },
        { ...minimal, name: 'two' },
      ]),
      'notes.md': 'not an eval',
    })
    const loaded = await loadEvals(dir)
    expect(loaded.errors).toEqual([])
    expect(loaded.cases.map((c) => [c.name, c.file])).toEqual([
      ['weather-in-lima', join(dir, 'b.json')],
      ['one', join(dir, 'nested/a.json')],
      ['two', join(dir, 'nested/a.json')],
    ])
  })

  it('reports each unusable file with its place and reason, and keeps the others', async () => {
    await folder({
      'good.json': JSON.stringify(minimal),
      'broken.json': '{ "name": ',
      'invalid.json': JSON.stringify({ ...minimal, name: 'other', expect: { calls: [{ tool: '' }] } }),
      'dup.json': JSON.stringify({ ...minimal, prompt: 'again' }),
    })
    const loaded = await loadEvals(dir)
    expect(loaded.cases.map((c) => c.name)).toEqual(['weather-in-lima'])
    expect(loaded.errors).toEqual([
      { file: join(dir, 'broken.json'), message: expect.stringMatching(/^not a valid eval file: not valid JSON/) },
      {
        file: join(dir, 'good.json'),
        message: `the case name "weather-in-lima" is already used in ${join(dir, 'dup.json')}: each case needs its own name`,
      },
      {
        file: join(dir, 'invalid.json'),
        message: expect.stringMatching(/^not a valid eval file: expect\.calls\.0\.tool: /),
      },
    ])
  })

  it('finds nothing in a missing folder, and reads a single file given instead of a folder', async () => {
    await folder({ 'one.json': JSON.stringify(minimal) })
    expect(await loadEvals(join(dir, 'missing'))).toEqual({ dir: join(dir, 'missing'), cases: [], errors: [] })
    expect((await loadEvals(join(dir, 'one.json'))).cases.map((c) => c.name)).toEqual(['weather-in-lima'])
  })
})
