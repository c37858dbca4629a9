/**
 * /demo/vitals (issue 36): the field metrics the browser reported to the collector, drawn without a script
 * (the demo pages' policy allows none) and without a charting library: per shop and page kind the p75 of
 * LCP, INP and CLS with its rating and a bar of good / needs improvement / poor, then the payment funnel per
 * shop and method. Shop ids, page kinds and methods come from any browser: they only ever pass the `html`
 * tag's escaping.
 */
import type { FastifyInstance } from 'fastify';
import type { DemoContext } from '../demoContext';
import { HTML_PAGE_HEADERS, html, htmlPage, type SafeHtml } from '../http/htmlPage';
import {
  PAYMENT_DURATIONS,
  PAYMENT_OUTCOMES,
  RATINGS,
  VITAL_THRESHOLDS,
  forgetFieldMetrics,
  summariseFieldMetrics,
  type FieldMetricsSummary,
  type PageGroup,
  type PaymentGroup,
  type Rating,
  type Vital,
  type VitalSummary,
} from '../fieldMetrics/aggregateFieldMetrics';

/** The vitals drawn (the three Core Web Vitals); FCP and TTFB are in the JSON only. */
const DRAWN_VITALS: { vital: Vital; name: string }[] = [
  { vital: 'lcp', name: 'Largest Contentful Paint' },
  { vital: 'inp', name: 'Interaction to Next Paint' },
  { vital: 'cls', name: 'Cumulative Layout Shift' },
];

const RATING_WORDS: Record<Rating, string> = {
  good: 'bra',
  needsImprovement: 'behöver förbättras',
  poor: 'dålig',
};

/** At least 3:1 against white as bar colours, and 4.5:1 as text (5.6:1 and more). */
const RATING_COLOURS: Record<Rating, string> = {
  good: '#1b6e3a',
  needsImprovement: '#a35200',
  poor: '#a3261b',
};

/** Each outcome's word for one attempt and for several. */
const OUTCOME_WORDS: Record<(typeof PAYMENT_OUTCOMES)[number], [string, string]> = {
  completed: ['genomförd', 'genomförda'],
  declined: ['nekad', 'nekade'],
  cancelled: ['avbruten', 'avbrutna'],
  timedOut: ['för sen', 'för sena'],
  error: ['fel', 'fel'],
};

const DURATION_WORDS: Record<(typeof PAYMENT_DURATIONS)[number], string> = {
  started: 'Betala → startad',
  outcome: 'Betala → utfall',
  receipt: 'Betala → kvitto',
};

// A number and its unit never break apart (as amounts in the shop).
const NBSP = '\u00a0';
const WHOLE = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });
const TWO_DECIMALS = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const PAGE_CSS = `
.good{color:${RATING_COLOURS.good}}.needsImprovement{color:${RATING_COLOURS.needsImprovement}}.poor{color:${RATING_COLOURS.poor}}
.bar{display:block;width:100%;max-width:320px;height:16px;margin:4px 0}
.scroll{overflow-x:auto}
.vitals{table-layout:fixed}.vitals thead th:first-child{width:4.5rem}.vitals thead th:nth-child(2){width:11rem}
@media (max-width:600px){.vitals thead th:first-child{width:3.5rem}.vitals thead th:nth-child(2){width:7.5rem}}
h3{font-size:1.1rem;margin:1.25rem 0 .25rem}h4{font-size:1rem;margin:0 0 .5rem}
`;

/** Swedish text with its English after a slash, marked as English for a screen reader. */
function both(sv: string, en: string): SafeHtml {
  return html`${sv} / <span lang="en">${en}</span>`;
}

function milliseconds(value: number): string {
  return `${WHOLE.format(value)}${NBSP}ms`;
}

/** Milliseconds as whole numbers, CLS with two decimals. */
function vitalValue(vital: Vital, value: number): string {
  return vital === 'cls' ? TWO_DECIMALS.format(value) : milliseconds(value);
}

