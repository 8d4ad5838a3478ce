// E2E: a tool's network in the playground. Record a run against a local API, view its exchanges (also from the
// Events timeline), save a scenario with its cassette, stop the API and replay the scenario offline, then turn the
// exchanges into mocks, edit a rule and see the run change.
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, FIXTURE_TOOLS, test } from './fixtures/toolscope.ts'

const NETWORK_TOOLS = fileURLToPath(new URL('./fixtures/network-tools/', import.meta.url))
test.use({ toolscopeOptions: { paths: [FIXTURE_TOOLS, NETWORK_TOOLS] } })

let api: Server
let base = ''
let hits = 0
test.beforeAll(async () => {
  api = createServer((_req, res) => {
    hits++
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ items: ['tea', 'coffee'] }))
  })
  api.listen(0, '127.0.0.1')
  await once(api, 'listening')
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}`
})
test.afterAll(() => api.close())

test('record a run, view its exchanges, save a scenario with its cassette, replay it offline, then mock it', async ({
  toolscope,
  page,
  toolscopeServer,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('fetch-items')
  await toolscope.setInput({ url: `${base}/items` })
  const network = page.getByRole('group', { name: 'Network' })
  await network.getByLabel('Network mode').selectOption('record')
  await toolscope.run()
  await toolscope.expectStatus('success')

  // The exchange: status, method, URL; its detail with the secret header redacted and the body pretty-printed.
  const view = page.getByRole('region', { name: 'Network', exact: true })
  await expect(view).toContainText('1 exchange')
  await view.getByRole('button', { name: `GET ${base}/items` }).click()
  const detail = view.getByRole('region', { name: 'Exchange detail' })
  await expect(detail.getByLabel('Request headers')).toContainText('[REDACTED]')
  await expect(detail.getByLabel('Request headers')).not.toContainText('e2e-secret-token')
  await expect(detail.getByRole('group', { name: 'Response body' })).toContainText('"items": [')
  // Also reachable from the Events timeline.
  await view.getByRole('button', { name: `GET ${base}/items` }).click()
  await expect(detail).toHaveCount(0)
  await page.getByRole('list', { name: 'Timeline' }).getByText('http-response').click()
  await page.getByRole('button', { name: 'Show in Network' }).click()
  await expect(detail).toBeVisible()

  // Saved as a scenario, the run carries its cassette.
  await page.getByRole('button', { name: 'Save as scenario' }).click()
  const form = page.getByRole('form', { name: 'Save as scenario' })
  await form.getByLabel('Scenario name').fill('two-items')
  await form.getByRole('button', { name: 'Save scenario' }).click()
  await expect(page.getByRole('status', { name: 'Scenario saved' })).toContainText('fetch-items/two-items.json')
  const scenario = JSON.parse(
    readFileSync(join(toolscopeServer.scenariosDir, 'fetch-items', 'two-items.json'), 'utf8'),
  ) as { cassette?: string; network?: string }
  expect(scenario.cassette).toBe('two-items')
  expect(scenario.network).toBeUndefined()
  const cassetteFile = join(toolscopeServer.scenariosDir, '..', 'cassettes', 'fetch-items', 'two-items.json')
  expect(existsSync(cassetteFile)).toBe(true)
  expect(readFileSync(cassetteFile, 'utf8')).not.toContain('e2e-secret-token')

  // Offline: the API is gone, the scenario replays from its cassette.
  api.close()
  await once(api, 'close')
  const before = hits
  await page.getByRole('button', { name: 'Show in Scenarios' }).click()
  const card = page.getByRole('region', { name: 'Scenarios' }).getByRole('region', { name: 'two-items', exact: true })
  await card.getByRole('button', { name: 'Replay' }).click()
  await expect(page.getByRole('status', { name: 'Replay result of two-items' })).toHaveText('passed')
  expect(hits).toBe(before)

  // The same run in Replay mode from the playground, with the cassette picked by name (as an exported test does).
  await page.getByRole('tab', { name: 'Run' }).click()
  await toolscope.setNetwork({ mode: 'replay', cassette: 'two-items' })
  await expect(network.getByLabel('Cassette', { exact: true })).toHaveValue('two-items')
  await toolscope.run()
  await toolscope.expectStatus('success')
  await expect(view.getByText('cassette #1')).toBeVisible()

  // Mocks from the exchanges, one rule edited: the run answers with the edit.
  await view.getByRole('button', { name: 'Use as mocks' }).click()
  await expect(network.getByLabel('Network mode')).toHaveValue('mock')
  await toolscope.fillEditor('Mock rules', {
    rules: [{ method: 'GET', url: `${base}/items`, response: { status: 200, json: { items: ['mocked'] } } }],
  })
  await toolscope.run()
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).raw).toContain('mocked')
  await toolscope.fillEditor('Mock rules', {
    rules: [{ url: `${base}/*`, response: { status: 503, json: { items: [] } } }],
  })
  await toolscope.run()
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).raw).toContain('503')
  await expect(view.getByText('mock rule #1')).toBeVisible()
})
