// E2E: a Toolscope server whose only tools come from MCP servers (the reference "everything" server over stdio and
// one that cannot start, given with --mcp from an empty working folder, so no .mcp.json is read): the tool list heads
// the tools with their server's state and version and shows why the other failed; a tool's input is completed from
// its schema in Monaco and run; an elicitation (form and URL mode) is answered in the page; an image result shows in
// the model view. At a laptop's 1366×768, with screenshots of the server groups and the prompts in the test output.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchToolscope } from '../src/playwright/index.ts'
import { test as base, expect, type E2EServer } from './fixtures/toolscope.ts'

const EVERYTHING = fileURLToPath(
  new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url),
)
/** A server that cannot start (Node exits: no such module), so the list shows a failed server with its reason. */
const MISSING = fileURLToPath(new URL('./fixtures/no-such-mcp-server.js', import.meta.url))

/** The suite's fixtures with a server of MCP tools only: no tool paths, a temp working folder and scenario folder. */
const test = base.extend<object, { toolscopeServer: E2EServer }>({
  toolscopeServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
    async ({}, use) => {
      const cwd = mkdtempSync(join(tmpdir(), 'toolscope-e2e-mcp-'))
      const server = await launchToolscope({
        cwd,
        paths: [],
        scenariosDir: join(cwd, 'scenarios'),
        args: ['--mcp', `everything=node ${EVERYTHING} stdio`, '--mcp', `broken=node ${MISSING}`],
      })
      await use({ ...server, scenariosDir: join(cwd, 'scenarios') })
      await server.close()
      rmSync(cwd, { recursive: true, force: true })
    },
    { scope: 'worker', timeout: 90_000 },
  ],
})

test.use({ viewport: { width: 1366, height: 768 } })

test('the tool list heads the MCP tools with their server, ready, with its version and annotations', async ({
  toolscope,
  page,
}, testInfo) => {
  await toolscope.goto()
  const header = toolscope.toolList.getByRole('button', { name: /^everything\s*17$/ })
  await expect(header).toHaveAttribute('aria-expanded', 'true')
  await expect(header).toHaveAccessibleDescription('ready · mcp-servers/everything@2.0.0 · stdio')
  const sum = toolscope.toolList.getByRole('option', { name: 'everything_get-sum Get Sum Tool' })
  await expect(sum).toHaveAccessibleDescription('read-only idempotent')
  await expect(sum.getByText('read-only')).toHaveAttribute('title', /readOnlyHint/)
  await toolscope.search.fill('url-elicitation')
  await expect(
    toolscope.toolList.getByRole('option', { name: /^everything_trigger-url-elicitation/ }),
  ).toHaveAccessibleDescription(/open-world/)
  await toolscope.search.fill('')
  await page.screenshot({ path: testInfo.outputPath('mcp-tools.png') })

  // The server's fold works like any group's, from the keyboard too.
  await header.focus()
  await page.keyboard.press('Enter')
  await expect(header).toHaveAttribute('aria-expanded', 'false')
  await expect(toolscope.toolList.getByRole('option')).toHaveCount(0)
  // Below it, the server that cannot start has a group too (no tools): failed, with the reason in view.
  const broken = toolscope.toolList.getByRole('button', { name: /^broken\s*0$/ })
  await expect(broken).toHaveAccessibleDescription(/^failed: could not start: .+ · stdio$/)
  await page.screenshot({ path: testInfo.outputPath('mcp-tools-folded.png') })
  await page.keyboard.press('Enter')
  await expect(toolscope.toolList.getByRole('option').first()).toBeVisible()
})

test('get-sum: input completed from its schema in Monaco, run, output shown', async ({ toolscope, page }) => {
  await toolscope.selectTool('everything_get-sum')
  await toolscope.setInput('{}')
  await page.keyboard.press('ArrowLeft')
  const suggest = page.locator('.suggest-widget')
  const lines = (await toolscope.editor('Tool input JSON')).locator('.view-lines')
  for (const [property, value] of [
    ['a', '2'],
    ['b', '3'],
  ]) {
    await page.keyboard.press('Control+Space')
    await expect(suggest.locator('.monaco-list-row.focused .label-name')).toHaveText(property)
    await page.keyboard.press('Enter')
    // The number placeholder of the inserted property is selected: typing replaces it.
    await expect(lines).toContainText(`"${property}": 0`)
    await page.keyboard.type(value)
    if (property === 'a') await page.keyboard.type(',')
  }
  await expect(lines).toContainText('"b": 3')
  await toolscope.run()
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).model).toContain('The sum of 2 and 3 is 5.')
})

