// E2E: a lost connection never blanks the page: the offline banner shows and goes away, a cut event stream
// reconnects with Last-Event-ID and the server replays exactly what was missed.
import { test, expect } from './fixtures/toolscope.ts'

test('going offline shows a banner; back online the suspended run goes on', async ({ toolscope, page, context }) => {
  await toolscope.goto()
  await toolscope.selectTool('confirm-order')
  await toolscope.setInput({ item: 'cake', quantity: 1 })
  await toolscope.run()
  await toolscope.expectStatus('suspended')

  const banner = page.getByRole('alert').filter({ hasText: /offline|Connection to the Toolscope server lost/ })
  await context.setOffline(true)
  await expect(banner).toBeVisible()
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
  await context.setOffline(false)
  await expect(banner).toBeHidden()

  await toolscope.resume({ confirmed: false })
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).raw).toContain('"status": "cancelled"')
})

test('a cut event stream reconnects with Last-Event-ID and replays the rest', async ({ toolscope, page }) => {
  const lastEventIds: Array<string | null> = []
  let cut = false
  await page.route(/\/api\/runs\/[^/]+\/events/, async (route) => {
    lastEventIds.push(route.request().headers()['last-event-id'] ?? null)
    if (cut) return route.continue()
    cut = true
    // First connection: deliver only the first three frames, then drop the connection.
    const full = await (await route.fetch()).text()
    const frames = full.split('\n\n').filter((f) => f.includes('data:'))
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: frames.slice(0, 3).join('\n\n') + '\n\n',
    })
  })
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 4 })
  await toolscope.run()
  await toolscope.expectStatus('success')
  expect(lastEventIds[0]).toBeNull()
  expect(lastEventIds[1]).toBe('2')
  expect((await toolscope.panels()).raw).toContain('"doubled": 8')
  // Nothing lost, nothing doubled: the events are numbered 0..n-1 exactly once.
  const rows = await toolscope.events.getByRole('listitem').count()
  await expect(toolscope.events.getByText(/^\d+ events$/)).toHaveText(`${rows} events`)
  await expect(toolscope.events.getByRole('button', { name: /run-started/ })).toHaveCount(1)
})
