/**
 * A page view's Web Vitals in the field (issue 36): Google's web-vitals library, attribution build (the
 * element of LCP, the target of INP, the largest layout shift), loaded with the field-metrics chunk after
 * the first paint. Its observers are buffered, so what happened before it loaded (FCP, LCP, layout shifts,
 * a slow early tap) still counts. The values are sent when the page is hidden or left, as CrUX counts them:
 * LCP, CLS and INP are final only then.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from 'web-vitals/attribution';
import type { Event } from '@sentry/browser';
import { pageViewEvent, randomHex, type PageFacts, type VitalName, type VitalValue } from './fieldEvents';

/** What a metric says, with where it happened (for LCP, INP and CLS). */
function vitalValue(metric: MetricWithAttribution): VitalValue {
  switch (metric.name) {
    case 'LCP':
      return { value: metric.value, target: metric.attribution.target, url: metric.attribution.url };
    case 'INP':
      return {
        value: metric.value,
        target: metric.attribution.interactionTarget,
        type: metric.attribution.interactionType,
      };
    case 'CLS':
      return { value: metric.value, target: metric.attribution.largestShiftTarget };
    default:
      return { value: metric.value };
  }
}

/**
 * Watches this page view's vitals and sends those that changed whenever the page is hidden or left (the
 * first time even if none is known yet: the view counts).
 *
 * @param send - hands an event to the reporting SDK (whose transport keeps it alive past the page's end)
 * @param facts - what the page view is, read when it is sent (the language may have changed)
 */
export function watchPageVitals(send: (event: Event) => void, facts: () => PageFacts): void {
  let viewId = randomHex(16);
  let startMs = performance.timeOrigin;
  let changed: Partial<Record<VitalName, VitalValue>> = {};
  let sent = false;
  const record = (metric: MetricWithAttribution) => {
    changed[metric.name] = vitalValue(metric);
  };
  onTTFB(record);
  onFCP(record);
  onLCP(record);
  onCLS(record);
  // Every change of INP, kept until the page is hidden like the rest: web-vitals processes a tap's timing
  // when the page is next idle, and a page hidden before then had its final report forced before that tap
  // was processed, so by default a customer who tapped and left at once had no INP at all (issue 36, seen
  // on a loaded machine).
  onINP(record, { reportAllChanges: true });
  // The page view is sent at its first hide even when no vital has been told yet, so it still counts: web-vitals
  // tells each one in a later task (its observers' callbacks, TTFB after a timeout), and a customer who
  // leaves at once, or a busy phone, hides the page before then (seen as a lost page view in the browser
  // suite on a loaded machine). Later sends of the same view add to it.
  const flush = () => {
    if (sent && Object.keys(changed).length === 0) return;
    send(pageViewEvent(viewId, startMs, facts(), changed, Date.now()));
    changed = {};
    sent = true;
  };
  // Not capturing, on the window: web-vitals reports its final values in capturing listeners of the same
  // events, which run first.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
  // A page restored from the back/forward cache is a new page view (web-vitals measures it anew).
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    viewId = randomHex(16);
    startMs = Date.now();
    sent = false;
  });
}
