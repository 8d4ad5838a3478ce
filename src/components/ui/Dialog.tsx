// Modal dialog on the native <dialog> (showModal: focus stays inside, the page behind is inert), titled and
// described for screen readers. Escape calls `onEscape` instead of closing by itself, so the owner decides.
import { useEffect, useId, useRef, type ReactNode } from 'react'

interface Props {
  title: string
  /** What the dialog asks, read out with the title. */
  description: ReactNode
  /** Called on Escape (the dialog stays open until the owner stops rendering it). */
  onEscape: () => void
  /** The buttons; the first one marked `data-autofocus` gets focus when the dialog opens. */
  children: ReactNode
}

export function Dialog({ title, description, onEscape, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  const escape = useRef(onEscape)
  useEffect(() => {
    escape.current = onEscape
  })
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal?.()
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (dialog.open) dialog.close()
      // Give focus back to what opened the dialog (the Run button), so keyboard users keep their place.
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault()
        escape.current()
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        e.preventDefault()
        escape.current()
      }}
      className="m-auto max-w-md rounded-lg border border-zinc-300 bg-white p-4 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <div id={`${id}-text`} className="mt-2 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        {description}
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">{children}</div>
    </dialog>
  )
}
