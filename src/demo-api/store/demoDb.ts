/**
 * Embedded storage of the demo API (better-sqlite3). One file under .data/ in `npm start` (WAL, so readers
 * never wait for the writer), `:memory:` in tests. Schema creation and seeding are idempotent: starting
 * again never duplicates or resets stock, carts, payments or receipts.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { FixtureIntent, ShopFixture } from '../fixtures/fixtureTypes';
import { stripeAccountOf } from '../fixtures/fixtures';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shops (
  shop_id TEXT PRIMARY KEY, company_id TEXT NOT NULL, fixture TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stock (
  shop_id TEXT NOT NULL, product_id TEXT NOT NULL, count INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (shop_id, product_id));
CREATE TABLE IF NOT EXISTS order_references (
  shop_id TEXT NOT NULL, reference TEXT NOT NULL, PRIMARY KEY (shop_id, reference));
CREATE TABLE IF NOT EXISTS tabs (
  shop_id TEXT NOT NULL, tab_id TEXT NOT NULL, customer_reference TEXT NOT NULL, entries TEXT NOT NULL,
  PRIMARY KEY (shop_id, tab_id));
CREATE TABLE IF NOT EXISTS sessions (sid TEXT PRIMARY KEY, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS carts (
  sid TEXT NOT NULL, shop_id TEXT NOT NULL, cart TEXT NOT NULL DEFAULT '[]', tab_items TEXT NOT NULL DEFAULT '[]',
  tab_id TEXT, order_reference TEXT, payment_id TEXT, updated_at INTEGER NOT NULL,
  PRIMARY KEY (sid, shop_id));
CREATE TABLE IF NOT EXISTS payments (
  payment_id TEXT PRIMARY KEY, shop_id TEXT NOT NULL, sid TEXT NOT NULL, method_id TEXT NOT NULL,
  method_type TEXT NOT NULL, status TEXT NOT NULL, message TEXT, amount INTEGER NOT NULL, currency TEXT NOT NULL,
  lines TEXT NOT NULL, customer TEXT NOT NULL, order_reference TEXT, token TEXT, intent_id TEXT,
  transaction_id TEXT, receipt_id TEXT, forced_outcome TEXT, due_at INTEGER,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS payments_due ON payments (status, due_at);
CREATE INDEX IF NOT EXISTS payments_session ON payments (sid, shop_id);
CREATE TABLE IF NOT EXISTS receipts (
  receipt_id TEXT PRIMARY KEY, shop_id TEXT NOT NULL, company_id TEXT NOT NULL, payment_id TEXT UNIQUE,
  data TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS email_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, receipt_id TEXT NOT NULL, to_address TEXT NOT NULL,
  subject TEXT NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS oauth_codes (
  code TEXT PRIMARY KEY, provider TEXT NOT NULL, company_id TEXT NOT NULL, scope_state TEXT NOT NULL,
  created_at INTEGER NOT NULL, used_at INTEGER);
CREATE TABLE IF NOT EXISTS integrations (
  company_id TEXT NOT NULL, provider TEXT NOT NULL, authorization_code TEXT NOT NULL, scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY (company_id, provider));
CREATE TABLE IF NOT EXISTS payment_intents (
  intent_id TEXT NOT NULL, company_id TEXT NOT NULL, client_secret TEXT NOT NULL UNIQUE,
  stripe_account_id TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL, status TEXT NOT NULL,
  error_message TEXT, payment_id TEXT, seeded INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (company_id, intent_id));
`;

/** Tables whose content a request may change; tests snapshot them to prove a rejected request wrote nothing. */
const MUTABLE_TABLES = [
  'stock',
  'tabs',
  'sessions',
  'carts',
  'payments',
  'receipts',
  'email_outbox',
  'oauth_codes',
  'integrations',
  'payment_intents',
] as const;

export type MutableTable = (typeof MUTABLE_TABLES)[number];

