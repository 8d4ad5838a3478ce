// Page object of the Toolscope playground for Playwright tests: every method acts through roles and labels
// and waits for a visible state, never for time. Published as part of `toolscope/playwright`.

import { expect, type Locator, type Page } from '@playwright/test'
import { createSseParser } from '../api/sseParser.ts'
import { RunEventFrame } from '../shared/passthroughViews.ts'
import type { Outcome } from '../testbench/match.ts'
import { outcomeFromEvents } from '../testbench/replay.ts'
import type { LaunchedToolscope } from './launch.ts'

/** How run() and step() answer when the open run is still waiting for a person. */
export interface StartOptions {
  whileWaiting?: 'keep' | 'abandon'
}

/** Page object of the playground. Every method waits for a visible state, never for time. */
export class ToolscopePage {
  constructor(
    readonly page: Page,
    readonly server: Pick<LaunchedToolscope, 'url' | 'origin' | 'token'>,
  ) {}

  /** Opens the app (with the session token) and optional URL state, e.g. `{ tool, run }`. */
  async goto(params: Record<string, string> = {}): Promise<void> {
    const url = new URL(this.server.url)
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
    await this.page.goto(url.toString())
    await expect(this.toolList).toBeVisible()
  }

  get toolList(): Locator {
    return this.page.getByRole('navigation', { name: 'Tools' })
  }
  get search(): Locator {
    return this.page.getByRole('combobox', { name: 'Search tools' })
  }
  get inputRegion(): Locator {
    return this.page.getByRole('region', { name: 'Input' })
  }
  get events(): Locator {
    return this.page.getByRole('region', { name: 'Events' })
  }
  get statusElement(): Locator {
    return this.page.getByRole('status', { name: 'Run status' })
  }

  /** Picks a tool through the search box and waits for its page (opening the app first if needed). */
  async selectTool(id: string): Promise<void> {
    if (!this.page.url().startsWith(this.server.origin)) await this.goto()
    await this.search.fill(id)
    await this.toolList
      .getByRole('option')
      .filter({ has: this.page.getByText(id, { exact: true }) })
      .first()
      .click()
    await expect(this.page.getByRole('heading', { level: 1, name: id })).toBeVisible()
  }

  /** The Monaco editor with this accessible name, once Monaco (not the textarea fallback) is loaded. */
  async editor(label: string): Promise<Locator> {
    const editor = this.page.locator('.monaco-editor').filter({ has: this.page.getByRole('textbox', { name: label }) })
    await expect(editor).toBeVisible()
    return editor
  }

  /** Replaces an editor's whole text (a value is JSON-stringified). */
  async fillEditor(label: string, value: unknown): Promise<void> {
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    const editor = await this.editor(label)
    // On the editor's first visible line, right of the line numbers: the lines of a long text reach past the
    // editor's visible box, and their centre may lie under another element.
    await editor.click({ position: { x: 80, y: 8 } })
    await this.page.keyboard.press('ControlOrMeta+A')
    await this.page.keyboard.press('Delete')
    if (text) await this.page.keyboard.insertText(text)
  }

  async setInput(value: unknown): Promise<void> {
    await this.fillEditor('Tool input JSON', value)
  }
  async setRequestContext(value: unknown): Promise<void> {
    await this.fillEditor('Request context JSON', value)
  }
  /**
   * Sets the next runs' network: `replay` from the tool's cassette named `cassette`, `mock` with `mocks` (the rules
   * object), `record` (under `cassette` when given) or `live`.
   */
  async setNetwork(network: {
    mode: 'live' | 'record' | 'replay' | 'mock'
    cassette?: string
    mocks?: unknown
  }): Promise<void> {
    const group = this.page.getByRole('group', { name: 'Network' })
    await group.getByLabel('Network mode').selectOption(network.mode)
    if (network.mode === 'replay' && network.cassette !== undefined)
      await group.getByLabel('Cassette', { exact: true }).selectOption(network.cassette)
    if (network.mode === 'record' && network.cassette !== undefined)
      await group.getByLabel('Cassette name to record').fill(network.cassette)
    if (network.mode === 'mock' && network.mocks !== undefined) await this.fillEditor('Mock rules', network.mocks)
  }

  /** Fills the "Context" fields (caller, messages, workflow state, chunk size), opening the section if needed. */
  async setContext(ctx: {
    caller?: 'agent' | 'workflow' | 'mcp' | 'direct'
    messages?: unknown
    workflowState?: unknown
    chunkSize?: number
  }): Promise<void> {
    const caller = this.inputRegion.getByLabel('Caller')
    if (!(await caller.isVisible())) await this.inputRegion.locator('summary', { hasText: 'Context' }).click()
    if (ctx.caller) await caller.selectOption(ctx.caller)
    if (ctx.messages !== undefined)
      await this.inputRegion.getByLabel('Messages (JSON array)').fill(JSON.stringify(ctx.messages))
    if (ctx.workflowState !== undefined)
      await this.inputRegion.getByLabel('Workflow state (JSON)').fill(JSON.stringify(ctx.workflowState))
    if (ctx.chunkSize !== undefined) await this.inputRegion.getByLabel('Input chunk size').fill(String(ctx.chunkSize))
  }

