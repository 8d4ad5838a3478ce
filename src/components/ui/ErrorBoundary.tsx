// Catches render errors in a subtree and shows them in place, so one broken panel never blanks the page.
import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  /** Shown in the message ("Could not show <what>"). */
  what: string
  children: ReactNode
  /** When this changes, the boundary resets (e.g. another tool was picked). */
  resetKey?: unknown
}

export class ErrorBoundary extends Component<Props, { error: Error | null; key: unknown }> {
  state = { error: null as Error | null, key: this.props.resetKey }

  static getDerivedStateFromProps(props: Props, state: { error: Error | null; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[toolscope] ${this.props.what} failed`, error, info.componentStack)
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      <div
        role="alert"
        className="m-2 rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
      >
        <p className="font-semibold">Could not show {this.props.what}</p>
        <p className="mt-1 font-mono text-xs">{this.state.error.message}</p>
        <button type="button" className="mt-2 underline" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    )
  }
}
