/**
 * The payment simulator QA uses by hand (/demo/simulator: pending payments with Approve, Decline, Cancel,
 * Error, and the demo session's wallet for Stripe's Express Checkout, POST /demo/wallet) and its JSON control
 * API for tests (/demo/api/payments…, /demo/api/swish, /demo/api/render), plus the e-mail outbox
 * (/demo/outbox, /demo/api/outbox).
 */
import type { FastifyInstance } from 'fastify';
import { formatMoney } from '../../domain/money';
import { RENDER_FAULTS, type DemoContext, type RenderFault } from '../demoContext';
import {
  listOutbox,
  listPayments,
  type PaymentRecord,
  type StoredPaymentStatus,
} from '../store/demoRepository';
import { HTML_PAGE_HEADERS, html, htmlPage } from '../http/htmlPage';
import { applyOutcome, type SimulatedOutcome } from '../services/paymentService';
import { emptyBody } from './routeSchemas';
import { swishForcedOutcome } from '../simulators/swishSimulator';
import {
  DEMO_WALLETS,
  WALLET_NAMES,
  currentWallet,
  setWalletCookie,
  type DemoWallet,
} from '../simulators/walletSetting';

const OUTCOMES: SimulatedOutcome[] = ['approve', 'decline', 'cancel', 'error', 'expire'];
const METHOD_NAMES: Record<string, string> = {
  SWISH_TRADE: 'Swish',
  VIVA_WALLET_WEB: 'Viva Wallet',
  STRIPE: 'Stripe',
};

/** A payment as the control API lists it. */
interface SimulatorPayment {
  paymentId: string;
  shopId: string;
  methodId: string;
  methodType: string;
  status: StoredPaymentStatus;
  message: string | null;
  amount: number;
  currency: string;
  createdAt: string;
  ageSeconds: number;
  forcedOutcome: string | null;
  dueAt: string | null;
  receiptId: string | null;
}

function toSimulator(p: PaymentRecord, now: number): SimulatorPayment {
  return {
    paymentId: p.paymentId,
    shopId: p.shopId,
    methodId: p.methodId,
    methodType: p.methodType,
    status: p.status,
    message: p.message,
    amount: p.amount,
    currency: p.currency,
    createdAt: new Date(p.createdAt).toISOString(),
    ageSeconds: Math.max(0, Math.round((now - p.createdAt) / 1000)),
    forcedOutcome: p.forcedOutcome,
    dueAt: p.dueAt === null ? null : new Date(p.dueAt).toISOString(),
    receiptId: p.receiptId,
  };
}

const paymentParams = {
  type: 'object',
  required: ['paymentId', 'outcome'],
  properties: {
    paymentId: { type: 'string', minLength: 1, maxLength: 64 },
    outcome: { type: 'string', enum: OUTCOMES },
  },
  additionalProperties: false,
} as const;

const walletQuery = {
  type: 'object',
  required: ['wallet'],
  properties: { wallet: { type: 'string', enum: DEMO_WALLETS } },
  additionalProperties: false,
} as const;

