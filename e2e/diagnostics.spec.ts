// E2E: a tool that fails as a fetch does shows its cause chain and (folded) stack in the run's error view and in
// the Events timeline, next to the console line it logged before failing.
import { fileURLToPath } from 'node:url'
import { test, expect } from './fixtures/toolscope.ts'

const EXAMPLES = fileURLToPath(new URL('../server/examples/', import.meta.url))

test.use({ toolscopeOptions: { paths: [EXAMPLES] } })

test('a failing fetch shows its cause chain, its stack and the console line it logged', async ({
  toolscope,
  page,
}, testInfo) => {
  await toolscope.goto()
  await toolscope.selectTool('fetch-profile')
  await toolscope.setInput({ userId: 'u-42' })
  await toolscope.run()
  await toolscope.expectStatus('error')

  const alert = page.getByRole('alert', { name: 'Run error' })
  await expect(alert.getByText('fetch failed', { exact: true })).toBeVisible()
  const causes = alert.getByRole('list', { name: 'Caused by' })
  await expect(causes.getByRole('listitem')).toHaveText(['caused by getaddrinfo ENOTFOUND api.example.comENOTFOUND'])
  const stack = alert.getByLabel('Stack trace')
  await expect(stack).toBeHidden()
  await alert.getByText('Stack trace', { exact: true }).click()
  await expect(stack).toBeVisible()
  await expect(stack).toContainText(/failures\.ts:\d+:\d+/)
  await alert.screenshot({ path: testInfo.outputPath('error-view.png') })

  const events = toolscope.events
  await expect(
    events.getByRole('button', {
      name: /log \[info\] console fetching profile u-42 from https:\/\/api\.example\.com \(failures\.ts:\d+\)/,
    }),
  ).toBeVisible()
  const errorRow = events.getByRole('button', { name: /error fetch failed ← getaddrinfo ENOTFOUND api\.example\.com/ })
  await errorRow.click()
  await expect(events.getByRole('list', { name: 'Caused by' })).toContainText('getaddrinfo ENOTFOUND api.example.com')
  await page.screenshot({ path: testInfo.outputPath('error-page.png') })
})
