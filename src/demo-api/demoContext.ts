/** What every route and simulator of one demo API instance shares. */
import type { DemoDb } from './store/demoDb';
import type { FixtureIntent, ShopFixture } from './fixtures/fixtureTypes';
import type { ShopCatalog } from './services/shopCatalog';
import type { FieldMetricsRecords } from './fieldMetrics/aggregateFieldMetrics';

/** Simulator timing (tests pass a fake clock and autoComplete false to drive outcomes themselves). */
export interface DemoDelays {
  /** How long a Swish payment stays pending before its outcome (default 4000 ms). */
  swishMs: number;
  /** Whether a Swish payment without an error code completes by itself after swishMs (default true). */
  autoComplete: boolean;
  /**
   * How long a started payment holds the stock of its limited lines (default 10 minutes). A payment still
   * pending after this long is cancelled by the server with message EXPIRED, which releases the stock.
   */
  reservationMs: number;
}

export interface DemoContext {
  db: DemoDb;
  catalog: ShopCatalog;
  /** Milliseconds since the epoch; injected so tests are deterministic. */
  clock: () => number;
  delays: DemoDelays;
  /** Absolute origin for links handed to other sites (OAuth pages), or null to derive it per request. */
  publicOrigin: string | null;
  fixtures: ShopFixture[];
  intents: FixtureIntent[];
  /** A fault the Node adapter plays on the store page's render (POST /demo/api/render), for QA and tests. */
  renderFault: RenderFault;
  /** Page views and payment attempts the browser reported (issue 36); in memory, a restart forgets them. */
  fieldMetrics: FieldMetricsRecords;
}

/**
 * How the demo's Node adapter answers store pages: rendered (`none`), as a plain static host would
 * (`static`: index.html, for the client-rendered path), or with a fault that must leave the static page
 * working: the API down or slower than the render waits (for the render only; the page's own requests still
 * work), or the render function itself throwing.
 */
export const RENDER_FAULTS = ['none', 'static', 'apiDown', 'apiSlow', 'renderThrows'] as const;
export type RenderFault = (typeof RENDER_FAULTS)[number];
