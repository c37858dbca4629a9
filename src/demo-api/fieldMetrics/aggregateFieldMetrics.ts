/**
 * Field metrics (issue 36): the browser sends Core Web Vitals of each page view and the timings of each
 * payment attempt as Sentry `transaction` items to the report collector. This module turns those payloads
 * into merged page views and attempts and sums them up per shop and page kind, and per shop and payment
 * method. It is pure (no Fastify, no clock), so the rules are tested on plain values.
 *
 * Payloads come from any browser that can reach the collector, so they are hostile: anything malformed is
 * ignored (never thrown on), and every text kept is cut to a sane length without control or bidi characters.
 */

/** The vitals a page view may carry (Sentry measurement names). */
const VITALS = ['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const;
export type Vital = (typeof VITALS)[number];

/**
 * Google's thresholds (web.dev/articles/vitals): a value is good up to and including `good`, poor above
 * `poor`, and needs improvement in between. Milliseconds, except CLS (a unitless score).
 */
export const VITAL_THRESHOLDS: Readonly<Record<Vital, { readonly good: number; readonly poor: number }>> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 0.1, poor: 0.25 },
  fcp: { good: 1800, poor: 3000 },
  ttfb: { good: 800, poor: 1800 },
};

export const RATINGS = ['good', 'needsImprovement', 'poor'] as const;
export type Rating = (typeof RATINGS)[number];

/** How an attempt ended (the browser's `payment.outcome` tag). */
export const PAYMENT_OUTCOMES = ['completed', 'declined', 'cancelled', 'timedOut', 'error'] as const;
type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** Times from the customer's tap on Pay: to the payment started, to its outcome, to the receipt shown. */
export const PAYMENT_DURATIONS = ['started', 'outcome', 'receipt'] as const;
type PaymentDuration = (typeof PAYMENT_DURATIONS)[number];

/** The page kinds the app sends, in the order of a visit; any other kind sorts after them. */
const PAGE_KINDS = [
  'store',
  'product',
  'cart',
  'receipt',
  'refundPolicy',
  'kiosk',
  'cardPayment',
  'download',
  'receiptDownload',
  'integration',
  'passwordReset',
  'notFound',
];

/** One page view: its events merged (each metric's latest value, the latest event's tags). */
interface PageView {
  /** The page view's id (the trace id every event of it carries). */
  traceId: string;
  kind: string;
  /** null: a page that is no shop's (the card payment page, a bookkeeping link …). */
  shop: string | null;
  render: string | null;
  lang: string | null;
  device: string | null;
  connection: string | null;
  metrics: Partial<Record<Vital, number>>;
  /** What web-vitals blamed (CSS selectors, the LCP image's address); each the latest one sent. */
  attribution: Partial<Record<Attribution, string>>;
  /** How many events were merged into it. */
  events: number;
}

const ATTRIBUTIONS = ['lcpTarget', 'lcpUrl', 'inpTarget', 'inpType', 'clsTarget'] as const;
type Attribution = (typeof ATTRIBUTIONS)[number];

/** One payment attempt: its latest event, whole (an attempt sends one; a repeat replaces it). */
interface PaymentAttempt {
  traceId: string;
  shop: string | null;
  method: string;
  outcome: PaymentOutcome;
  lang: string | null;
  device: string | null;
  /** Milliseconds from the tap on Pay; a start refused never started, only a completed one has a receipt. */
  durations: Partial<Record<PaymentDuration, number>>;
}

/** What the collector keeps: by trace id, least recently heard of first. */
export interface FieldMetricsRecords {
  pageViews: Map<string, PageView>;
  paymentAttempts: Map<string, PaymentAttempt>;
}

export interface VitalSummary {
  /** Page views that sent this metric. */
  count: number;
  p75: number | null;
  p75Rating: Rating | null;
  good: number;
  needsImprovement: number;
  poor: number;
}

export interface PageGroup {
  shop: string | null;
  kind: string;
  pageViews: number;
  vitals: Record<Vital, VitalSummary>;
}