function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)}${NBSP}%`;
}

/** A count and its noun: "1 sidvisning", "1 234 sidvisningar". */
function counted(count: number, one: string, many: string): string {
  return `${WHOLE.format(count)} ${count === 1 ? one : many}`;
}

function shopName(shop: string | null): string {
  return shop ?? '–';
}

/**
 * The good / needs improvement / poor shares as a stacked bar. Hidden from screen readers: the same shares
 * are written next to it as text, which also makes it readable without colour.
 */
function distributionBar(summary: VitalSummary): SafeHtml {
  let x = 0;
  const segments: SafeHtml[] = [];
  for (const rating of RATINGS) {
    const width = Math.round((summary[rating] / summary.count) * 100_000) / 1000;
    if (width === 0) continue;
    // A white gap between neighbours, for eyes that cannot tell their colours apart.
    const gap =
      x > 0
        ? html`<line
            x1="${x}"
            y1="0"
            x2="${x}"
            y2="16"
            stroke="#fff"
            stroke-width="2"
            vector-effect="non-scaling-stroke"
          />`
        : null;
    segments.push(
      html`<rect x="${x}" y="0" width="${width}" height="16" fill="${RATING_COLOURS[rating]}" />${gap}`,
    );
    x += width;
  }
  return html`<svg
    class="bar"
    viewBox="0 0 100 16"
    preserveAspectRatio="none"
    aria-hidden="true"
    focusable="false"
    xmlns="http://www.w3.org/2000/svg"
  >
    ${segments}
  </svg>`;
}

function vitalRow(vital: Vital, name: string, summary: VitalSummary): SafeHtml {
  const label = html`<th scope="row"><abbr title="${name}">${vital.toUpperCase()}</abbr></th>`;
  if (summary.p75 === null || summary.p75Rating === null)
    return html`<tr>
      ${label}
      <td>–</td>
      <td class="muted">inga värden</td>
    </tr>`;
  const shares = RATINGS.map(
    (rating) =>
      html`<span class="${rating}">${percent(summary[rating], summary.count)} ${RATING_WORDS[rating]}</span>`,
  );
  return html`<tr>
    ${label}
    <td>
      ${vitalValue(vital, summary.p75)}<br /><strong class="${summary.p75Rating}"
        >${RATING_WORDS[summary.p75Rating]}</strong
      >
    </td>
    <td>
      ${distributionBar(summary)} ${shares.map((share, i) => html`${i > 0 ? ' · ' : ''}${share}`)}
      <span class="muted">(${counted(summary.count, 'värde', 'värden')})</span>
    </td>
  </tr>`;
}

function pageCard(group: PageGroup): SafeHtml {
  return html`<section class="card">
    <h4>
      ${group.kind}
      <span class="muted">· ${counted(group.pageViews, 'sidvisning', 'sidvisningar')}</span>
    </h4>
    <div class="scroll">
      <table class="vitals">
        <thead>
          <tr>
            <th scope="col">Mått</th>
            <th scope="col">p75</th>
            <th scope="col">Fördelning</th>
          </tr>
        </thead>
        <tbody>
          ${DRAWN_VITALS.map(({ vital, name }) => vitalRow(vital, name, group.vitals[vital]))}
        </tbody>
      </table>
    </div>
  </section>`;
}

function paymentRow(group: PaymentGroup): SafeHtml {
  const outcomes = PAYMENT_OUTCOMES.filter((outcome) => group.outcomes[outcome] > 0).map((outcome) =>
    counted(group.outcomes[outcome], ...OUTCOME_WORDS[outcome]),
  );
  return html`<tr>
    <th scope="row">${group.method}</th>
    <td>${WHOLE.format(group.attempts)}</td>
    <td>${WHOLE.format(group.outcomes.completed)} (${percent(group.outcomes.completed, group.attempts)})</td>
    <td>${outcomes.join(' · ')}</td>
    ${PAYMENT_DURATIONS.map((name) => {
      const { count, median, p90 } = group.durations[name];
      return median === null || p90 === null
        ? html`<td>–</td>`
        : html`<td>
            median${NBSP}${milliseconds(median)}<br />p90${NBSP}${milliseconds(p90)}<br /><span class="muted"
              >(${WHOLE.format(count)} försök)</span
            >
          </td>`;
    })}
  </tr>`;
}

function paymentTable(groups: PaymentGroup[]): SafeHtml {
  return html`<div class="scroll">
    <table>
      <thead>
        <tr>
          <th scope="col">Metod</th>
          <th scope="col">Försök</th>
          <th scope="col">Genomförda</th>
          <th scope="col">Utfall</th>
          ${PAYMENT_DURATIONS.map((name) => html`<th scope="col">${DURATION_WORDS[name]}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${groups.map(paymentRow)}
      </tbody>
    </table>
  </div>`;
}

/** Splits groups sorted by shop into one list per shop, in that order. */
function perShop<T extends { shop: string | null }>(groups: T[]): { shop: string | null; groups: T[] }[] {
  const out: { shop: string | null; groups: T[] }[] = [];
  for (const group of groups) {
    const last = out[out.length - 1];
    if (last && last.shop === group.shop) last.groups.push(group);
    else out.push({ shop: group.shop, groups: [group] });
  }
  return out;
}

const EMPTY_STATE = html`<section class="card">
  <h2>${both('Inga mätningar ännu', 'No measurements yet')}</h2>
  <p>
    Bygg demon med felrapporter till den här servern (t.ex.
    <code>SENTRY_DSN=http://demo@127.0.0.1:8080/1 npm run build:demo</code>, sedan
    <code>npm start -- --dist</code>), öppna en butik, tryck på något och lämna sidan (byt flik eller stäng
    den): då skickar sidan sina mätningar hit.
  </p>
  <p lang="en">
    Build the demo with error reports sent to this server, open a shop, tap something and leave the page
    (switch tabs or close it): the page then sends its measurements here.
  </p>
</section>`;

function thresholdsText(): string {
  return DRAWN_VITALS.map(({ vital }) => {
    const { good, poor } = VITAL_THRESHOLDS[vital];
    return `${vital.toUpperCase()} ${vitalValue(vital, good)} / ${vitalValue(vital, poor)}`;
  }).join(', ');
}

/** The page's body when something was received. */
function measurementsBody(summary: FieldMetricsSummary): SafeHtml {
  return html`<p>
      Baserat på ${counted(summary.pageViews, 'sidvisning', 'sidvisningar')} och
      ${WHOLE.format(summary.paymentAttempts)} betalförsök /
      <span lang="en"
        >based on ${counted(summary.pageViews, 'page view', 'page views')} and
        ${counted(summary.paymentAttempts, 'payment attempt', 'payment attempts')}</span
      >.
    </p>
    <p class="muted">
      p75: det värde som tre av fyra sidvisningar klarar (närmaste rang: värdet på plats ⌈0,75·n⌉ i
      storleksordning). Bra till och med den första gränsen, dålig över den andra: ${thresholdsText()}.
      Betalningarnas tider räknas från kundens tryck på Betala.
    </p>
    <form method="post" action="/demo/field-metrics/clear">
      <button type="submit" class="danger"><span>${both('Töm', 'Clear')}</span></button>
    </form>
    <h2>${both('Sidvisningar', 'Page views')}</h2>
    ${
      summary.pages.length === 0
        ? html`<p class="muted">Inga sidvisningar ännu.</p>`
        : perShop(summary.pages).map(
            ({ shop, groups }) =>
              html`<h3>Butik: ${shopName(shop)}</h3>
                ${groups.map(pageCard)}`,
          )
    }
    <h2>${both('Betalningar', 'Payments')}</h2>
    ${
      summary.payments.length === 0
        ? html`<p class="muted">Inga betalförsök ännu.</p>`
        : perShop(summary.payments).map(
            ({ shop, groups }) =>
              html`<h3>Butik: ${shopName(shop)}</h3>
                ${paymentTable(groups)}`,
          )
    }`;
}

/** Registers GET /demo/vitals and POST /demo/field-metrics/clear (its Töm button). */
export function registerVitalsPage(app: FastifyInstance, ctx: DemoContext): void {
  app.post('/demo/field-metrics/clear', async (_request, reply) => {
    forgetFieldMetrics(ctx.fieldMetrics);
    return reply.redirect('/demo/vitals', 303);
  });

  app.get('/demo/vitals', async (_request, reply) => {
    const summary = summariseFieldMetrics(ctx.fieldMetrics);
    const empty = summary.pageViews === 0 && summary.paymentAttempts === 0;
    const body = html`<h1>${both('Fältmätningar', 'Field metrics')}</h1>
      <nav class="buttons" aria-label="Länkar">
        <a class="button" href="/demo">← Demo</a>
        <a class="button" href="/demo/field-metrics">JSON</a>
      </nav>
      ${empty ? EMPTY_STATE : measurementsBody(summary)}`;
    return reply
      .headers(HTML_PAGE_HEADERS)
      .send(htmlPage({ title: 'Fältmätningar – demo', body, css: PAGE_CSS }));
  });
}
