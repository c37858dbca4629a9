import type { Event } from '@sentry/browser';
import type { MetricWithAttribution } from 'web-vitals/attribution';
import type { PageFacts } from '../../../src/shared/reporting/fieldEvents';

// web-vitals tells each vital in a task of its own after it is asked (its observers' callbacks, TTFB after a
// timeout); here the test tells them when it wants to.
const reporters: Record<string, (metric: MetricWithAttribution) => void> = {};
jest.mock('web-vitals/attribution', () => {
  const on = (name: string) => (report: (metric: MetricWithAttribution) => void) => {
    reporters[name] = report;
  };
  return { onTTFB: on('TTFB'), onFCP: on('FCP'), onLCP: on('LCP'), onCLS: on('CLS'), onINP: on('INP') };
});

import { watchPageVitals } from '../../../src/shared/reporting/pageVitals';

const FACTS: PageFacts = {
  kind: 'store',
  shop: 'cafe',
  render: 'hydrated',
  lang: 'en',
  device: 'phone',
  connection: null,
};

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

function tell(name: 'TTFB' | 'FCP', value: number) {
  reporters[name]?.({ name, value } as MetricWithAttribution);
}

const traceId = (event: Event) => event.contexts?.trace?.trace_id;

describe('issue 36 a page view’s vitals', () => {
  it('a page view hidden before any vital is known still counts: it is sent, and what comes later joins it', () => {
    const sent: Event[] = [];
    watchPageVitals(
      (event) => sent.push(event),
      () => FACTS,
    );

    setVisibility('hidden');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 'transaction', tags: { 'page.kind': 'store', shop: 'cafe' } });
    expect(sent[0]?.measurements).toEqual({});

    // The customer comes back; the vitals told meanwhile leave at the next hide, as the same page view.
    setVisibility('visible');
    tell('TTFB', 120);
    tell('FCP', 340);
    setVisibility('hidden');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.measurements).toEqual({
      ttfb: { value: 120, unit: 'millisecond' },
      fcp: { value: 340, unit: 'millisecond' },
    });
    expect(traceId(sent[1] as Event)).toBe(traceId(sent[0] as Event));

    // Hidden again with nothing new: nothing more to send.
    setVisibility('visible');
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(2);
  });
});
