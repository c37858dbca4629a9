import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';
import { retryFailedParts } from '../lazyWithRetry';
import { Button } from './Button';
import { ErrorText } from './ErrorText';

/**
 * Around a part whose code loads on demand (lazyWithRetry): a failed load (offline, a flaky network) shows
 * `fallback` (by default LoadFailed: why, and Try again) in place, instead of the route's error page; the cart and what was
 * typed stay. It tries again by itself when the browser comes back online.
 */
export class LoadBoundary extends Component<
  { fallback?: (retry: () => void) => ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  constructor(props: LoadBoundary['props']) {
    super(props);
    // A part opened anew (the card chosen again) is asked for again: what failed before loads anew.
    retryFailedParts();
  }
  retry = () => {
    if (!this.state.failed) return;
    retryFailedParts();
    this.setState({ failed: false });
  };
  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }
  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.retry) : <LoadFailed retry={this.retry} />;
  }
}

/** What a part that could not load shows in its place: why (offline, or an error) and Try again. */
export function LoadFailed({ retry, errorText }: { retry: () => void; errorText?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorText>
        {navigator.onLine ? (errorText ?? t('error.anErrorOccurred')) : t('common.offline')}
      </ErrorText>
      <Button onClick={retry}>{t('common.retry')}</Button>
    </>
  );
}
