/**
 * Stripe, simulated: the Stripe.js double at /demo/stripe/v3.js and the endpoints it confirms against.
 * Test cards follow Stripe's: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 is declined for insufficient funds, 4000 0000 0000 0069 as expired, 4000 0025 0000 3155 (and 4000 0000 0000 3220)
 * require 3-D Secure; any other number is refused as incorrect. Answers are shaped like Stripe's:
 * `{ paymentIntent: { id, status } }` or `{ error: { type, code, message } }`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PaymentIntentStatus } from '../../contract';
import type { DemoContext } from '../demoContext';
import { readIntentBySecret, readPayment, updateIntent, type IntentRecord } from '../store/demoRepository';
import { completePayment } from '../services/paymentService';
import { STRIPE_JS_DOUBLE } from './stripeJsDouble';

/** Stripe's card numbers and what the demo does with them. */
export const STRIPE_TEST_CARDS = {
  succeeds: ['4242424242424242', '5555555555554444'],
  declined: ['4000000000000002'],
  insufficientFunds: ['4000000000009995'],
  expired: ['4000000000000069'],
  requiresAction: ['4000002500003155', '4000000000003220'],
} as const;

/** Stripe's own wording, so the SPA shows what it would show in production. */
const STRIPE_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectNumber: 'Your card number is incorrect.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

type StripeStatus = 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';

interface StripeError {
  type: string;
  code: string;
  message: string;
  decline_code?: string;
  payment_intent?: StripeIntent;
}

interface StripeIntent {
  id: string;
  object: 'payment_intent';
  status: StripeStatus;
  amount: number;
  currency: string;
  client_secret: string;
  last_payment_error: { message: string } | null;
}

function stripeStatus(status: PaymentIntentStatus): StripeStatus {
  switch (status) {
    case 'REQUIRES_ACTION':
      return 'requires_action';
    case 'COMPLETED':
      return 'succeeded';
    case 'CANCELLED':
      return 'canceled';
    default:
      return 'requires_payment_method';
  }
}

function toStripe(intent: IntentRecord): StripeIntent {
  return {
    id: intent.intentId,
    object: 'payment_intent',
    status: stripeStatus(intent.status),
    amount: intent.amount,
    currency: intent.currency.toLowerCase(),
    client_secret: intent.clientSecret,
    last_payment_error: intent.errorMessage ? { message: intent.errorMessage } : null,
  };
}

function fail(reply: FastifyReply, status: number, error: StripeError): FastifyReply {
  return reply.status(status).send({ error });
}

/** True when the intent can still be confirmed: not finished, and its shop payment (if any) still pending. */
function confirmable(ctx: DemoContext, intent: IntentRecord): boolean {
  if (intent.status === 'COMPLETED' || intent.status === 'CANCELLED') return false;
  if (!intent.paymentId) return true;
  return readPayment(ctx.db, intent.paymentId)?.status === 'STARTED';
}

function unexpectedState(intent: IntentRecord): StripeError {
  return {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message:
      intent.status === 'COMPLETED'
        ? 'This PaymentIntent has already succeeded.'
        : 'This PaymentIntent could not be confirmed because it is no longer awaiting payment.',
    payment_intent: toStripe(intent),
  };
}

/** Marks the intent succeeded; a shop payment completes with it (receipt, stock, cart). */
function succeed(ctx: DemoContext, intent: IntentRecord): IntentRecord {
  if (intent.paymentId) completePayment(ctx, intent.paymentId, intent.intentId);
  else ctx.db.transaction(() => updateIntent(ctx.db, intent, 'COMPLETED', null, ctx.clock()));
  const after = readIntentBySecret(ctx.db, intent.clientSecret);
  if (!after) throw new Error('intent vanished');
  return after;
}

function setState(
  ctx: DemoContext,
  intent: IntentRecord,
  status: PaymentIntentStatus,
  message: string | null,
): IntentRecord {
  ctx.db.transaction(() => updateIntent(ctx.db, intent, status, message, ctx.clock()));
  return { ...intent, status, errorMessage: message };
}

