import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '../ui/error-screen';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** The boundary resets when this changes (the path: another page gets its chance). */
  resetKey?: unknown;
  /** 'Back to Site': receives the reset of the boundary. */
  onBack: (reset: () => void) => void;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

/** Catches unexpected failures (and the initialization error) and shows the 'Error 500' screen. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) {
      return { resetKey: props.resetKey, hasError: false, error: null };
    }
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private reset = () => this.setState({ hasError: false, error: null });

  render() {
    if (this.state.hasError) return <ErrorScreen onBack={() => this.props.onBack(this.reset)} />;
    return this.props.children;
  }
}
