/**
 * Viva Wallet's hosted checkout, simulated: GET /demo/viva/web/checkout?ref=ORDERCODE&color=HEX shows the
 * amount and merchant with Pay, Decline and Cancel. Each returns to the shop like Viva does:
 * - Pay: 303 /{shopId}/cart?s=ORDERCODE&t=TRANSACTIONID (Viva's success URL).
 * - Decline: the same plus &eventId=10051, Viva's "insufficient funds" (its failure URL).
 * - Cancel: Smart Checkout's optional Cancel button cancels the order code without any payment and sends
 *   the customer to the failure URL; no transaction exists, so there is no `t`:
 *   303 /{shopId}/cart?s=ORDERCODE. The payment is CANCELLED here at once, as a backend learns from Viva's
 *   "Order Updated" (IsCancelled) webhook, which also releases its reserved stock; a cancelPayment the page
 *   sends afterwards answers 409, which §8 says it ignores.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatMoney } from '../../domain/money';
import { DemoApiError } from '../http/apiErrors';
import type { DemoContext } from '../demoContext';
import { readPayment, type PaymentRecord } from '../store/demoRepository';
import { HTML_PAGE_HEADERS, html, htmlPage, safeHexColor } from '../http/htmlPage';
import { newUuid } from '../ids';
import { completePayment, failPayment } from '../services/paymentService';

/** Viva's event id for a declined card (insufficient funds), added to the decline redirect. */
const VIVA_DECLINE_EVENT_ID = '10051';

function vivaPayment(ctx: DemoContext, ref: string): PaymentRecord | undefined {
  const payment = readPayment(ctx.db, ref);
  return payment?.methodType === 'VIVA_WALLET_WEB' ? payment : undefined;
}

type CheckoutAction = 'pay' | 'decline' | 'cancel';

function returnUrl(payment: PaymentRecord, transactionId: string, action: CheckoutAction): string {
  const query = new URLSearchParams({ s: payment.paymentId });
  if (action !== 'cancel') query.set('t', transactionId);
  if (action === 'decline') query.set('eventId', VIVA_DECLINE_EVENT_ID);
  return `/${encodeURIComponent(payment.shopId)}/cart?${query.toString()}`;
}

/** The page for a payment that is no longer pending (paid, failed, cancelled or expired). */
function finishedPage(reply: FastifyReply, payment: PaymentRecord): FastifyReply {
  return sendPage(
    reply,
    409,
    'Viva Wallet – betalningen är avslutad',
    html`<h1>Betalningen är redan avslutad</h1>
      <p><a href="/${encodeURIComponent(payment.shopId)}/cart">Tillbaka till butiken</a></p>`,
  );
}

function sendPage(
  reply: FastifyReply,
  status: number,
  title: string,
  body: ReturnType<typeof html>,
  css = '',
): FastifyReply {
  return reply
    .status(status)
    .headers(HTML_PAGE_HEADERS)
    .send(htmlPage({ title, lang: 'sv', body, css }));
}

/** Registers the checkout page and its Pay / Decline / Cancel actions (inside the /demo scope with form parsing). */
export function registerVivaSimulator(app: FastifyInstance, ctx: DemoContext): void {
  app.get<{ Querystring: { ref?: string; color?: string } }>(
    '/demo/viva/web/checkout',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ref: { type: 'string', maxLength: 64 }, color: { type: 'string', maxLength: 4096 } }, // a bad colour is ignored, not refused
          additionalProperties: true, // Viva's checkout ignores parameters it does not know
        },
      },
    },
    async (request, reply) => {
      const payment = vivaPayment(ctx, request.query.ref ?? '');
      if (!payment) {
        return sendPage(
          reply,
          404,
          'Viva Wallet – betalningen finns inte',
          html`<h1>Betalningen finns inte</h1>
            <p>Ordernumret är okänt eller har gått ut.</p>`,
        );
      }
      const shop = ctx.catalog.shop(payment.shopId);
      const merchant = shop?.fixture.company.name ?? payment.shopId;
      const amount = formatMoney({ amount: payment.amount, currency: payment.currency });
      const color = safeHexColor(request.query.color) ?? '#1a73e8';
      const css = `.pay{background:${color};border-color:${color};color:#fff}.amount{font-size:2rem;font-weight:700;margin:.25rem 0}`;
      if (payment.status !== 'STARTED') {
        return sendPage(
          reply,
          409,
          'Viva Wallet – betalningen är avslutad',
          html`<h1>Betalningen är redan avslutad</h1>
            <p>Status: <strong>${payment.status}</strong></p>
            <p><a href="/${encodeURIComponent(payment.shopId)}/cart">Tillbaka till butiken</a></p>`,
        );
      }
      return sendPage(
        reply,
        200,
        `Viva Wallet – betala till ${merchant}`,
        html`<p class="muted">Viva Wallet Smart Checkout (demo)</p>
          <div class="card">
            <h1>${merchant}</h1>
            <p>Att betala</p>
            <p class="amount">${amount}</p>
            <p class="muted">Ordernummer ${payment.paymentId}</p>
          </div>
          <div class="card">
            <p>
              <label
                >Kortnummer (demo)<br /><input
                  value="4111 1111 1111 1111"
                  readonly
                  aria-readonly="true"
                  style="font:inherit;padding:8px;width:100%;max-width:320px"
              /></label>
            </p>
            <div class="buttons">
              <form method="post" action="/demo/viva/web/checkout/pay">
                <input type="hidden" name="ref" value="${payment.paymentId}" /><button
                  class="pay"
                  type="submit"
                >
                  Betala ${amount}
                </button>
              </form>
              <form method="post" action="/demo/viva/web/checkout/decline">
                <input type="hidden" name="ref" value="${payment.paymentId}" /><button
                  class="danger"
                  type="submit"
                >
                  Neka (decline)
                </button>
              </form>
              <form method="post" action="/demo/viva/web/checkout/cancel">
                <input type="hidden" name="ref" value="${payment.paymentId}" /><button type="submit">
                  Avbryt och gå tillbaka till ${merchant}
                </button>
              </form>
            </div>
          </div>`,
        css,
      );
    },
  );

  const formBody = {
    type: 'object',
    required: ['ref'],
    properties: { ref: { type: 'string', minLength: 1, maxLength: 64 } },
    additionalProperties: false,
  } as const;

  for (const action of ['pay', 'decline', 'cancel'] as const satisfies readonly CheckoutAction[]) {
    app.post<{ Body: { ref: string } }>(
      `/demo/viva/web/checkout/${action}`,
      { schema: { body: formBody } },
      async (request, reply) => {
        const payment = vivaPayment(ctx, request.body.ref);
        if (!payment) throw new DemoApiError(404, 'NOT_FOUND', 'PAYMENT_NOT_FOUND');
        if (payment.status !== 'STARTED') return finishedPage(reply, payment);
        const transactionId = newUuid();
        try {
          if (action === 'pay') completePayment(ctx, payment.paymentId, transactionId);
          else if (action === 'decline')
            failPayment(ctx, payment.paymentId, 'FAILED', `DECLINED (${VIVA_DECLINE_EVENT_ID})`);
          else failPayment(ctx, payment.paymentId, 'CANCELLED', 'CANCELLED');
        } catch (error) {
          // It ended in between (its reservation ran out): show that, as for any finished payment.
          if (error instanceof DemoApiError && error.statusCode === 409) return finishedPage(reply, payment);
          throw error;
        }
        return reply.redirect(returnUrl(payment, transactionId, action), 303);
      },
    );
  }
}
