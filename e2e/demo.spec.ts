// E2E: a static demo site. `toolscope build` writes the example tools' recorded scenario runs; a plain static file
// server on 127.0.0.1 serves the folder; Chromium lists the tools, opens a recorded run, plays, pauses, steps and
// compares views, opens an embed URL and a deep link. No request leaves the site's origin, and no secret-looking
// value is in any file written.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import type { DemoManifest } from '../src/shared/protocol.ts'
import { serveStatic } from './fixtures/staticServer.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
let out: string
let site: { origin: string; close: () => Promise<void> }
let manifest: DemoManifest

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'toolscope-demo-'))
  // The CLI as a user runs it (the SPA is built by the suite's globalSetup).
  execFileSync(process.execPath, [join(ROOT, 'bin/toolscope.mjs'), 'build', '--out', out], { cwd: ROOT, stdio: 'pipe' })
  manifest = JSON.parse(readFileSync(join(out, 'demo/manifest.json'), 'utf8')) as DemoManifest
  site = await serveStatic(out)
})

test.afterAll(async () => {
  await site?.close()
  rmSync(out, { recursive: true, force: true })
})

/** Records every request that goes anywhere but the site (data: and blob: URLs stay in the page). */
function outsideRequests(page: Page): string[] {
  const outside: string[] = []
  page.on('request', (r) => {
    const url = r.url()
    if (!url.startsWith(`${site.origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url)
  })
  return outside
}

const runOf = (toolId: string, source: string) => {
  const run = manifest.runs.find((r) => r.toolId === toolId && r.source === source)
  if (!run) throw new Error(`no run of ${toolId} from ${source} in the demo`)
  return run
}

/** The number of events played, from the player's "n / total events" counter. */
async function played(page: Page): Promise<number> {
  return Number((await page.getByLabel('Events played').textContent())?.split(' / ')[0])
}

test('lists the tools, opens a recorded run, steps through its approval and compares the views', async ({ page }) => {
  const outside = outsideRequests(page)
  await page.goto(`${site.origin}/`)
  await expect(page.getByText('recorded demo', { exact: true })).toBeVisible()
  await page.getByRole('combobox', { name: 'Search tools' }).fill('delete-repository')
  await page.getByRole('option', { name: 'delete-repository' }).click()
  await expect(page.getByRole('tab', { name: 'Recorded runs' })).toHaveAttribute('aria-selected', 'true')
  const declined = runOf('delete-repository', 'scenario "declined"')
  await page
    .getByRole('navigation', { name: 'Recorded runs' })
    .getByRole('button', { name: /declined/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`run=${declined.runId}`))

  const player = page.getByRole('region', { name: 'Player' })
  await expect(player.getByLabel('Events played')).toContainText(`0 / ${declined.eventCount} events`)
  const approval = player.getByRole('region', { name: 'Approval requested' })
  // Step until the approval appears, still waiting; one more step and it is answered as it was.
  while (!(await approval.isVisible())) await player.getByRole('button', { name: 'Step forward' }).click()
  await expect(approval.getByRole('status')).toHaveText('Waiting for an answer…')
  await expect(player.getByRole('status', { name: 'Run status' })).toHaveText('awaiting approval')
  await player.getByRole('button', { name: 'Step forward' }).click()
  await expect(approval.getByRole('status')).toHaveText(/^Declined/)
  await player.getByRole('button', { name: 'Step back' }).click()
  await expect(approval.getByRole('status')).toHaveText('Waiting for an answer…')

  // Play to the end: the final state and the four views of its last phase.
  await player.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(player.getByRole('status', { name: 'Run status' })).toHaveText('declined')
  await expect(player.getByRole('button', { name: 'Play again' })).toBeVisible()
  for (const view of ['Raw', 'Display', 'Transcript', 'Model'])
    await expect(player.getByRole('region', { name: view })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('demo-player.png'), fullPage: true })

  // Compared with the approved run: the diff of two recorded runs.
  const approved = runOf('delete-repository', 'scenario "approved"')
  await page.getByLabel('Compare with').selectOption(approved.runId)
  await expect(page).toHaveURL(new RegExp(`tab=diff&run=${declined.runId}&vs=${approved.runId}`))
  const diff = page.getByRole('region', { name: 'Run diff' })
  await expect(diff.getByRole('region', { name: 'Second run' })).toContainText('success')
  await expect(diff.getByRole('button', { name: /Rerun/ })).toHaveCount(0)
  await expect(
    diff.getByRole('region', { name: 'Raw (input)' }).getByRole('list', { name: 'Changed paths of Raw (input)' }),
  ).toContainText('repo')
  await expect(diff.getByRole('region', { name: 'Model (input)' })).toContainText('Nothing in this phase.')
  await page.screenshot({ path: test.info().outputPath('demo-diff.png'), fullPage: true })

  // Overview: the schemas and what each provider gets, from the site's files.
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(
    page.getByRole('region', { name: 'Providers' }).getByRole('article', { name: 'Provider OpenAI (strict)' }),
  ).toContainText(/accepted|refused/)
  expect(outside).toEqual([])
})

test('a deep link opens a run; it plays on its recorded timing, pauses, steps, and changes speed', async ({ page }) => {
  const outside = outsideRequests(page)
  const run = runOf('tail-logs', 'scenario "eight-lines"')
  await page.goto(`${site.origin}/?tool=tail-logs&run=${run.runId}`)
  const player = page.getByRole('region', { name: 'Player' })
  await player.getByLabel('Speed').selectOption('0.5')
  await player.getByRole('button', { name: 'Play', exact: true }).click()
  // Log lines come half a second apart: at 0.5× the second one plays a second after the first, and the eight of them
  // leave five seconds or more of playback for the pause below, even on a busy machine.
  await expect(player.getByRole('region', { name: 'Raw' })).toBeVisible()
  await expect.poll(() => played(page)).toBeGreaterThanOrEqual(7)
  await player.getByRole('button', { name: 'Pause', exact: true }).click()
  const paused = await played(page)
  expect(paused).toBeLessThan(run.eventCount)
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  await player.getByRole('button', { name: 'Step forward' }).click()
  await expect.poll(() => played(page)).toBe(paused + 1)
  // The keyboard: Space plays, the arrows step.
  await player.getByRole('button', { name: 'Step forward' }).press('ArrowLeft')
  await expect.poll(() => played(page)).toBe(paused)
  await player.getByLabel('Speed').selectOption('4')
  await player.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(player.getByRole('status', { name: 'Run status' })).toHaveText('aborted')
  expect(await played(page)).toBe(run.eventCount)
  expect(outside).toEqual([])
})

test('an embed URL shows only the player, and Copy embed snippet gives its iframe', async ({ page, context }) => {
  const outside = outsideRequests(page)
  const run = runOf('delete-repository', 'scenario "approved"')
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin })
  await page.goto(`${site.origin}/?tool=delete-repository&run=${run.runId}`)
  await page.getByRole('button', { name: 'Copy embed snippet' }).click()
  const snippet = await page.evaluate(() => navigator.clipboard.readText())
  expect(snippet).toContain(`src="${site.origin}/?embed=1&amp;tool=delete-repository&amp;run=${run.runId}"`)

  await page.goto(`${site.origin}/?embed=1&tool=delete-repository&run=${run.runId}`)
  const player = page.getByRole('region', { name: 'Player' })
  await expect(player).toBeVisible()
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Open in Toolscope' })).toHaveAttribute(
    'href',
    `?tool=delete-repository&run=${run.runId}`,
  )
  await player.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(player.getByRole('status', { name: 'Run status' })).toHaveText('success')
  await expect(player.getByRole('region', { name: 'Approval requested' }).getByRole('status')).toHaveText('Approved')
  await page.screenshot({ path: test.info().outputPath('demo-embed.png') })
  expect(outside).toEqual([])
})

test('the site holds no secret-looking value, and its report lists what went in', () => {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name)
      if (statSync(file).isDirectory()) walk(file)
      else files.push(file)
    }
  }
  walk(out)
  // The examples' secrets: customer-lookup's API key (an input) and tenant-report's (a request context value).
  const secrets = [
    /sk-secret/,
    /k-12345678/,
    /sk-[A-Za-z0-9]{8,}/,
    /Bearer [A-Za-z0-9._-]{8,}/,
    /"(authorization|x-api-key|cookie)":"(?!\[redacted\])/i,
  ]
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    for (const secret of secrets) expect(text, `${file} matches ${secret}`).not.toMatch(secret)
  }
  expect(files.some((f) => f.endsWith('.ts') || f.endsWith('.mjs'))).toBe(false)
  const report = JSON.parse(readFileSync(join(out, 'demo/report.json'), 'utf8')) as {
    tools: string[]
    runs: unknown[]
    secretsScrubbed: number
  }
  expect(report.tools).toContain('tail-logs')
  expect(report.runs.length).toBe(manifest.runs.length)
  expect(report.secretsScrubbed).toBeGreaterThanOrEqual(2)
})
