// Asked when Run or Step is pressed while the open run waits for a person: abandon it (aborted, so History shows
// its end) or keep it (it stays live, reachable from History) and start the new run. Escape cancels: nothing starts, the dialog closes.
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { statusLabel } from '../../components/status/statusPresentation.ts'
import type { RunState } from '../../shared/runState.ts'
import { ApiErrorMessage } from './ApiErrorMessage.tsx'

interface Props {
  status: RunState['status']
  busy: boolean
  error: Error | null
  onAbandon: () => void
  onKeep: () => void
  onCancel: () => void
}

export function WaitingRunDialog({ status, busy, error, onAbandon, onKeep, onCancel }: Props) {
  return (
    <Dialog
      title="The open run is still waiting"
      onEscape={onCancel}
      description={
        <>
          <p>
            It is <strong>{statusLabel(status)}</strong>. Abandon it (it is aborted) or keep it waiting (it stays open
            and you can go back to it from History) before starting the new run?
          </p>
          <ApiErrorMessage error={error} />
        </>
      }
    >
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button variant="danger" onClick={onAbandon} disabled={busy}>
        Abandon it and run
      </Button>
      <Button variant="primary" onClick={onKeep} disabled={busy} data-autofocus>
        Keep it and run
      </Button>
    </Dialog>
  )
}