test('trigger-elicitation-request: the elicitation form is answered in the page and the run succeeds', async ({
  toolscope,
  page,
}, testInfo) => {
  await toolscope.selectTool('everything_trigger-elicitation-request')
  await toolscope.setInput({})
  await toolscope.run()
  await toolscope.expectStatus('awaiting elicitation')
  const form = page.getByRole('form', { name: 'Elicitation' })
  await expect(form).toContainText('Please provide inputs for the following fields:')
  await page.screenshot({ path: testInfo.outputPath('mcp-elicitation.png') })
  await form.getByRole('button', { name: 'Accept' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('mcp-elicitation-end.png') })
  // Choices read as their titles; multiple choices are checkboxes, their defaults ticked.
  await expect(form.getByLabel(/^Titled Single Select Enum/).locator('option:checked')).toHaveText('Superman')
  await expect(form.getByLabel(/^Legacy Titled Single Select Enum/).locator('option:checked')).toHaveText('Cats')
  await expect(form.getByRole('group', { name: 'Untitled Multiple Select Enum' }).getByLabel('Guitar')).toBeChecked()
  await form.getByRole('group', { name: 'Titled Multiple Select Enum' }).getByLabel('Salmon').check()
  await form.getByLabel(/^String \*/).fill('Ada Lovelace')
  await form.getByRole('button', { name: 'Accept' }).click()
  await toolscope.expectStatus('success')
  const model = (await toolscope.panels()).model
  expect(model).toContain('User provided the requested information')
  expect(model).toContain('- Name: Ada Lovelace')
})

test('trigger-url-elicitation: the URL prompt links the page and continues without content', async ({
  toolscope,
  page,
}, testInfo) => {
  await toolscope.selectTool('everything_trigger-url-elicitation')
  await toolscope.setInput({ url: 'https://example.com/authorize?session=42', message: 'Authorize the demo app' })
  await toolscope.run()
  await toolscope.expectStatus('awaiting elicitation')
  const form = page.getByRole('form', { name: 'Elicitation' })
  await expect(form).toContainText('Authorize the demo app')
  const link = form.getByRole('link', { name: 'https://example.com/authorize?session=42' })
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(form.getByRole('textbox')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('mcp-url-elicitation.png') })
  await form.getByRole('button', { name: 'I opened it, continue' }).click()
  await toolscope.expectStatus('success')
  await expect(toolscope.events.getByRole('button', { name: /elicitation-resolved accept/ })).toBeVisible()
})

test('get-tiny-image: the model view shows the image, the other views pass the content through', async ({
  toolscope,
  page,
}) => {
  await toolscope.selectTool('everything_get-tiny-image')
  await toolscope.setInput({})
  await toolscope.run()
  await toolscope.expectStatus('success')
  const panels = await toolscope.panels()
  // No structuredContent: raw is the content itself, and display and transcript pass it through unchanged.
  expect(panels.raw).toContain('"mimeType": "image/png"')
  for (const view of [panels.display, panels.transcript]) {
    expect(view).toContain('passthrough')
    expect(view).toContain('"type": "image"')
  }
  // The model sees content parts: text, the image, text.
  expect(panels.model).toContain("Here's the image you requested:")
  expect(panels.model).toContain('The image above is the MCP logo.')
  const model = page.getByRole('region', { name: 'Compare' }).getByRole('region', { name: 'Model', exact: true })
  await expect(model.getByRole('img')).toHaveCount(1)
  await expect(model.getByRole('img')).toHaveAttribute('src', /^data:image\/png;base64,iVBORw0KGgo/)
  await expect
    .poll(() => model.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
})
