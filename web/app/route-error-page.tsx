import { Component, type ReactNode } from "react";
import { Link, type Location } from "react-router";
import { primaryButton, secondaryButton } from "../components/ui/button-styles";
import { useDocumentTitle } from "../lib/use-document-title";

/** Last line of defence for a page that failed to render or load (e.g. a chunk after a deploy). */
export function RouteErrorPage() {
  useDocumentTitle("Something went wrong");
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-dvh flex-col items-center justify-center px-4 text-center focus:outline-none"
    >
      <h1 className="text-3xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 max-w-sm text-slate-600">
        Please reload the page. If it keeps happening, try again later.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={primaryButton}>
          Reload page
        </button>
        <Link to="/" reloadDocument className={secondaryButton}>
          Go to home page
        </Link>
      </div>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The address being shown: moving to another one (the browser's Back) clears the error. */
  location: Location;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  hasFailed: boolean;
  locationKey: string;
}

/** Shows RouteErrorPage in place of the app when a page throws while drawn or its code fails to load. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { hasFailed: false, locationKey: this.props.location.key };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { hasFailed: true };
  }

  static getDerivedStateFromProps(
    { location }: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return location.key === state.locationKey ? null : { hasFailed: false, locationKey: location.key };
  }

  render() {
    return this.state.hasFailed ? <RouteErrorPage /> : this.props.children;
  }
}
