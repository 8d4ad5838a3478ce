// E2E: the Fuzz tab. A fuzz started from the keyboard finds the planted bug of the server suite's
// fuzz-target fixture, shows it shrunk to its minimal input with the seed and the command that reproduces it; the
// failing run opens in the run view (its error shown), the failure is still there on coming back, and saving it as a
// scenario puts it in the Scenarios tab. The coverage section waits for coverage; a fuzz with "Collect code coverage"
// shows the schema coverage numbers and the tool's source with run and never-run lines.
import { fileURLToPath } from 'node:url'
import { expect, FIXTURE_TOOLS, test } from './fixtures/toolscope.ts'

// The server suite's fixture: the last value of an enum throws.
const FUZZ_TARGET = fileURLToPath(new URL('../server/test/fixtures/tools/fuzzTarget.ts', import.meta.url))
// A tool with lines no call reaches (a function nothing calls), for the coverage view.
const SHIPPING_QUOTE = fileURLToPath(new URL('./fixtures/fuzz-tools/shippingQuote.ts', import.meta.url))
test.use({ toolscopeOptions: { paths: [FIXTURE_TOOLS, FUZZ_TARGET, SHIPPING_QUOTE] } })

test('fuzz a tool from the UI, open the failing run, and save it as a scenario', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('fuzz-target')
  await page.getByRole('tab', { name: 'Fuzz' }).click()
  const settings = page.getByRole('form', { name: 'Fuzz settings' })
  await expect(settings.getByLabel('Runs')).toHaveValue('100')
  await expect(settings.getByRole('checkbox', { name: /^no-crash/ })).toBeChecked()
  await expect(settings.getByRole('checkbox', { name: /^same-output/ })).not.toBeChecked()
  await expect(page.getByRole('region', { name: 'Coverage' })).toContainText('Coverage appears here when collected')

  // A random seed (the field left empty), started with the keyboard.
  await settings.getByLabel('Runs').fill('60')
  await settings.getByRole('button', { name: 'Start' }).focus()
  await page.keyboard.press('Enter')

  const failure = page.getByRole('region', { name: 'Fuzz failure' })
  await expect(failure).toContainText('no-crash', { timeout: 60_000 })
  await expect(failure).toContainText('planted bug')
  await expect(failure).toContainText('"mode": "purge"')
  await expect(failure).not.toContainText('"note"')
  const command = (await failure.getByLabel('Reproducing command', { exact: true }).innerText()).trim()
  expect(command).toMatch(/^npx toolscope fuzz --tool fuzz-target --seed -?\d+ --runs 60$/)
  const seed = /--seed (-?\d+)/.exec(command)![1]

  await page.setViewportSize({ width: 1366, height: 768 })
  await failure.scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/fuzz-tab.png' })

  // The failing run is a normal run: it opens in the run view with its error.
  await failure.getByRole('link', { name: 'Open run' }).click()
  await toolscope.expectStatus('error')
  await expect(page.getByRole('alert', { name: 'Run error' })).toContainText('planted bug')

  // Back on the Fuzz tab, the failure is where it was; saved as a scenario, it shows in the Scenarios tab.
  await page.goBack()
  await expect(page.getByRole('tab', { name: 'Fuzz' })).toHaveAttribute('aria-selected', 'true')
  await failure.getByRole('button', { name: 'Save as scenario' }).click()
  const name = `fuzz-no-crash-${seed}`
  await expect(page.getByRole('status', { name: 'Scenario saved' })).toContainText(`${name}.json`)
  await page.getByRole('button', { name: 'Show in Scenarios' }).click()
  await expect(
    page.getByRole('region', { name: 'Scenarios' }).getByRole('region', { name, exact: true }),
  ).toContainText('expects error')
})

test('fuzz with code coverage and see the schema coverage and the covered and uncovered lines', async ({
  toolscope,
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 })
  await toolscope.goto()
  await toolscope.selectTool('shipping-quote')
  await page.getByRole('tab', { name: 'Fuzz' }).click()
  const settings = page.getByRole('form', { name: 'Fuzz settings' })
  const collect = settings.getByRole('checkbox', { name: /Collect code coverage/ })
  await expect(collect).not.toBeChecked()
  await collect.check()
  await settings.getByLabel('Runs').fill('40')
  await settings.getByLabel('Seed').fill('11')
  await settings.getByRole('button', { name: 'Start' }).click()

  const coverage = page.getByRole('region', { name: 'Coverage' })
  await expect(page.getByRole('status', { name: 'Fuzz result' })).toContainText('Passed', { timeout: 90_000 })
  await expect(coverage.getByLabel('Schema coverage')).toHaveText(/^\d+\/\d+ \(\d+%\)$/)
  await expect(coverage.getByRole('list', { name: 'Exercised' })).toContainText('zone: "asia"')
  const source = coverage.getByRole('region', { name: /^Source of .*shippingQuote\.ts$/ })
  await expect(source).toContainText('export function legacyRate')
  // The quote's lines ran (with a count); the uncalled function's did not (a ✗, not only a tint).
  const line = (text: string) => source.locator('[data-line]', { hasText: text })
  await expect(line('return { price:')).toHaveAttribute('data-coverage', 'covered')
  await expect(line('return { price:')).toContainText(/\d+×/)
  await expect(line('return rate * weightKg')).toHaveAttribute('data-coverage', 'uncovered')
  await expect(line('return rate * weightKg')).toContainText('✗')
  await expect(line('type Zone =')).toHaveAttribute('data-coverage', 'none')
  await expect(coverage.getByLabel('Legend')).toContainText('never ran')

  // The source view scrolls with the keyboard.
  await source.focus()
  await expect(source).toBeFocused()
  // Scrolled so that both run and never-run lines are in view.
  await coverage.scrollIntoViewIfNeeded()
  await line('return rate * weightKg').scrollIntoViewIfNeeded()
  await page.screenshot({ path: '/tmp/fuzz-coverage.png' })
})
