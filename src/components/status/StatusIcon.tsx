// The small shape drawn before a status label (statusPresentation.ts picks one per status). Decorative: hidden
// from assistive technology and without text, so the status element still reads as its label alone.
import type { StatusIconName } from './statusPresentation.ts'

// Paths on a 12×12 grid, drawn with the text colour.
const PATHS: Record<StatusIconName, string> = {
  circle: 'M6 2.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7',
  dot: 'M6 3.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5',
  clock: 'M6 1.5a4.5 4.5 0 1 0 0 9a4.5 4.5 0 1 0 0-9M6 3.5V6l2 1.5',
  question: 'M4 4.5a2 2 0 1 1 2.8 1.8C6.3 6.6 6 7 6 7.6M6 9.5v.01',
  pause: 'M4.5 3v6M7.5 3v6',
  check: 'M2.5 6.5l2.5 2.5l4.5-5.5',
  cross: 'M3 3l6 6M9 3l-6 6',
  minus: 'M2.5 6h7',
  stop: 'M3.5 3.5h5v5h-5z',
  bolt: 'M6.5 1.5L3.5 6.5h3l-1 4l3-5h-3z',
  hourglass: 'M3.5 2h5M3.5 10h5M4 2c0 2.5 4 2.5 4 4s-4 1.5-4 4M8 2c0 2.5-4 2.5-4 4s4 1.5 4 4',
}

export function StatusIcon({ name }: { name: StatusIconName }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 12 12"
      className="size-2.5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon={name}
    >
      <path d={PATHS[name]} />
    </svg>
  )
}