/** Registers the simulator page, its control API and the outbox. */
export function registerSimulatorRoutes(app: FastifyInstance, ctx: DemoContext): void {
  const secure = ctx.publicOrigin?.startsWith('https:') ?? false;

  // The page's wallet buttons (a form each, no fields): the choice lasts the browser session.
  app.post<{ Querystring: { wallet: DemoWallet } }>(
    '/demo/wallet',
    { schema: { querystring: walletQuery, body: emptyBody } },
    async (request, reply) => {
      setWalletCookie(reply, request.query.wallet, secure);
      return reply.redirect('/demo/simulator', 303);
    },
  );

  app.get<{ Querystring: { status?: 'pending' | 'all' | StoredPaymentStatus } }>(
    '/demo/api/payments',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            status: {
              type: 'string',
              enum: ['pending', 'all', 'STARTED', 'COMPLETED', 'FAILED', 'ERROR', 'CANCELLED'],
            },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const wanted = request.query.status ?? 'all';
      const status = wanted === 'all' ? null : wanted === 'pending' ? 'STARTED' : wanted;
      const now = ctx.clock();
      return listPayments(ctx.db, status, 500).map((p) => toSimulator(p, now));
    },
  );

  app.post<{ Params: { paymentId: string; outcome: SimulatedOutcome } }>(
    '/demo/api/payments/:paymentId/:outcome',
    { schema: { params: paymentParams, body: emptyBody } },
    async (request) =>
      toSimulator(applyOutcome(ctx, request.params.paymentId, request.params.outcome), ctx.clock()),
  );

  // Holds (false) or lets (true) the demo's Swish complete by itself: payments started while it is held wait
  // for an outcome from this API or the page, so a test never races SWISH_DELAY_MS (issue 21). Payments
  // already started keep the due time they got; error codes in the message still force their outcome.
  app.post<{ Body: { autoComplete: boolean } }>(
    '/demo/api/swish',
    {
      schema: {
        body: {
          type: 'object',
          required: ['autoComplete'],
          properties: { autoComplete: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      ctx.delays.autoComplete = request.body.autoComplete;
      return { autoComplete: ctx.delays.autoComplete };
    },
  );

  // The store page's render (src/ssr via the Node adapter, routes/spaHosting.ts) with a fault played on it.
  app.post<{ Body: { fault: RenderFault } }>(
    '/demo/api/render',
    {
      schema: {
        body: {
          type: 'object',
          required: ['fault'],
          properties: { fault: { type: 'string', enum: [...RENDER_FAULTS] } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      ctx.renderFault = request.body.fault;
      return { fault: ctx.renderFault };
    },
  );

  // The page's buttons: a form POST per outcome, then back to the page (303) whatever happened.
  app.post<{ Params: { paymentId: string; outcome: SimulatedOutcome } }>(
    '/demo/simulator/:paymentId/:outcome',
    { schema: { params: paymentParams } },
    async (request, reply) => {
      try {
        applyOutcome(ctx, request.params.paymentId, request.params.outcome);
      } catch {
        // Already finished (e.g. the Swish delay elapsed first): the refreshed list shows the real state.
      }
      return reply.redirect('/demo/simulator', 303);
    },
  );

  app.get('/demo/simulator', async (request, reply) => {
    const now = ctx.clock();
    const wallet = currentWallet(request);
    const pending = listPayments(ctx.db, 'STARTED', 200);
    const recent = listPayments(ctx.db, null, 40).filter((p) => p.status !== 'STARTED');
    const money = (p: PaymentRecord) => formatMoney({ amount: p.amount, currency: p.currency });
    // One card per payment: readable on a phone, where a six-column table is not.
    const cards = pending.map((p) => {
      const forced = swishForcedOutcome(p.forcedOutcome);
      return html`<article class="card">
        <p>
          <strong>${money(p)}</strong> · ${METHOD_NAMES[p.methodType] ?? p.methodType} ·
          <a href="/${encodeURIComponent(p.shopId)}">${p.shopId}</a> ·
          ${Math.round((now - p.createdAt) / 1000)} s
          ${forced ? html`<br /><span class="muted">Kod ${forced.code} → ${forced.status} när fördröjningen gått</span>` : null}
          <br /><span class="muted">Id <code>${p.paymentId}</code></span>
        </p>
        <div class="buttons">
          ${OUTCOMES.map(
            (outcome) =>
              html`<form method="post" action="/demo/simulator/${encodeURIComponent(p.paymentId)}/${outcome}">
                <button
                  type="submit"
                  class="${outcome === 'approve' ? 'primary' : outcome === 'decline' ? 'danger' : ''}"
                >
                  ${{ approve: 'Godkänn', decline: 'Neka', cancel: 'Avbryt', error: 'Fel', expire: 'Låt gå ut' }[outcome]}
                </button>
              </form>`,
          )}
        </div>
      </article>`;
    });
    const recentRows = recent.map(
      (p) =>
        html`<tr>
          <td>${p.shopId}</td>
          <td>${METHOD_NAMES[p.methodType] ?? p.methodType}</td>
          <td>${money(p)}</td>
          <td>${p.status}${p.message ? html` <span class="muted">(${p.message})</span>` : null}</td>
          <td>
            ${p.receiptId ? html`<a href="/${encodeURIComponent(p.shopId)}/receipt/${encodeURIComponent(p.receiptId)}">${p.receiptId}</a>` : '–'}
          </td>
        </tr>`,
    );
    const body = html`<h1>Betalsimulator</h1>
      <p><a href="/demo">← Demo</a> · Sidan uppdateras var 5:e sekund.</p>
      <h2>Väntande betalningar (${pending.length})</h2>
      ${
        pending.length === 0
          ? html`<p class="muted">Inga väntande betalningar. Starta en betalning i en butik.</p>`
          : cards
      }
      <h2>Senaste avslutade</h2>
      ${
        recent.length === 0
          ? html`<p class="muted">Inga ännu.</p>`
          : html`<div style="overflow-x:auto">
              <table>
                <thead>
                  <tr>
                    <th>Butik</th>
                    <th>Sätt</th>
                    <th>Belopp</th>
                    <th>Status</th>
                    <th>Kvitto</th>
                  </tr>
                </thead>
                <tbody>
                  ${recentRows}
                </tbody>
              </table>
            </div>`
      }
      <h2>Plånbok (Apple Pay / Google Pay)</h2>
      <p>
        Vald plånbok i den här webbläsarsessionen: <strong>${WALLET_NAMES[wallet]}</strong>. Kortbetalningens
        snabbkassa (Stripe Express Checkout) visar en knapp för vald plånbok; dess testplånbok har knapparna
        Approve (betalningen går igenom), Decline (banken nekar kortet) och Cancel (avbryter).
      </p>
      <div class="buttons">
        ${DEMO_WALLETS.map(
          (choice) =>
            html`<form method="post" action="/demo/wallet?wallet=${choice}">
              <button type="submit" class="${choice === wallet ? 'primary' : ''}">
                ${WALLET_NAMES[choice]}
              </button>
            </form>`,
        )}
      </div>
      <p class="muted">
        Eller öppna valfri sida med <code>?demoWallet=applePay</code>,
        <code>?demoWallet=googlePay</code> eller <code>?demoWallet=none</code>, t.ex.
        <a href="/cafe?demoWallet=applePay">/cafe?demoWallet=applePay</a>. Valet gäller tills webbläsaren
        stängs.
      </p>`;
    return reply
      .headers(HTML_PAGE_HEADERS)
      .send(
        htmlPage({ title: 'Betalsimulator', body, head: html`<meta http-equiv="refresh" content="5" />` }),
      );
  });

  const readOutbox = () => listOutbox(ctx.db, 200);

  app.get('/demo/api/outbox', async () =>
    readOutbox().map((mail) => ({ ...mail, createdAt: new Date(mail.createdAt).toISOString() })),
  );

  app.get('/demo/outbox', async (_request, reply) => {
    const mails = readOutbox();
    const body = html`<h1>Utkorg (e-post)</h1>
      <p>
        <a href="/demo">← Demo</a> · Kvitton som skickats med e-post hamnar här; inget skickas på riktigt.
      </p>
      ${
        mails.length === 0
          ? html`<p class="muted">Utkorgen är tom.</p>`
          : mails.map(
              (m) =>
                html`<article class="card">
                  <h2>${m.subject}</h2>
                  <p>
                    <strong>Till:</strong> ${m.to}<br /><strong>Skapad:</strong>
                    ${new Date(m.createdAt).toISOString()}
                  </p>
                  <pre>${m.body}</pre>
                </article>`,
            )
      }`;
    return reply.headers(HTML_PAGE_HEADERS).send(htmlPage({ title: 'Utkorg', body }));
  });
}
