/**
 * Test harness for the demo API: a server on 127.0.0.1 port 0 with an in-memory (or temp-file) database and
 * a fake clock, and an HTTP client that keeps its own cookie jar (like one browser).
 */
import { createDemoApi, type DemoApi, type DemoApiOptions } from '../../src/demo-api/demoApi';
import { resetDemoState } from '../../src/demo-api/store/demoDb';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../src/demo-api/http/rateLimits';

/**
 * Rate limits no suite reaches. The suites reuse one phone number and one receipt across many sessions, and
 * send a hundred generated bodies from one session, within milliseconds; the limits themselves are tested
 * with their defaults in rateLimits.test.ts.
 */
export const UNREACHABLE_RATE_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((rule) => [rule, { max: 1_000_000, windowMs: 60_000 }]),
) as RateLimits;

/** A clock tests move by hand. Starts at 2026-01-15 10:00 UTC. */
class FakeClock {
  now = Date.UTC(2026, 0, 15, 10, 0, 0);
  readonly fn = (): number => this.now;
  advance(ms: number): void {
    this.now += ms;
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  bytes: Uint8Array;
}

/** One visitor: a cookie jar kept by hand. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  /** The session id the server gave this visitor (the signed cookie's id part), if any yet. */
  get sessionId(): string | undefined {
    return this.cookies.get('sid')?.split('.')[0];
  }

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      body?: string;
      headers?: Record<string, string>;
      redirect?: 'manual' | 'follow';
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.origin + path, {
      method,
      headers,
      body,
      redirect: options.redirect ?? 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = Buffer.from(bytes).toString('utf8');
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, bytes };
  }

  get(path: string): Promise<Answer> {
    return this.request('GET', path);
  }
  put(path: string, json: unknown): Promise<Answer> {
    return this.request('PUT', path, { json });
  }
  /** A POST as the SPA sends it: JSON, or no body with `Content-Type: application/json` all the same. */
  post(path: string, json?: unknown): Promise<Answer> {
    return this.request(
      'POST',
      path,
      json === undefined ? { headers: { 'content-type': 'application/json' } } : { json },
    );
  }
  form(path: string, fields: Record<string, string>): Promise<Answer> {
    return this.request('POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}

export interface Harness {
  api: DemoApi;
  origin: string;
  clock: FakeClock;
  client(): Client;
  close(): Promise<void>;
}

/**
 * Starts a demo API (autoComplete off unless asked: tests drive outcomes themselves; rate limits out of reach
 * unless given).
 */
export async function startDemo(options: Partial<DemoApiOptions> = {}): Promise<Harness> {
  const clock = new FakeClock();
  const api = createDemoApi({
    dbPath: ':memory:',
    clock: clock.fn,
    rateLimits: UNREACHABLE_RATE_LIMITS,
    ...options,
    delays: { swishMs: 4000, autoComplete: false, ...options.delays },
  });
  const origin = await api.listen(0, '127.0.0.1');
  return { api, origin, clock, client: () => new Client(origin), close: () => api.close() };
}

/**
 * Puts a harness back to its fixture state without a new server (starting one seeds 2,000 products): no
 * sessions, carts, payments, receipts or outbox, stock, tabs and seeded intents as in the fixtures.
 */
export function resetHarness(h: Harness): void {
  const { db, fixtures, intents } = h.api.ctx;
  db.sql.exec(`DELETE FROM payments; DELETE FROM carts; DELETE FROM sessions; DELETE FROM receipts;
    DELETE FROM email_outbox; DELETE FROM payment_intents WHERE seeded = 0;`);
  resetDemoState(db, fixtures, intents, h.clock.now);
}

/** Body of a start payment for the café that passes every check. */
export function cafeCustomer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Åsa Öberg',
    email: 'asa@example.com',
    phone: '0701234567',
    extraInfo: '',
    postalCode: '',
    address: '',
    city: '',
    isMobile: false,
    ...overrides,
  };
}

export const CAFE = '/api/v2/webshop/cafe';

/** The café's payment methods (fixtures/fixtures.ts). */
export const SWISH = 'pm-cafe-swish';
export const VIVA = 'pm-cafe-viva';
export const STRIPE = 'pm-cafe-stripe';

/** Shorthand: a café cart line. */
export function line(
  id: string,
  productId: string,
  count: number,
  deviations: string[] = [],
  description?: string,
): Record<string, unknown> {
  return description === undefined
    ? { id, productId, count, deviations }
    : { id, productId, count, deviations, description };
}

/** Narrows an unknown JSON body to a record for property access in assertions. */
export function obj(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`not an object: ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
}
