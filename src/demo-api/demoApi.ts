/**
 * The embedded demo API: a Fastify server that implements every call of SPEC §7 on an embedded SQLite
 * database, with simulators for Swish, Viva Wallet and Stripe, and (optionally) the SPA on the same origin.
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { DemoApiError, installErrorHandlers } from './http/apiErrors';
import { registerCompanyRoutes } from './routes/companyRoutes';
import type { DemoContext, DemoDelays } from './demoContext';
import { DemoDb, seedDemoData } from './store/demoDb';
import { registerDemoPages } from './routes/demoPages';
import { emptyFieldMetrics } from './fieldMetrics/aggregateFieldMetrics';
import { demoIntentFixtures, demoShopFixtures } from './fixtures/fixtures';
import { registerOauthSimulator } from './simulators/oauthSimulator';
import { settleDuePayments } from './services/paymentService';
import { installRateLimits, type RateLimits } from './http/rateLimits';
import { registerReceiptRoutes } from './routes/receiptRoutes';
import { registerReportCollector } from './routes/reportCollectorRoutes';
import { installRequestGuards } from './http/requestGuards';
import { installSessionCookie, sessionSecret } from './http/sessionCookie';
import { registerShopRoutes } from './routes/shopRoutes';
import { ShopCatalog } from './services/shopCatalog';
import { registerSimulatorRoutes } from './routes/simulatorRoutes';
import { registerSpa, type SpaOptions } from './routes/spaHosting';
import fastifyCompress from '@fastify/compress';
import { registerStripeSimulator } from './simulators/stripeSimulator';
import { registerVivaSimulator } from './simulators/vivaSimulator';
import { registerVitalsPage } from './routes/vitalsPage';
import { installWalletSetting } from './simulators/walletSetting';
import { STRICT_TRANSPORT_SECURITY } from '../hosting/securityHeaders';

/** How long a started payment reserves its stock unless told otherwise: 10 minutes. */
export const DEFAULT_RESERVATION_MS = 10 * 60 * 1000;

export interface DemoApiOptions {
  /** SQLite file, or ':memory:' (tests). */
  dbPath: string;
  /** Milliseconds since the epoch (default Date.now); tests pass a fake clock. */
  clock?: () => number;
  delays?: { swishMs?: number; autoComplete?: boolean; reservationMs?: number };
  /** Origin used in links for other sites (e.g. the OAuth integration URL); default: the request's host. */
  publicOrigin?: string;
  /** Serve the SPA too (omit in API tests). */
  spa?: SpaOptions;
  /** Fastify request logging (default off). */
  logger?: boolean;
  /** Secret that signs session ids (SESSION_SECRET); default: a random one kept in the database. */
  sessionSecret?: string;
  /** Rate limits that differ from DEFAULT_RATE_LIMITS (http/rateLimits.ts), per rule. */
  rateLimits?: Partial<RateLimits>;
}

export interface DemoApi {
  app: FastifyInstance;
  /** Shared state (database, catalog, clock); tests read the database through it. */
  ctx: DemoContext;
  /** Starts listening; resolves with the origin, e.g. http://127.0.0.1:8080. */
  listen(port: number, host: string): Promise<string>;
  /** Stops the server, the dev middleware and closes the database. */
  close(): Promise<void>;
  /** Applies due simulator outcomes and expires overdue payments now (`npm start` calls it on a light timer). */
  tick(): void;
}

/** Strictest JSON body parsing: an empty body is "no body" (bodiless POSTs), prototype keys are refused. */
function parseJson(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim() === '') {
    done(null, undefined);
    return;
  }
  try {
    done(
      null,
      JSON.parse(text, (key: string, value: unknown) => {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype')
          throw new SyntaxError('forbidden key');
        return value;
      }),
    );
  } catch {
    done(new DemoApiError(400, 'INVALID_JSON', 'BAD_REQUEST'));
  }
}

