// E2E: `toolscope` started on the sample Mastra project (e2e/mastra-project, under its own Node 22 because @mastra/core
// 1.x needs it) runs a tool of each kind in the browser: Mastra (plain, approval, suspend/resume), a Mastra instance's tool
// and AI SDK tools, and shows where each tool came from and the library version.

import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { test as base, expect, ToolscopePage } from './fixtures/toolscope.ts'
import type { RunningServer } from '../server/index.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SAMPLE = fileURLToPath(new URL('./mastra-project/', import.meta.url))
const NODE22 = `${SAMPLE}node_modules/.bin/node`

/** Starts the `toolscope` CLI on the sample's src/mastra with Node 22 and resolves once it printed its URL. */
async function startCli(): Promise<{ server: RunningServer; child: ChildProcess }> {
  if (!existsSync(NODE22))
    throw new Error('The sample Mastra project is not installed: run `npm ci --prefix e2e/mastra-project`.')
  const child = spawn(
    NODE22,
    [`${ROOT}bin/toolscope.mjs`, `${SAMPLE}src/mastra`, '--port', '0', '--no-open', '--no-watch', '--no-build'],
    {
      cwd: SAMPLE,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Toolscope is running: (\S+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`toolscope exited with ${code} before listening:\n${output}`)))
  })
  const parsed = new URL(url)
  const server: RunningServer = {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token') ?? '',
    close: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
  return { server, child }
}

const test = base.extend<{ mastra: ToolscopePage }, { mastraServer: RunningServer }>({
  mastraServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
    async ({}, use) => {
      const { server } = await startCli()
      // Importing @mastra/core takes several seconds: wait for the catalog before any page opens.
      await expect
        .poll(
          async () => {
            const res = await fetch(`${server.origin}/api/tools`, {
              headers: { authorization: `Bearer ${server.token}` },
            })
            return res.ok ? ((await res.json()) as { tools: unknown[] }).tools.length : 0
          },
          { timeout: 90_000 },
        )
        .toBeGreaterThan(5)
      await use(server)
      await server.close()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  mastra: async ({ page, mastraServer }, use) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await use(new ToolscopePage(page, mastraServer))
    expect(errors, 'uncaught errors in the page').toEqual([])
  },
})

test('lists tools by agent and shows the origin and library version', async ({ mastra, page }) => {
  await mastra.goto()
  await expect(mastra.toolList.getByText('Travel Agent').first()).toBeVisible()
  await expect(mastra.toolList.getByText('Support Agent').first()).toBeVisible()
  const origin = page.getByRole('region', { name: 'Description' })
  await mastra.selectTool('get-weather')
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(origin).toContainText(/· mastra 1\.\d+\.\d+/)
  await mastra.selectTool('convertCurrency')
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(origin).toContainText(/export aiSdkTools\.convertCurrency|export travelAgent\.tools\.convertCurrency/)
  await expect(origin).toContainText(/· ai-sdk \d+\.\d+\.\d+/)
})

test('a plain Mastra tool runs with its toModelOutput', async ({ mastra }) => {
  await mastra.goto()
  await mastra.selectTool('get-weather')
  await mastra.setInput({ city: 'Oslo' })
  await mastra.run()
  await mastra.expectStatus('success')
  const panels = await mastra.panels()
  expect(panels.raw).toContain('"city": "Oslo"')
  expect(panels.model).toContain('Oslo: 14° celsius')
})

test('a Mastra approval tool waits for approval', async ({ mastra }) => {
  await mastra.goto()
  await mastra.selectTool('issue-refund')
  await mastra.setInput({ orderId: 'o-7', amount: 12 })
  await mastra.run()
  await mastra.expectStatus('awaiting approval')
  await mastra.approve()
  await mastra.expectStatus('success')
  expect((await mastra.panels()).raw).toContain('rf_o-7')
})

test('a Mastra suspend/resume tool resumes with the typed data', async ({ mastra }) => {
  await mastra.goto()
  await mastra.selectTool('book-flight')
  await mastra.setInput({ from: 'OSL', to: 'LIS' })
  await mastra.run()
  await mastra.expectStatus('suspended')
  await mastra.resume({ confirmed: true })
  await mastra.expectStatus('success')
  expect((await mastra.panels()).raw).toContain('BK-OSLLIS')
})

test("a Mastra instance's tool and AI SDK tools run, approval via needsApproval", async ({ mastra }) => {
  await mastra.goto()
  await mastra.selectTool('transfer-funds')
  await mastra.setInput({ from: 'a', to: 'b', amount: 5 })
  await mastra.run()
  await mastra.expectStatus('success')

  await mastra.selectTool('convertCurrency')
  await mastra.setInput({ amount: 100, from: 'EUR', to: 'USD' })
  await mastra.run()
  await mastra.expectStatus('success')
  expect((await mastra.panels()).model).toContain('108 USD')

  await mastra.selectTool('sendEmail')
  await mastra.setInput({ to: 'bob@elsewhere.org', subject: 'hi' })
  await mastra.run()
  await mastra.expectStatus('awaiting approval')
  await mastra.decline('not now')
  await mastra.expectStatus('declined')
})
