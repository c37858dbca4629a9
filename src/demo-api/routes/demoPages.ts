/**
 * The /demo start page (every shop and tool with its links, test cards and Swish codes), the generated
 * images, and the reset button that puts stock, tabs and card-page intents back to their fixture state.
 */
import type { FastifyInstance } from 'fastify';
import type { DemoContext } from '../demoContext';
import { resetDemoState } from '../store/demoDb';
import { latestReceipt } from '../store/demoRepository';
import { HTML_PAGE_HEADERS, html, htmlPage, type SafeHtml } from '../http/htmlPage';
import { STRIPE_TEST_CARDS } from '../simulators/stripeSimulator';
import { IMAGE_NAME_PATTERN, demoSvg } from '../fixtures/svgImages';
import { SWISH_CODES } from '../simulators/swishSimulator';

/** Extra links per shop (query parameters the SPA reads when the session loads). */
const EXTRA_LINKS: Record<string, { href: string; label: string }[]> = {
  restaurant: [
    { href: '/restaurant?table=07', label: 'med bord 07' },
    { href: '/restaurant?tabId=tab-12', label: 'med öppen nota tab-12' },
    { href: '/restaurant?table=12&tabId=tab-12', label: 'bord 12 + nota tab-12' },
  ],
  tabonly: [{ href: '/tabonly?tabId=tab-7', label: 'med öppen nota tab-7' }],
};

function link(href: string, label: string): SafeHtml {
  return html`<a href="${href}">${label}</a>`;
}