interface DurationSummary {
  /** Attempts that have this duration. */
  count: number;
  median: number | null;
  p90: number | null;
}

export interface PaymentGroup {
  shop: string | null;
  method: string;
  attempts: number;
  outcomes: Record<PaymentOutcome, number>;
  /** Completed attempts / attempts, 0–1. */
  completedShare: number;
  durations: Record<PaymentDuration, DurationSummary>;
}

export interface FieldMetricsSummary {
  pageViews: number;
  paymentAttempts: number;
  pages: PageGroup[];
  payments: PaymentGroup[];
}

/**
 * The nearest-rank percentile: the value at rank ⌈p·n⌉ (1-based) of the values sorted ascending, so always
 * one of the values and never an interpolation (p75 of 1, 2, 3, 4 is 3; of a single value, that value; the
 * median of an even count is the lower middle one). A rank below 1 counts as 1.
 *
 * @param values - any order; not changed
 * @param p - the fraction, 0 < p ≤ 1 (0.75 for p75)
 * @returns the percentile, or null for no values
 */
export function nearestRankPercentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  // The epsilon keeps a product that should be whole (0.07 · 100 = 7.000000000000001) from moving up a rank.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length - 1e-9)));
  return sorted[rank - 1] ?? null;
}

/** Rates a value by {@link VITAL_THRESHOLDS}: good ≤ the first threshold < needs improvement ≤ the second < poor. */
export function rateVital(vital: Vital, value: number): Rating {
  const { good, poor } = VITAL_THRESHOLDS[vital];
  if (value <= good) return 'good';
  return value <= poor ? 'needsImprovement' : 'poor';
}

type Json = Record<string, unknown>;

function record(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

/** An own property only: a payload's `constructor` or `__proto__` is never mistaken for one of its fields. */
function field(object: Json | null, key: string): unknown {
  return object !== null && Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Control, format (bidi overrides, zero-width) and lone surrogate characters: nothing a name needs. */
const INVISIBLE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}]/gu;

/** A text field: a string with invisible characters removed, cut to `max` characters; null if none is left. */
function text(value: unknown, max = 64): string | null {
  if (typeof value !== 'string') return null;
  const kept = Array.from(value.replace(INVISIBLE_CHARACTERS, '').trim()).slice(0, max).join('');
  return kept === '' ? null : kept;
}

/**
 * Beyond these a value is no measurement: a day for a duration of a page or a payment, 100 for a layout
 * shift score (the whole viewport moving a hundred times over).
 */
const MAX_MILLISECONDS = 24 * 60 * 60 * 1000;
const MAX_CLS = 100;

/**
 * A measurement's value: a finite number from 0 up, in the unit expected (milliseconds; a score for CLS,
 * whose unit Sentry writes as '' or 'none'). A missing unit is taken to be the expected one.
 */
function measurement(measurements: Json | null, name: string, unitless: boolean): number | undefined {
  const entry = record(field(measurements, name));
  const value = field(entry, 'value');
  const unit = field(entry, 'unit');
  const unitOk = unit === undefined || (unitless ? unit === '' || unit === 'none' : unit === 'millisecond');
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || !unitOk) return undefined;
  return value <= (unitless ? MAX_CLS : MAX_MILLISECONDS) ? value : undefined;
}

/** Collects the fields of `names` that are present (a metric or attribution the event did not send is absent). */
function present<K extends string, V>(names: readonly K[], read: (name: K) => V | null | undefined) {
  const out: Partial<Record<K, V>> = {};
  for (const name of names) {
    const value = read(name);
    if (value !== null && value !== undefined) out[name] = value;
  }
  return out;
}

type FieldEvent = { op: 'pageload'; view: PageView } | { op: 'payment'; attempt: PaymentAttempt };

