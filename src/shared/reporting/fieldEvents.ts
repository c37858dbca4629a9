/**
 * Field metrics as Sentry sees them (issue 36, docs/field-metrics.md): a page view's Web Vitals and a
 * payment attempt's milestones, each sent as a transaction event (op `pageload` or `payment`) with
 * measurements and tags, as Sentry's own tracing would name them. Pure: the lazy field-metrics chunk builds
 * them, and Jest checks them on plain objects. Nothing here is what a customer typed, and no payment or
 * receipt id: the tags are closed vocabularies (page kind, device …) or the shop's id, and an element is
 * named by a CSS selector of tag names, ids and classes, never by its text.
 */
import type { Event } from '@sentry/browser';
import { scrubText, stripQuery } from './scrubEvent';

/** The Web Vitals measured on every page view. */
export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';

/** A vital's latest value, with where it happened (LCP's and INP's element, CLS's largest shift). */
export interface VitalValue {
  value: number;
  /** A CSS selector of the element (web-vitals' attribution). */
  target?: string;
  /** LCP: the image's address, without its query. */
  url?: string;
  /** INP: 'pointer' or 'keyboard'. */
  type?: string;
}

/** What a page view was, for grouping the figures; read when it is sent. */
export interface PageFacts {
  /** store, product, cart, receipt, kiosk … (app/fieldMetrics.ts). */
  kind: string;
  /** The shop of the address; null on pages that are no shop's. */
  shop: string | null;
  /** How the store page came: the host's page hydrated, the host's page drawn anew, or the plain page. */
  render: 'hydrated' | 'redrawn' | 'plain';
  lang: string;
  device: 'phone' | 'tablet' | 'kiosk' | 'desktop';
  /** The Network Information API's effective type ('4g', '3g' …) where the browser tells it. */
  connection: string | null;
}

/** How a payment attempt ended (the funnel's last step). */
export type PaymentOutcome = 'completed' | 'declined' | 'cancelled' | 'timedOut' | 'error';

/** A payment attempt's milestones, epoch milliseconds; null where it never got there. */
export interface PaymentAttempt {
  /** The attempt's own random id (its trace id): never the payment's. */
  id: string;
  /** swish, card, wallet, viva. */
  method: string;
  payAt: number;
  startedAt: number | null;
  outcome: PaymentOutcome;
  outcomeAt: number;
  /** When the receipt was drawn (completed attempts whose receipt showed). */
  receiptAt: number | null;
}

/** `bytes` random bytes as lower-case hex (Sentry's trace ids are 16, span ids 8). */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

const ms = (value: number) => ({ value: Math.round(value), unit: 'millisecond' });

/** A selector as sent: without anything that looks like contact details, at most 100 characters. */
const selector = (value: string | undefined) => (value ? scrubText(value).slice(0, 100) : undefined);

/** The parts of a transaction every field event has. */
function transaction(
  name: string,
  op: 'pageload' | 'payment',
  traceId: string,
  startMs: number,
  endMs: number,
): Event {
  return {
    type: 'transaction',
    transaction: name,
    transaction_info: { source: 'route' },
    start_timestamp: startMs / 1000,
    timestamp: Math.max(startMs, endMs) / 1000,
    contexts: { trace: { trace_id: traceId, span_id: randomHex(8), op } },
    // Sentry would add the page's address, which names receipts and payments: the page's kind stands in.
    request: { url: `/${name}` },
  };
}

/**
 * The event of one page view's vitals that changed since it was last sent (a page view sends again each
 * time it is hidden; the collector keeps the latest value of each).
 *
 * @param viewId - the page view's id (its trace id, the same on every send)
 * @param startMs - when the page view began (epoch ms)
 * @param facts - what the page view is
 * @param vitals - the values to send
 * @param nowMs - now (epoch ms)
 */
export function pageViewEvent(
  viewId: string,
  startMs: number,
  facts: PageFacts,
  vitals: Partial<Record<VitalName, VitalValue>>,
  nowMs: number,
): Event {
  const measurements: NonNullable<Event['measurements']> = {};
  for (const [name, vital] of Object.entries(vitals) as [VitalName, VitalValue][])
    measurements[name.toLowerCase()] = name === 'CLS' ? { value: vital.value, unit: '' } : ms(vital.value);
  const attribution = {
    lcpTarget: selector(vitals.LCP?.target),
    lcpUrl: vitals.LCP?.url === undefined ? undefined : stripQuery(vitals.LCP.url),
    inpTarget: selector(vitals.INP?.target),
    inpType: vitals.INP?.type,
    clsTarget: selector(vitals.CLS?.target),
  };
  const event = transaction(facts.kind, 'pageload', viewId, startMs, nowMs);
  return {
    ...event,
    contexts: {
      ...event.contexts,
      vitals: JSON.parse(JSON.stringify(attribution)) as Record<string, string>,
    },
    tags: definedTags({
      'page.kind': facts.kind,
      shop: facts.shop,
      render: facts.render,
      lang: facts.lang,
      device: facts.device,
      connection: facts.connection,
    }),
    measurements,
  };
}

/**
 * The event of one payment attempt: its method and outcome, and the time from Pay to each milestone.
 *
 * @param attempt - the attempt's milestones
 * @param facts - the page it ended on (shop, language, device)
 */
export function paymentEvent(
  attempt: PaymentAttempt,
  facts: Pick<PageFacts, 'shop' | 'lang' | 'device'>,
): Event {
  const since = (at: number | null) => (at === null ? undefined : ms(at - attempt.payAt));
  const end = attempt.receiptAt ?? attempt.outcomeAt;
  return {
    ...transaction('payment', 'payment', attempt.id, attempt.payAt, end),
    tags: definedTags({
      shop: facts.shop,
      'payment.method': attempt.method,
      'payment.outcome': attempt.outcome,
      lang: facts.lang,
      device: facts.device,
    }),
    measurements: JSON.parse(
      JSON.stringify({
        'payment.started': since(attempt.startedAt),
        'payment.outcome': since(attempt.outcomeAt),
        'payment.receipt': since(attempt.receiptAt),
      }),
    ) as NonNullable<Event['measurements']>,
  };
}

/** Tags without the facts the browser did not tell. */
function definedTags(tags: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tags).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}
