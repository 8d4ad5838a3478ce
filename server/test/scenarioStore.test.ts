import { mkdtemp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { createScenarioStore, type ScenarioStore } from '../history/scenarioStore.ts'

let root: string
let store: ScenarioStore
const scenario = {
  name: 'sunny',
  toolId: 'weather',
  input: { location: 'Oslo' },
  expect: { status: 'success' as const },
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'toolscope-scenarios-'))
  store = createScenarioStore(root)
})

describe('scenario store', () => {
  it('saves to <tool-id>/<name>.json and lists it back', async () => {
    const saved = await store.save(scenario)
    expect(saved.file).toBe(path.join(root, 'weather', 'sunny.json'))
    const { scenarios, errors } = await store.list()
    expect(errors).toEqual([])
    expect(scenarios.map((s) => s.scenario.name)).toEqual(['sunny'])
    expect((await store.get('weather', 'sunny')).scenario.input).toEqual({ location: 'Oslo' })
    expect(await readdir(path.join(root, 'weather'))).toEqual(['sunny.json'])
  })

  it('refuses names and tool ids that escape the folder, writing nothing', async () => {
    await expect(store.save({ ...scenario, name: '../../evil' })).rejects.toThrow(
      /Invalid scenario name "..\/..\/evil"/,
    )
    await expect(store.save({ ...scenario, toolId: '..' })).rejects.toThrow(/Invalid tool id for a scenario folder/)
    await expect(store.get('weather', '../x')).rejects.toThrow(/Invalid scenario name/)
    expect(await readdir(root)).toEqual([])
  })

  it('reports a malformed file with its path and still loads the others', async () => {
    await store.save(scenario)
    await writeFile(path.join(root, 'weather', 'broken.json'), '{ "name": ')
    await mkdir(path.join(root, 'other'))
    await writeFile(path.join(root, 'other', 'wrong.json'), JSON.stringify({ ...scenario, name: 'wrong' }))
    const { scenarios, errors } = await store.list()
    expect(scenarios.map((s) => s.scenario.name)).toEqual(['sunny'])
    expect(errors.map((e) => path.relative(root, e.file))).toEqual([
      path.join('other', 'wrong.json'),
      path.join('weather', 'broken.json'),
    ])
    expect(errors[0].message).toMatch(/does not match its folder "other"/)
    expect(errors[1].message).toMatch(/broken\.json: not valid JSON/)
  })

  it('reports a scenario whose name differs from its file name (a save would fork it)', async () => {
    await mkdir(path.join(root, 'weather'), { recursive: true })
    await writeFile(path.join(root, 'weather', 'rainy.json'), JSON.stringify(scenario))
    const { errors } = await store.list('weather')
    expect(errors[0].message).toMatch(/name "sunny" does not match its file name "rainy\.json"/)
  })

  it('overwrites atomically and leaves no temp files behind', async () => {
    await store.save(scenario)
    await store.save({ ...scenario, input: { location: 'Rome' } })
    expect(await readdir(path.join(root, 'weather'))).toEqual(['sunny.json'])
    expect(JSON.parse(await readFile(path.join(root, 'weather', 'sunny.json'), 'utf8')).input).toEqual({
      location: 'Rome',
    })
  })

  it('lists nothing (and no error) when the folder does not exist yet', async () => {
    expect(await createScenarioStore(path.join(root, 'missing')).list()).toEqual({ scenarios: [], errors: [] })
  })
})
