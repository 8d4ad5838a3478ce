// A link to a state of the app (?tool=…&run=…): a plain click stays in the app through `onOpen`, a modified or middle
// click opens the URL in a new tab as any link does.
import type { ComponentProps, MouseEvent } from 'react'
import { urlFor, type UrlState } from '../../hooks/useUrlState.ts'

type Props = Omit<ComponentProps<'a'>, 'href' | 'onClick'> & { to: UrlState; onOpen: (state: UrlState) => void }

export function AppLink({
  to,
  onOpen,
  className = 'font-mono text-sky-700 underline dark:text-sky-300',
  ...rest
}: Props) {
  const open = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return
    e.preventDefault()
    onOpen(to)
  }
  return <a href={urlFor(to)} onClick={open} className={className} {...rest} />
}