  /**
   * Clicks Run and waits for the new run's URL. When the open run is waiting for a person, the app asks first:
   * `whileWaiting` answers (`keep`, the default, leaves it live; `abandon` aborts it).
   */
  async run(options: StartOptions = {}): Promise<void> {
    await this.startWith('Run', options)
  }
  /** Starts a stepping run (pauses before each phase); `whileWaiting` as for run(). */
  async step(options: StartOptions = {}): Promise<void> {
    await this.startWith('Step', options)
  }
  private async startWith(name: 'Run' | 'Step', { whileWaiting = 'keep' }: StartOptions): Promise<void> {
    const runId = () => new URL(this.page.url()).searchParams.get('run')
    const before = runId()
    await this.page.getByRole('button', { name, exact: true }).click()
    const dialog = this.page.getByRole('dialog', { name: 'The open run is still waiting' })
    await expect.poll(async () => runId() !== before || (await dialog.isVisible())).toBe(true)
    if (runId() === before)
      await dialog
        .getByRole('button', { name: whileWaiting === 'abandon' ? 'Abandon it and run' : 'Keep it and run' })
        .click()
    await expect.poll(runId).not.toBe(before)
  }
  async continue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue' }).click()
  }
  async approve(): Promise<void> {
    await this.page.getByRole('region', { name: 'Approval' }).getByRole('button', { name: 'Approve' }).click()
  }
  async decline(reason?: string): Promise<void> {
    const card = this.page.getByRole('region', { name: 'Approval' })
    if (reason) await card.getByLabel('Reason (optional)').fill(reason)
    await card.getByRole('button', { name: 'Decline' }).click()
  }
  /** Types resume data into the suspend card's editor and clicks Resume. */
  async resume(data: unknown): Promise<void> {
    await this.fillEditor('Resume data JSON', data)
    await this.page.getByRole('region', { name: 'Suspended' }).getByRole('button', { name: 'Resume' }).click()
  }
  /** Answers an MCP elicitation: fills the form fields by label and accepts, or declines / cancels. */
  async respond(answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Elicitation' })
    if (answer.action !== 'accept')
      return form.getByRole('button', { name: answer.action === 'decline' ? 'Decline' : 'Cancel' }).click()
    for (const [key, value] of Object.entries(answer.content ?? {})) {
      const field = form.getByLabel(key)
      if (typeof value === 'boolean') await field.setChecked(value)
      else if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(String(value))
      else await field.fill(String(value))
    }
    await form.getByRole('button', { name: 'Accept' }).click()
  }
  async abort(): Promise<void> {
    await this.page.getByRole('button', { name: 'Abort' }).click()
  }

  /** The run status text (idle, running, awaiting approval, suspended, paused, success, error, declined, aborted). */
  async status(): Promise<string> {
    return (await this.statusElement.textContent())?.trim() ?? ''
  }
  /** Waits until the run status reads `status`. */
  async expectStatus(status: string): Promise<void> {
    await expect(this.statusElement).toHaveText(status)
  }

  /** Text of the four Compare panels for the shown phase, as the page renders them. */
  async panels(): Promise<{ raw: string; display: string; transcript: string; model: string }> {
    const compare = this.page.getByRole('region', { name: 'Compare' })
    const text = async (name: string) => (await compare.getByRole('region', { name, exact: true }).innerText()).trim()
    return {
      raw: await text('Raw'),
      display: await text('Display'),
      transcript: await text('Transcript'),
      model: await text('Model'),
    }
  }

  /** Id of the run the page shows (from its `?run=` URL state). */
  runId(): string {
    const id = new URL(this.page.url()).searchParams.get('run')
    if (!id) throw new Error('The page shows no run yet: call run() first.')
    return id
  }

  /**
   * Final status and views of the shown run, as values (the same terms as a scenario's expectation): `raw`,
   * `display`, `transcript`, `model`, and `error` for a failed run. Read from the server's record of the run.
   */
  async views(): Promise<Outcome> {
    // A finished run's event stream is its stored log, sent at once and then closed.
    const res = await this.page.request.get(
      `${this.server.origin}/api/runs/${encodeURIComponent(this.runId())}/events`,
      { headers: { authorization: `Bearer ${this.server.token}` } },
    )
    if (!res.ok()) throw new Error(`Could not read run ${this.runId()}: ${res.status()} ${await res.text()}`)
    const frames = createSseParser().push(`${await res.text()}\n\n`)
    // Frames carry passthrough views compact: RunEventFrame expands them.
    return outcomeFromEvents(frames.map((f) => RunEventFrame.parse(JSON.parse(f.data))))
  }

  /** Shows the Compare panels of one phase (input, output, error, approval, suspend, resume). */
  async showPhase(phase: string): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Phase' }).getByRole('tab', { name: phase }).click()
  }
}
