// E2E: a model in the loop, against the scripted model server (server/test/scriptedModel.ts) through the
// real openai-compatible provider. The Model tab tries the bundled delete-repository tool: the model's call is a real
// run that waits for approval, answered in the tab; the model then answers, and its answer, the step tokens and the
// run link are shown. The Evals tab runs the project's eval (with a description variant) and shows pass rates, the
// variant's difference, the unreadable file, and what the model did instead in a failed trial.
import { createServer, type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expect, test, type ToolscopePage } from './fixtures/toolscope.ts'
import { startScriptedModel, turn } from '../server/test/scriptedModel.ts'

const INTERACTIVE = fileURLToPath(new URL('../server/examples/interactive.ts', import.meta.url))
// A project folder whose toolscope/evals holds an eval of delete-repository and a file that cannot be read: the server
// reads evals next to its scenario folder (toolscope/scenarios, which these tests never write to).
const SCENARIOS = fileURLToPath(new URL('./fixtures/model-project/toolscope/scenarios', import.meta.url))
test.use({ toolscopeOptions: { paths: [INTERACTIVE], scenariosDir: SCENARIOS } })

const SHOTS = process.env.TOOLSCOPE_SHOTS_DIR

/** delete-repository's Model or Evals tab, at a laptop's window size. */
async function openTab(toolscope: ToolscopePage, page: Page, tab: 'Model' | 'Evals'): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 })
  await toolscope.goto()
  await toolscope.selectTool('delete-repository')
  await page.getByRole('tab', { name: tab }).click()
}

/** A local port nothing listens on (one the system just handed out and got back). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

test('try a tool with a model: answer the approval of its call, then read the model’s answer', async ({
  toolscope,
  page,
}) => {
  const model = await startScriptedModel(
    [
      turn.call('delete-repository', { repo: 'acme/legacy-website' }),
      turn.text('The repository acme/legacy-website is deleted.'),
    ],
    { argumentFragments: 4 },
  )
  try {
    await openTab(toolscope, page, 'Model')
    const form = page.getByRole('form', { name: 'Model settings' })
    await form.getByLabel('Provider').selectOption('openai-compatible')
    await expect(form.getByText('no key (optional: OPENAI_COMPATIBLE_API_KEY)')).toBeVisible()
    await form.getByLabel('Model', { exact: true }).fill('scripted')
    await form.getByLabel(/^Base URL/).fill(model.baseURL)
    await form.getByLabel('Prompt').fill('Delete the repository acme/legacy-website')
    await expect(form.getByRole('button', { name: 'Try' })).toBeEnabled()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/model-form.png` })
    await form.getByLabel('Prompt').press('Control+Enter')

    // The call is a real run, waiting for approval: the Run tab's card, answered here.
    const call = page.getByRole('region', { name: 'Tool call delete-repository' })
    const approval = call.getByRole('region', { name: 'Approval' })
    await expect(approval).toContainText('acme/legacy-website')
    await expect(call).toContainText('"repo": "acme/legacy-website"')
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/model-approval.png` })
    await approval.getByRole('button', { name: 'Approve' }).click()

    await expect(page.getByRole('region', { name: 'Answer' })).toContainText(
      'The repository acme/legacy-website is deleted.',
    )
    await expect(approval).toBeHidden()
    await expect(page.getByRole('status', { name: 'Conversation summary' })).toContainText('Answered in 2 steps')
    await expect(page.getByRole('region', { name: 'Step 1' }).getByLabel('Step 1 tokens')).toContainText('tokens')
    // The model got the tool's model view back in its second request.
    expect(model.requests).toHaveLength(2)
    expect(JSON.stringify(model.requests[1].body.messages)).toContain('acme/legacy-website')
    await page.getByRole('region', { name: 'Answer' }).scrollIntoViewIfNeeded()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/model-answer.png` })

    // The call's run opens in the Run tab, finished.
    await call.getByRole('link', { name: /^Open run .* of delete-repository$/ }).click()
    await toolscope.expectStatus('success')
    // Back on the Model tab, the conversation is where it was.
    await page.goBack()
    await expect(page.getByRole('region', { name: 'Answer' })).toContainText('is deleted.')
  } finally {
    await model.close()
  }
})

test('a base URL where no model answers is named as such', async ({ toolscope, page }) => {
  await openTab(toolscope, page, 'Model')
  const form = page.getByRole('form', { name: 'Model settings' })
  await form.getByLabel('Provider').selectOption('openai-compatible')
  await form.getByLabel('Model', { exact: true }).fill('nothing-here')
  // A port that was free a moment ago: nothing listens there, the connection is refused.
  const port = await closedPort()
  await form.getByLabel(/^Base URL/).fill(`http://127.0.0.1:${port}/v1`)
  await form.getByLabel('Prompt').fill('Delete acme/x')
  await form.getByRole('button', { name: 'Try' }).click()
  const error = page.getByRole('alert', { name: 'Conversation error' })
  await expect(error).toContainText('Could not reach the model', { timeout: 30_000 })
  await expect(error).toContainText('Check the base URL')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/model-error.png` })
})

test('run the evals of a tool against a model: pass rates, a variant’s difference, and what the model did instead', async ({
  toolscope,
  page,
}) => {
  // Base case: one right call, one wrong; the variant: two right calls. Each trial is a call, then a text answer.
  const right = [turn.call('delete-repository', { repo: 'acme/legacy-website' }), turn.text('Deleted.')]
  const model = await startScriptedModel([
    ...right,
    turn.call('delete-repository', { repo: 'acme/website' }),
    turn.text('Deleted.'),
    ...right,
    ...right,
  ])
  try {
    await openTab(toolscope, page, 'Evals')
    const files = page.getByRole('region', { name: 'Eval files' })
    await expect(files).toContainText('1 of 1 eval in')
    await expect(files.getByRole('alert', { name: 'Eval file errors' })).toContainText('broken.json')

    const form = page.getByRole('form', { name: 'Eval settings' })
    await form.getByLabel('Model 1 provider').selectOption('openai-compatible')
    await form.getByLabel('Model 1 model').fill('scripted')
    await form.getByLabel(/^Model 1 base url/).fill(model.baseURL)
    await form.getByLabel('Also run description variants').check()
    await form.getByRole('button', { name: 'Run evals' }).click()

    const table = page.getByRole('table', { name: 'Eval results' })
    await expect(page.getByRole('status', { name: 'Eval summary' })).toHaveText(
      '0 passed, 1 failed (variants compared, not counted)',
      { timeout: 60_000 },
    )
    const label = 'openai-compatible:scripted'
    await expect(table.getByRole('columnheader', { name: label })).toBeVisible()
    const [base, variant] = await table
      .getByRole('row')
      .all()
      .then((rows) => rows.slice(1))
    await expect(base).toContainText('50%')
    await expect(variant).toContainText('100%')
    await expect(variant.getByLabel('difference from the case')).toHaveText('+50 pts')

    await base.getByRole('button', { name: 'Show what the model did instead: delete-legacy' }).click()
    const instead = table.getByRole('region', { name: `What ${label} did instead` })
    await expect(instead).toContainText('1 of 2 trials failed')
    await expect(instead).toContainText('"repo": "acme/website"')
    await instead.scrollIntoViewIfNeeded()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/evals.png` })
    await instead.getByRole('link', { name: /^Open run .* of delete-repository$/ }).click()
    await toolscope.expectStatus('success')
  } finally {
    await model.close()
  }
})
