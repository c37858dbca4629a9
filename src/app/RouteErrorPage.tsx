import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../shared/i18n/useTranslation';
import { useLocation } from 'react-router';
import { retryFailedParts } from '../shared/lazyWithRetry';
import { reportError } from '../shared/reporting';
import { Page } from '../shared/ui/Page';
import { ButtonLink } from '../shared/ui/Button';

/** §2 a screen that failed (its code did not load, or it threw) shows the generic error page (error.title, error.body). */
function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    // §8 every route error is reported (an unknown address is the 404 route, never an error).
    reportError(error, { area: 'route' });
  }, [error]);
  return (
    <Page narrow>
      <div role="alert">
        <h1>{t('error.title')}</h1>
        <p>{t('error.body')}</p>
      </div>
      <ButtonLink href={window.location.pathname}>{t('common.retry')}</ButtonLink>
    </Page>
  );
}

class Boundary extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; at: string | null }
> {
  override state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; at: string | null }) {
    // Remember where the error happened; moving to another address tries again.
    if (state.error === null) return null;
    if (state.at === null) return { at: props.pathname };
    if (state.at === props.pathname) return null;
    retryFailedParts(); // another address: a screen that could not load is fetched anew when asked for
    return { error: null, at: null };
  }

  // A screen whose code did not load (offline) is tried again once the browser is back online.
  retry = () => {
    if (this.state.error === null) return;
    retryFailedParts();
    this.setState({ error: null, at: null });
  };
  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }
  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  override render() {
    return this.state.error !== null ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * Catches what a screen throws while rendering or loading its code; leaving for another address, or coming
 * back online, resets it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
