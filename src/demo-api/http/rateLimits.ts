/**
 * Rate limits of the demo API (issue 12 point 4), with @fastify/rate-limit: the one place that says what is
 * limited, by what key, how much and for how long. A route opts in with `config: { limitedBy: [...] }`;
 * its limits are counted in a preHandler, after the body is parsed and validated (the phone number and the
 * receipt id are keys) and before the handler, so a limited request changes nothing. The answer is
 * `429 { name: 'TOO_MANY_REQUESTS', errorCode: 'RATE_LIMITED' }` with `Retry-After` in seconds.
 *
 * Every attempt that passes validation counts, whatever the handler answers: a flood of refused starts
 * costs as much as one of accepted ones. Counters live in memory and go by wall time (the plugin's
 * LocalStore), not by the injected clock; a restart forgets them.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StartPaymentRequest } from '../../contract';
import { tooManyRequests } from './apiErrors';
import type { DemoContext } from '../demoContext';

/** One limit: at most `max` requests per key within `windowMs` (a fixed window from the first request). */
interface RateLimit {
  max: number;
  windowMs: number;
}

export type RateLimitRule =
  | 'receiptEmailsPerSession'
  | 'receiptEmailsPerReceipt'
  | 'paymentStartsPerSession'
  | 'swishRequestsPerPhone'
  | 'cartWritesPerSession';

export type RateLimits = Record<RateLimitRule, RateLimit>;

const MINUTE = 60 * 1000;

/**
 * The defaults. A session is one browser, and on a counter kiosk one device for all its customers, so the
 * per-session limits are sized for a busy kiosk (a customer a minute); the per-receipt and per-phone ones
 * protect the person at the other end (an inbox, a phone) from requests made in many sessions.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  // A customer a minute at a kiosk, each e-mailing their receipt; not a relay for mass mail.
  receiptEmailsPerSession: { max: 10, windowMs: 10 * MINUTE },
  // One receipt: a typo and a resend, or a copy to a colleague.
  receiptEmailsPerReceipt: { max: 3, windowMs: 10 * MINUTE },
  // A customer a minute at a kiosk, each with a retry (a declined card, another method).
  paymentStartsPerSession: { max: 20, windowMs: 10 * MINUTE },
  // One payer's phone: a request, a decline and a few retries; more is someone's phone being flooded.
  swishRequestsPerPhone: { max: 5, windowMs: 10 * MINUTE },
  // About one change a second kept up for a minute; the SPA sends one PUT at a time and merges the rest.
  cartWritesPerSession: { max: 60, windowMs: 1 * MINUTE },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate limits this route counts against, in this order (see rateLimits.ts). */
    limitedBy?: readonly RateLimitRule[];
  }
}

/**
 * The key a Swish phone number is counted under, so that '070-123 45 67', '0701234567', '+46701234567' and
 * '0046701234567' are one phone: digits only, in international form without '+' (as Swish writes numbers),
 * a leading national 0 read as Sweden's 46. Text without digits is kept as typed (trimmed, lower case).
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const plain = phone.trim();
  if (digits === '') return plain.toLowerCase();
  if (plain.startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) return `46${digits.slice(1)}`;
  return digits;
}

/**
 * The number a start sends a Swish request to, or null when it sends none: not Swish, or Swish with the
 * app on this phone (`isMobile`) or a kiosk's QR code (`kiosk`), which need no number (paymentService).
 */
function swishPhone(request: FastifyRequest, ctx: DemoContext): string | null {
  const { shopId } = request.params as { shopId: string };
  const body = request.body as StartPaymentRequest;
  const method = ctx.catalog.shop(shopId)?.methods.get(body.paymentMethodId);
  const phone = body.customerInfo?.phone?.trim() ?? '';
  if (method?.type !== 'SWISH_TRADE' || body.customerInfo?.isMobile || body.kiosk || phone === '')
    return null;
  return phoneKey(phone);
}

/** What each rule counts by; null: this request is not counted by the rule. */
const KEYS: Record<RateLimitRule, (request: FastifyRequest, ctx: DemoContext) => string | null> = {
  receiptEmailsPerSession: (request) => request.sid,
  receiptEmailsPerReceipt: (request) => (request.params as { receiptId: string }).receiptId,
  paymentStartsPerSession: (request) => request.sid,
  swishRequestsPerPhone: swishPhone,
  cartWritesPerSession: (request) => request.sid,
};

/** Marks a key that a rule does not count (the plugin's allow list lets it through). */
const NOT_COUNTED = '';

/**
 * Registers the plugin in `api` (the /api scope, after the session cookie hook, before its routes) and
 * limits every route of that scope that names rules in `config.limitedBy`. `limits` override the defaults
 * per rule.
 */
export async function installRateLimits(
  api: FastifyInstance,
  ctx: DemoContext,
  limits: Partial<RateLimits> = {},
): Promise<void> {
  // No limit for routes that do not ask for one; counting is done by the limiters below.
  await api.register(fastifyRateLimit, { global: false });
  const rules = { ...DEFAULT_RATE_LIMITS, ...limits };
  const limiterOf = (rule: RateLimitRule) =>
    // createRateLimit answers instead of throwing, and unlike `rateLimit()` each limiter counts even when
    // another one already ran for the request (a start counts per session and per phone).
    api.createRateLimit({
      max: rules[rule].max,
      timeWindow: rules[rule].windowMs,
      keyGenerator: (request) => KEYS[rule](request, ctx) ?? NOT_COUNTED,
      allowList: (_request, key) => key === NOT_COUNTED,
    });
  const limiters = Object.fromEntries(
    (Object.keys(KEYS) as RateLimitRule[]).map((rule) => [rule, limiterOf(rule)]),
  ) as Record<RateLimitRule, ReturnType<typeof limiterOf>>;

  api.addHook('onRoute', (route) => {
    const limitedBy = route.config?.limitedBy;
    if (!limitedBy || limitedBy.length === 0) return;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      for (const rule of limitedBy) {
        const result = await limiters[rule](request);
        if (!result.isAllowed && result.isExceeded) {
          void reply.header('retry-after', Math.max(1, result.ttlInSeconds));
          throw tooManyRequests();
        }
      }
    };
    const existing = route.preHandler;
    route.preHandler = existing === undefined ? [check] : [...[existing].flat(), check];
  });
}