const secretSchema = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** Stripe's answer for a client secret it does not know. */
const NO_SUCH_INTENT: StripeError = {
  type: 'invalid_request_error',
  code: 'resource_missing',
  message: 'No such payment_intent.',
};

/** Registers /demo/stripe/*. */
export function registerStripeSimulator(app: FastifyInstance, ctx: DemoContext): void {
  app.get('/demo/stripe/v3.js', async (_request, reply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(STRIPE_JS_DOUBLE),
  );

  app.get<{ Querystring: { clientSecret: string } }>(
    '/demo/stripe/intent',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['clientSecret'],
          properties: { clientSecret: secretSchema },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const intent = readIntentBySecret(ctx.db, request.query.clientSecret);
      if (!intent) return fail(reply, 404, NO_SUCH_INTENT);
      return { paymentIntent: toStripe(intent) };
    },
  );

  app.post<{ Body: { clientSecret: string; cardNumber?: string } }>(
    '/demo/stripe/confirm',
    {
      schema: {
        body: {
          type: 'object',
          required: ['clientSecret'],
          properties: { clientSecret: secretSchema, cardNumber: { type: 'string', maxLength: 40 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const intent = readIntentBySecret(ctx.db, request.body.clientSecret);
      if (!intent) return fail(reply, 404, NO_SUCH_INTENT);
      if (!confirmable(ctx, intent)) return fail(reply, 400, unexpectedState(intent));
      const card = (request.body.cardNumber ?? '').replace(/[\s-]/g, '');
      const is = (list: readonly string[]) => list.includes(card);
      if (intent.status === 'REQUIRES_ACTION' && (card === '' || is(STRIPE_TEST_CARDS.requiresAction))) {
        return { paymentIntent: toStripe(intent) }; // still waiting for the authentication step
      }
      if (is(STRIPE_TEST_CARDS.succeeds)) return { paymentIntent: toStripe(succeed(ctx, intent)) };
      if (is(STRIPE_TEST_CARDS.requiresAction))
        return { paymentIntent: toStripe(setState(ctx, intent, 'REQUIRES_ACTION', null)) };
      if (is(STRIPE_TEST_CARDS.declined) || is(STRIPE_TEST_CARDS.insufficientFunds)) {
        const insufficient = is(STRIPE_TEST_CARDS.insufficientFunds);
        const message = insufficient ? STRIPE_MESSAGES.insufficientFunds : STRIPE_MESSAGES.declined;
        const after = setState(ctx, intent, 'PENDING', message);
        return fail(reply, 402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
          message,
          payment_intent: toStripe(after),
        });
      }
      if (is(STRIPE_TEST_CARDS.expired)) {
        const after = setState(ctx, intent, 'PENDING', STRIPE_MESSAGES.expired);
        return fail(reply, 402, {
          type: 'card_error',
          code: 'expired_card',
          decline_code: 'expired_card',
          message: STRIPE_MESSAGES.expired,
          payment_intent: toStripe(after),
        });
      }
      return fail(reply, 402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: STRIPE_MESSAGES.incorrectNumber,
      });
    },
  );

  app.post<{ Body: { clientSecret: string; outcome: 'complete' | 'fail' } }>(
    '/demo/stripe/authenticate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['clientSecret', 'outcome'],
          properties: { clientSecret: secretSchema, outcome: { type: 'string', enum: ['complete', 'fail'] } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const intent = readIntentBySecret(ctx.db, request.body.clientSecret);
      if (!intent) return fail(reply, 404, NO_SUCH_INTENT);
      if (intent.status !== 'REQUIRES_ACTION' || !confirmable(ctx, intent))
        return fail(reply, 400, unexpectedState(intent));
      if (request.body.outcome === 'complete') return { paymentIntent: toStripe(succeed(ctx, intent)) };
      const after = setState(ctx, intent, 'PENDING', STRIPE_MESSAGES.authenticationFailed);
      return fail(reply, 402, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: STRIPE_MESSAGES.authenticationFailed,
        payment_intent: toStripe(after),
      });
    },
  );
}
