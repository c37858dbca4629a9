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
 * Watches this page view's vitals and sends those that changed whenever the page is hidden or left.
 *
 * @param send - hands an event to the reporting SDK (whose transport keeps it alive past the page's end)
 * @param facts - what the page view is, read when it is sent (the language may have changed)
 */
export function watchPageVitals(send: (event: Event) => void, facts: () => PageFacts): void {
  let viewId = randomHex(16);
  let startMs = performance.timeOrigin;
  let changed: Partial<Record<VitalName, VitalValue>> = {};
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
  const flush = () => {
    if (Object.keys(changed).length === 0) return;
    send(pageViewEvent(viewId, startMs, facts(), changed, Date.now()));
    changed = {};
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
  });
}
