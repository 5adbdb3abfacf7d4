import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = {
  /** What to show instead of the children after a render error; `reset` tries the children again. */
  fallback: (props: { error: Error; reset: () => void }) => ReactNode
  children: ReactNode
  /** When it changes (e.g. the page's path), a shown error is cleared and the children render again. */
  resetKey?: unknown
}
type State = { error: Error | null }

/** Catches render errors below it so one broken section never blanks the whole app. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('Render error caught by ErrorBoundary', error, info.componentStack)
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.reset()
  }

  reset = () => this.setState({ error: null })

  override render() {
    if (this.state.error) return this.props.fallback({ error: this.state.error, reset: this.reset })
    return this.props.children
  }
}