/** Reads one transaction payload; null when it is no page view or payment event of the expected form. */
function parseFieldEvent(payload: unknown): FieldEvent | null {
  const event = record(payload);
  if (field(event, 'type') !== 'transaction') return null;
  const trace = record(field(record(field(event, 'contexts')), 'trace'));
  const traceId = field(trace, 'trace_id');
  if (typeof traceId !== 'string' || !/^[0-9a-f]{32}$/i.test(traceId)) return null;
  const tags = record(field(event, 'tags'));
  const tag = (name: string): string | null => text(field(tags, name));
  const measurements = record(field(event, 'measurements'));
  const op = field(trace, 'op');
  if (op === 'pageload') {
    const kind = tag('page.kind') ?? text(field(event, 'transaction'));
    if (kind === null) return null;
    const vitals = record(field(record(field(event, 'contexts')), 'vitals'));
    return {
      op,
      view: {
        traceId: traceId.toLowerCase(),
        kind,
        shop: tag('shop'),
        render: tag('render'),
        lang: tag('lang'),
        device: tag('device'),
        connection: tag('connection'),
        metrics: present(VITALS, (vital) => measurement(measurements, vital, vital === 'cls')),
        attribution: present(ATTRIBUTIONS, (name) => text(field(vitals, name), 200)),
        events: 1,
      },
    };
  }
  if (op === 'payment') {
    const method = tag('payment.method');
    const outcome = PAYMENT_OUTCOMES.find((o) => o === field(tags, 'payment.outcome'));
    if (method === null || outcome === undefined) return null;
    return {
      op,
      attempt: {
        traceId: traceId.toLowerCase(),
        shop: tag('shop'),
        method,
        outcome,
        lang: tag('lang'),
        device: tag('device'),
        durations: present(PAYMENT_DURATIONS, (name) => measurement(measurements, `payment.${name}`, false)),
      },
    };
  }
  return null;
}

/** The collector's empty store. */
export function emptyFieldMetrics(): FieldMetricsRecords {
  return { pageViews: new Map(), paymentAttempts: new Map() };
}

/** Forgets every page view and payment attempt. */
export function forgetFieldMetrics(records: FieldMetricsRecords): void {
  records.pageViews.clear();
  records.paymentAttempts.clear();
}

/** Sets `key` as the newest entry, dropping the oldest beyond `maxKept`. */
function keepNewest<V>(map: Map<string, V>, key: string, value: V, maxKept: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= maxKept) break;
    map.delete(oldest);
  }
}

/**
 * Adds one transaction payload to the records. A page view's later event updates it: each metric (and
 * attribution) it sends replaces the earlier value, its tags replace the earlier tags, and the page view
 * still counts once. A payment attempt's later event replaces it. The entry updated becomes the newest, and
 * beyond `maxKept` page views (or attempts) the one heard of least recently is dropped.
 *
 * @returns whether the payload was a page view or payment event (anything else is ignored)
 */
export function addFieldMetricsEvent(
  records: FieldMetricsRecords,
  payload: unknown,
  maxKept = Number.POSITIVE_INFINITY,
): boolean {
  const event = parseFieldEvent(payload);
  if (event === null) return false;
  if (event.op === 'payment') {
    keepNewest(records.paymentAttempts, event.attempt.traceId, event.attempt, maxKept);
    return true;
  }
  const later = event.view;
  const earlier = records.pageViews.get(later.traceId);
  const merged: PageView = earlier
    ? {
        ...later,
        metrics: { ...earlier.metrics, ...later.metrics },
        attribution: { ...earlier.attribution, ...later.attribution },
        events: earlier.events + 1,
      }
    : later;
  keepNewest(records.pageViews, later.traceId, merged, maxKept);
  return true;
}

/** Sorts shops by name with the shopless last, then by `second`. */
function byShopThen<T extends { shop: string | null }>(second: (a: T, b: T) => number) {
  return (a: T, b: T): number => {
    if (a.shop !== b.shop) {
      if (a.shop === null) return 1;
      if (b.shop === null) return -1;
      return a.shop < b.shop ? -1 : 1;
    }
    return second(a, b);
  };
}

