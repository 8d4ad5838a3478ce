// Copies a text to the clipboard and says so (for screen readers too, through aria-live).
import { useState } from 'react'

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setDone('copied')
    } catch {
      setDone('failed')
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      onBlur={() => setDone('idle')}
      aria-label={label}
      className="rounded px-1.5 py-0.5 text-xs text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
    >
      <span aria-live="polite">{done === 'copied' ? 'Copied' : done === 'failed' ? 'Copy failed' : 'Copy'}</span>
    </button>
  )
}
