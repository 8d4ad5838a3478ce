// Applies a RunControl to anything with the runtime's run methods (a runTool ToolRun in the tool host or in a
// test): the one place the control vocabulary is turned into method calls.
import type { RunControl } from './protocol.ts'

/** The steering methods of a run, as the runtime's ToolRun has them. */
export interface SteerableRun {
  approve(): unknown
  decline(reason?: string): unknown
  resume(resumeData: unknown): unknown
  respond(answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }): unknown
  continue(): unknown
  abort(reason?: string): unknown
}

/** Calls the method `control` names; resolves when it was accepted, rejects with the run's refusal. */
export async function applyRunControl(run: SteerableRun, control: RunControl): Promise<void> {
  switch (control.type) {
    case 'approve':
      return void (await run.approve())
    case 'decline':
      return void (await run.decline(control.reason))
    case 'resume':
      return void (await run.resume(control.resumeData))
    case 'respond':
      return void (await run.respond({ action: control.action, content: control.content }))
    case 'continue':
      return void (await run.continue())
    case 'abort':
      return void (await run.abort(control.reason))
  }
}