function kindOrder(kind: string): number {
  const index = PAGE_KINDS.indexOf(kind);
  return index === -1 ? PAGE_KINDS.length : index;
}

/** Groups `items` by `key` (a JSON array of the grouping fields), in the order first seen. */
function groupBy<T>(items: Iterable<T>, key: (item: T) => unknown[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const id = JSON.stringify(key(item));
    const group = groups.get(id);
    if (group) group.push(item);
    else groups.set(id, [item]);
  }
  return [...groups.values()];
}

function summariseVital(vital: Vital, views: readonly PageView[]): VitalSummary {
  const values = views.map((v) => v.metrics[vital]).filter((v): v is number => v !== undefined);
  const p75 = nearestRankPercentile(values, 0.75);
  const summary: VitalSummary = {
    count: values.length,
    p75,
    p75Rating: p75 === null ? null : rateVital(vital, p75),
    good: 0,
    needsImprovement: 0,
    poor: 0,
  };
  for (const value of values) summary[rateVital(vital, value)] += 1;
  return summary;
}

function summariseDuration(name: PaymentDuration, attempts: readonly PaymentAttempt[]): DurationSummary {
  const values = attempts.map((a) => a.durations[name]).filter((v): v is number => v !== undefined);
  return {
    count: values.length,
    median: nearestRankPercentile(values, 0.5),
    p90: nearestRankPercentile(values, 0.9),
  };
}

/**
 * Sums the records up: page views per (shop, page kind) with each vital's count, p75 and its rating, and
 * the good / needs improvement / poor counts; payment attempts per (shop, method) with the count of each
 * outcome, the completed share, and the median and p90 of each duration over the attempts that have it.
 * Groups are sorted by shop (the shopless last), then page kind in the order of a visit, or method.
 */
export function summariseFieldMetrics(records: FieldMetricsRecords): FieldMetricsSummary {
  const pages = groupBy(records.pageViews.values(), (v) => [v.shop, v.kind]).map((views): PageGroup => {
    const [first] = views as [PageView];
    return {
      shop: first.shop,
      kind: first.kind,
      pageViews: views.length,
      vitals: Object.fromEntries(VITALS.map((vital) => [vital, summariseVital(vital, views)])) as Record<
        Vital,
        VitalSummary
      >,
    };
  });
  const payments = groupBy(records.paymentAttempts.values(), (a) => [a.shop, a.method]).map(
    (attempts): PaymentGroup => {
      const [first] = attempts as [PaymentAttempt];
      const outcomes = Object.fromEntries(PAYMENT_OUTCOMES.map((o) => [o, 0])) as Record<
        PaymentOutcome,
        number
      >;
      for (const attempt of attempts) outcomes[attempt.outcome] += 1;
      return {
        shop: first.shop,
        method: first.method,
        attempts: attempts.length,
        outcomes,
        completedShare: outcomes.completed / attempts.length,
        durations: Object.fromEntries(
          PAYMENT_DURATIONS.map((name) => [name, summariseDuration(name, attempts)]),
        ) as Record<PaymentDuration, DurationSummary>,
      };
    },
  );
  return {
    pageViews: records.pageViews.size,
    paymentAttempts: records.paymentAttempts.size,
    pages: pages.sort(
      byShopThen(
        (a, b) => kindOrder(a.kind) - kindOrder(b.kind) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0),
      ),
    ),
    payments: payments.sort(byShopThen((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0))),
  };
}

/**
 * Merges the transaction payloads received (oldest first) and sums them up: {@link addFieldMetricsEvent}
 * for each, then {@link summariseFieldMetrics}. Malformed payloads are ignored.
 */
export function aggregateFieldMetrics(payloads: readonly unknown[]): FieldMetricsSummary {
  const records = emptyFieldMetrics();
  for (const payload of payloads) addFieldMetricsEvent(records, payload);
  return summariseFieldMetrics(records);
}
