// E2E: with every execution slot taken, Run still answers at once: the new run reads "queued" with its place in the
// queue, can be aborted before any of its code runs, and starts by itself once a slot frees.
import { test, expect } from './fixtures/toolscope.ts'

test.use({ toolscopeOptions: { args: ['--max-workers', '1'] } })

test('a run without a free slot shows as queued, can be aborted, and starts once the slot frees', async ({
  toolscope,
  toolscopeServer,
  page,
}, testInfo) => {
  await toolscope.goto()
  await toolscope.selectTool('hang-forever')
  await toolscope.setInput({})
  await toolscope.run()
  await toolscope.expectStatus('running')
  const hung = new URL(page.url()).searchParams.get('run')!

  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 4 })
  await toolscope.run()
  await toolscope.expectStatus('queued')
  await expect(page.getByRole('group', { name: 'Run state' })).toContainText('next to start')
  await page.screenshot({ path: testInfo.outputPath('queued.png') })
  await toolscope.abort()
  await toolscope.expectStatus('aborted')

  await toolscope.run()
  await toolscope.expectStatus('queued')
  // The hung run is aborted from elsewhere (another tab, a script): its slot goes to the queued run.
  const res = await fetch(`${toolscopeServer.origin}/api/runs/${hung}/control`, {
    method: 'POST',
    headers: { authorization: `Bearer ${toolscopeServer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'abort' }),
  })
  expect(res.status).toBe(200)
  await toolscope.expectStatus('success')
})