/** Registers /demo, /demo/images/:name.svg and POST /demo/reset. */
export function registerDemoPages(app: FastifyInstance, ctx: DemoContext): void {
  app.get<{ Params: { name: string } }>(
    '/demo/images/:name.svg',
    {
      schema: {
        params: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 64 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!IMAGE_NAME_PATTERN.test(name))
        return reply.status(404).send({ name: 'NOT_FOUND', errorCode: 'IMAGE_NOT_FOUND' });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .send(demoSvg(name));
    },
  );

  app.post('/demo/reset', async (_request, reply) => {
    resetDemoState(ctx.db, ctx.fixtures, ctx.intents, ctx.clock());
    return reply.redirect('/demo?reset=1', 303);
  });

  app.get<{ Querystring: Record<string, string> }>('/demo', async (request, reply) => {
    const shops = ctx.catalog.all().map((shop) => {
      const { shop: info, company } = shop.fixture;
      const extras = EXTRA_LINKS[shop.shopId] ?? [];
      const flags = [
        info.isOpen ? null : 'stängd',
        info.requireReference ? 'kräver bordsnummer 01–20' : null,
        `${shop.fixture.products.length} varor`,
        info.displayType,
        shop.currency,
        shop.fixture.paymentMethods.map((m) => m.type).join(', '),
      ].filter((f): f is string => f !== null);
      return html`<li>
        <strong>${link(`/${shop.shopId}`, `/${shop.shopId}`)}</strong> – ${info.title}
        <span class="muted">(${company.name})</span><br />
        <span class="muted">${flags.join(' · ')}</span
        >${extras.length > 0 ? html`<br />${extras.map((e, i) => html`${i > 0 ? ' · ' : ''}${link(e.href, e.label)}`)}` : null}
      </li>`;
    });
    const lastReceipt = latestReceipt(ctx.db);
    const cafeName = ctx.catalog.company('c-cafe')?.fixture.company.name ?? 'Café';
    const body = html`<h1>Demo av webbshoppen</h1>
      ${request.query.reset ? html`<p class="card">Lager, notor och demokortbetalningar är återställda.</p>` : null}
      <p>Allt här körs lokalt: butiker, betalningar, kvitton och e-post. Inget lämnar datorn.</p>
      <h2>Butiker</h2>
      <ul>
        ${shops}
      </ul>
      <h2>Verktyg</h2>
      <ul>
        <li>
          ${link('/demo/simulator', 'Betalsimulator')} – väntande betalningar med Godkänn, Neka, Avbryt och
          Fel
        </li>
        <li>${link('/demo/outbox', 'Utkorg')} – e-postade kvitton (${link('/demo/api/outbox', 'JSON')})</li>
        <li>
          ${link('/demo/vitals', 'Fältmätningar')} – LCP, INP och CLS per butik och sida, och betalningarnas
          tider, som webbläsaren rapporterat (${link('/demo/field-metrics', 'JSON')})
        </li>
        <li>
          ${link('/company/c-cafe/payment/pi_demo_pending', 'Kortbetalningssida')} (pi_demo_pending, 249,00
          kr) · ${link('/company/c-cafe/payment/pi_demo_completed', 'genomförd')} ·
          ${link('/company/c-cafe/payment/pi_demo_failed', 'misslyckad')}
        </li>
        <li>
          Bokföring:
          ${link(`/integrate/fortnox/c-cafe/DEMOAUTH?companyName=${encodeURIComponent(cafeName)}`, 'koppla Fortnox')}
          ·
          ${link(
            `/integrate/visma/c-cafe/DEMOAUTH?companyName=${encodeURIComponent(cafeName)}`,
            'koppla Visma',
          )}
          ·
          ${link(`/integrate/bokio/c-cafe/DEMOAUTH?companyName=${encodeURIComponent(cafeName)}`, 'annat program (nekas)')}
        </li>
        <li>
          ${link('/auth/passwordreset?oobCode=demo-oob-code', 'Återställ lösenord')} (kräver
          Firebase-emulatorn för en giltig kod)
        </li>
        ${lastReceipt ? html`<li>Senaste kvittot: ${link(`/${lastReceipt.shopId}/receipt/${lastReceipt.receiptId}`, lastReceipt.receiptId)} · ${link(`/receipt/${lastReceipt.companyId}/${lastReceipt.receiptId}`, 'nedladdningssida')}</li>` : null}
      </ul>
      <form method="post" action="/demo/reset">
        <button type="submit">Återställ lager, notor och demokortbetalningar</button>
      </form>
      <h2>Swish</h2>
      <p>
        Ange valfritt telefonnummer (på dator). Betalningen blir klar efter några sekunder, eller styrs i
        simulatorn. Skriv en felkod i meddelandefältet (övrig information) för att tvinga fram ett utfall:
      </p>
      <table>
        <thead>
          <tr>
            <th>Kod</th>
            <th>Status</th>
            <th>Betydelse</th>
          </tr>
        </thead>
        <tbody>
          ${SWISH_CODES.map(
            (c) =>
              html`<tr>
                <td><code>${c.code}</code></td>
                <td>${c.status}</td>
                <td>${c.meaning}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>Kort via Stripe (testkort)</h2>
      <table>
        <thead>
          <tr>
            <th>Kortnummer</th>
            <th>Utfall</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td><code>4242 4242 4242 4242</code></td>
            <td>Godkänns</td>
          </tr>
          <tr>
            <td><code>4000 0000 0000 0002</code></td>
            <td>Nekas (card_declined)</td>
          </tr>
          <tr>
            <td><code>4000 0000 0000 9995</code></td>
            <td>Nekas (insufficient_funds)</td>
          </tr>
          <tr>
            <td><code>4000 0025 0000 3155</code></td>
            <td>Kräver 3D Secure: Complete eller Fail</td>
          </tr>
          <tr>
            <td>annat</td>
            <td>Felaktigt kortnummer (incorrect_number)</td>
          </tr>
        </tbody>
      </table>
      <p class="muted">
        ${STRIPE_TEST_CARDS.succeeds.length + STRIPE_TEST_CARDS.declined.length + STRIPE_TEST_CARDS.requiresAction.length}
        testkort känns igen. Stripe.js ersätts av ${link('/demo/stripe/v3.js', '/demo/stripe/v3.js')}.
      </p>
      <h2>Kort via Viva Wallet</h2>
      <p>
        Väljer du Viva skickas du till demons kassasida
        (${link('/demo/viva/web/checkout', '/demo/viva/web/checkout')}) med Betala och Neka; båda skickar
        tillbaka dig till butiken med <code>s</code> och <code>t</code> som hos Viva.
      </p>`;
    return reply.headers(HTML_PAGE_HEADERS).send(htmlPage({ title: 'Demo – webbshop', body }));
  });
}