function parseForm(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  done(null, Object.fromEntries(new URLSearchParams(text)));
}

/**
 * Builds the demo API. Seeding is idempotent, so pointing it at an existing database keeps its state.
 * Nothing listens until `listen` is called.
 */
export function createDemoApi(options: DemoApiOptions): DemoApi {
  const clock = options.clock ?? Date.now;
  const delays: DemoDelays = {
    swishMs: options.delays?.swishMs ?? 4000,
    autoComplete: options.delays?.autoComplete ?? true,
    reservationMs: options.delays?.reservationMs ?? DEFAULT_RESERVATION_MS,
  };
  const db = new DemoDb(options.dbPath);
  const fixtures = demoShopFixtures();
  const intents = demoIntentFixtures(fixtures);
  seedDemoData(db, fixtures, intents, clock());
  const ctx: DemoContext = {
    db,
    catalog: new ShopCatalog(fixtures),
    clock,
    delays,
    publicOrigin: options.publicOrigin?.replace(/\/+$/, '') ?? null,
    fixtures,
    intents,
    renderFault: 'none',
    fieldMetrics: emptyFieldMetrics(),
  };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: true,
        allErrors: false,
        allowUnionTypes: true,
      },
    },
  });
  installErrorHandlers(app);
  // Compressed answers (brotli or gzip) for everything compressible, as a production host would serve them.
  void app.register(fastifyCompress, { threshold: 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);

  // Simulated outcomes (Swish delays) and reservation expiry are applied lazily before every request, with
  // the injected clock, so tests move time by hand and nothing depends on timers.
  app.addHook('onRequest', async () => {
    settleDuePayments(ctx);
  });
  const https = ctx.publicOrigin?.startsWith('https:') ?? false;
  const secret = sessionSecret(db, options.sessionSecret);
  // `?demoWallet=` on any page chooses the Stripe double's wallet for the demo session (a cookie).
  installWalletSetting(app, { secure: https });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('x-content-type-options')) void reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy'))
      void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https && !reply.hasHeader('strict-transport-security'))
      void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });

  void app.register(async (api) => {
    installRequestGuards(api, { publicOrigin: ctx.publicOrigin, jsonOnly: true });
    installSessionCookie(api, { secure: https, secret });
    await installRateLimits(api, ctx, options.rateLimits); // after the session hook, before the routes
    registerShopRoutes(api, ctx);
    registerReceiptRoutes(api, ctx);
    registerCompanyRoutes(api, ctx);
  });

  // Local stand-in for the error-reporting service (issue 6), which also keeps field metrics (issue 36), in its
  // own scope: it parses any content type.
  void app.register(async (collector) => registerReportCollector(collector, ctx));
  // The demo's own pages post HTML forms; only this scope parses application/x-www-form-urlencoded.
  void app.register(async (demo) => {
    demo.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      parseForm,
    );
    installRequestGuards(demo, { publicOrigin: ctx.publicOrigin, jsonOnly: false });
    registerDemoPages(demo, ctx);
    registerVitalsPage(demo, ctx);
    registerSimulatorRoutes(demo, ctx);
    registerVivaSimulator(demo, ctx);
    registerStripeSimulator(demo, ctx);
    registerOauthSimulator(demo, ctx);
  });

  let stopSpa: () => Promise<void> = async () => undefined;
  if (options.spa) {
    const spa = options.spa;
    void app.register(async (scope) => {
      stopSpa = await registerSpa(scope, spa, () => ctx.renderFault);
    });
  }

  return {
    app,
    ctx,
    async listen(port: number, host: string): Promise<string> {
      await app.listen({ port, host });
      const address = app.server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${shownHost}:${address.port}`;
    },
    async close(): Promise<void> {
      try {
        await app.close();
      } finally {
        await stopSpa();
        db.close();
      }
    },
    tick: () => settleDuePayments(ctx),
  };
}