/** Thin wrapper: the connection plus a statement cache (preparing is the expensive part of a query). */
export class DemoDb {
  readonly sql: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(dbPath: string) {
    if (dbPath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
    this.sql = new Database(dbPath);
    if (dbPath !== ':memory:') this.sql.pragma('journal_mode = WAL');
    this.sql.pragma('foreign_keys = ON');
    this.sql.pragma('busy_timeout = 5000');
    this.sql.exec(SCHEMA);
  }

  /** A cached prepared statement. */
  stmt(source: string): Database.Statement {
    let statement = this.statements.get(source);
    if (!statement) {
      statement = this.sql.prepare(source);
      this.statements.set(source, statement);
    }
    return statement;
  }

  /** Runs `fn` in one transaction (IMMEDIATE, so two writers never interleave); a throw rolls it all back. */
  transaction<T>(fn: () => T): T {
    return this.sql.transaction(fn).immediate();
  }

  /** A stable dump of the given tables (rows in rowid order), for "nothing changed" assertions. */
  snapshot(tables: readonly MutableTable[] = MUTABLE_TABLES): string {
    const dump: Record<string, unknown[]> = {};
    for (const table of tables) dump[table] = this.sql.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
    return JSON.stringify(dump);
  }

  /** Closes the connection; closing a closed one does nothing. */
  close(): void {
    if (this.sql.open) this.sql.close();
  }
}

/** The tab entries as stored: the fixture entries with their remaining counts. */
export interface StoredTabEntry {
  id: string;
  productId: string;
  count: number;
  deviationIds: string[];
  description: string | null;
}

/**
 * Seeds fixtures idempotently. Shop definitions are refreshed from code (they are static data), while stock,
 * tabs, references and intents are inserted only when missing, so live state survives a restart.
 */
export function seedDemoData(db: DemoDb, shops: ShopFixture[], intents: FixtureIntent[], now: number): void {
  db.transaction(() => {
    const upsertShop = db.stmt(
      'INSERT INTO shops (shop_id, company_id, fixture) VALUES (?, ?, ?) ON CONFLICT (shop_id) DO UPDATE SET company_id = excluded.company_id, fixture = excluded.fixture',
    );
    const insertStock = db.stmt('INSERT OR IGNORE INTO stock (shop_id, product_id, count) VALUES (?, ?, ?)');
    const insertReference = db.stmt(
      'INSERT OR IGNORE INTO order_references (shop_id, reference) VALUES (?, ?)',
    );
    const insertTab = db.stmt(
      'INSERT OR IGNORE INTO tabs (shop_id, tab_id, customer_reference, entries) VALUES (?, ?, ?, ?)',
    );
    for (const fixture of shops) {
      upsertShop.run(fixture.shop.shopId, fixture.companyId, JSON.stringify(fixture));
      for (const product of fixture.products) {
        if (product.limitStock) insertStock.run(fixture.shop.shopId, product.id, product.count);
      }
      for (const reference of fixture.references) insertReference.run(fixture.shop.shopId, reference);
      for (const tab of fixture.tabs) {
        insertTab.run(
          fixture.shop.shopId,
          tab.id,
          tab.customerReference,
          JSON.stringify(tab.entries satisfies StoredTabEntry[]),
        );
      }
    }
    const insertIntent = db.stmt(
      `INSERT OR IGNORE INTO payment_intents (intent_id, company_id, client_secret, stripe_account_id, amount, currency,
        status, error_message, payment_id, seeded, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, 1, ?, ?)`,
    );
    for (const intent of intents) {
      const shop = shops.find((s) => s.companyId === intent.companyId);
      if (!shop) continue;
      const currency = shop.company.currency ?? (shop.company.country === 'FINLAND' ? 'EUR' : 'SEK');
      insertIntent.run(
        intent.intentId,
        intent.companyId,
        `${intent.intentId}_${intent.companyId}_secret_demo`,
        stripeAccountOf(shop),
        intent.amount,
        currency,
        intent.status,
        intent.errorMessage,
        now,
        now,
      );
    }
    db.stmt("INSERT OR IGNORE INTO meta (key, value) VALUES ('seeded_at', ?)").run(String(now));
  });
}

/**
 * Puts stock, tabs and the seeded card-page intents back to their fixture state (the /demo page's reset
 * button), so QA can repeat a scenario. Receipts, outbox and integrations are kept.
 */
export function resetDemoState(
  db: DemoDb,
  shops: ShopFixture[],
  intents: FixtureIntent[],
  now: number,
): void {
  db.transaction(() => {
    const setStock = db.stmt('UPDATE stock SET count = ? WHERE shop_id = ? AND product_id = ?');
    const setTab = db.stmt('UPDATE tabs SET entries = ? WHERE shop_id = ? AND tab_id = ?');
    for (const fixture of shops) {
      for (const product of fixture.products) {
        if (product.limitStock) setStock.run(product.count, fixture.shop.shopId, product.id);
      }
      for (const tab of fixture.tabs) setTab.run(JSON.stringify(tab.entries), fixture.shop.shopId, tab.id);
    }
    const setIntent = db.stmt(
      'UPDATE payment_intents SET status = ?, error_message = ?, updated_at = ? WHERE company_id = ? AND intent_id = ? AND seeded = 1',
    );
    for (const intent of intents)
      setIntent.run(intent.status, intent.errorMessage, now, intent.companyId, intent.intentId);
  });
  seedDemoData(db, shops, intents, now);
}
