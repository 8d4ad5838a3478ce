// Small pill label (tool flags, statuses, view markers).
import type { ReactNode } from 'react'

/** Colour family of a badge (`muted`: nothing to show yet). */
export type BadgeTone = 'muted' | 'neutral' | 'info' | 'warn' | 'danger' | 'ok'

const TONES: Record<BadgeTone, string> = {
  muted: 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400',
  neutral: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200',
  info: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200',
  warn: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  danger: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
  ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
}

/** The colour classes of a tone, for a pill that is not a Badge (the run controls' larger status). */
export function toneClasses(tone: BadgeTone): string {
  return TONES[tone]
}

export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: BadgeTone
  children: ReactNode
  title?: string
}) {
  return (
    <span
      title={title}
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-[11px] font-medium leading-none whitespace-nowrap ${TONES[tone]}`}
    >
      {children}
    </span>
  )
}
