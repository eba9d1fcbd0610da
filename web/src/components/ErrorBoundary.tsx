import { Component, type ComponentType, type ReactNode } from "react";
import { useLocation } from "react-router-dom";

type Props = { fallback: ComponentType<{ error: unknown }>; resetKey: string; children: ReactNode };

class Boundary extends Component<Props, { error: unknown; resetKey: string }> {
  state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // another page clears the error: the next page may well work
  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  render() {
    const { fallback: Fallback, children } = this.props;
    return this.state.error ? <Fallback error={this.state.error} /> : children;
  }
}

/**
 * Shows `fallback` instead of the pages inside when one of them throws while rendering or its code
 * fails to load; cleared when the path changes.
 */
export function ErrorBoundary({ fallback, children }: { fallback: ComponentType<{ error: unknown }>; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary fallback={fallback} resetKey={pathname}>
      {children}
    </Boundary>
  );
}
