/**
 * Which wallet the Stripe.js double's Express Checkout Element offers in a demo session (Apple Pay, Google Pay
 * or none): the cookie `demo_wallet`, which the double reads in the browser (stripeJsDouble.ts). A page opened
 * with `?demoWallet=applePay|googlePay|none` (any GET, e.g. `/cafe?demoWallet=applePay`) sets it, and so does
 * the simulator page's form (POST /demo/wallet, routes/simulatorRoutes.ts). Anything else is ignored.
 *
 * The cookie is readable by scripts (no HttpOnly: the double needs it), SameSite=Lax, Path=/, without
 * Max-Age: it lasts as long as the browser session, i.e. the demo session. Secure behind https, like `sid`.
 * Both cookies go out as separate Set-Cookie headers when one response sets both (Fastify keeps a list).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DEMO_WALLETS = ['applePay', 'googlePay', 'none'] as const;
export type DemoWallet = (typeof DEMO_WALLETS)[number];

const WALLET_COOKIE = 'demo_wallet';
/** The query parameter that chooses the wallet on any page. */
const WALLET_QUERY = 'demoWallet';

/** Names the simulator page shows. */
export const WALLET_NAMES: Record<DemoWallet, string> = {
  applePay: 'Apple Pay',
  googlePay: 'Google Pay',
  none: 'Ingen',
};

function isDemoWallet(value: unknown): value is DemoWallet {
  return typeof value === 'string' && (DEMO_WALLETS as readonly string[]).includes(value);
}

/** The wallet a request's URL asks for with `?demoWallet=` (exactly one valid value), else null. */
function walletFromQuery(url: string): DemoWallet | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  let values: string[];
  try {
    values = new URLSearchParams(url.slice(q + 1)).getAll(WALLET_QUERY);
  } catch {
    return null;
  }
  const [value] = values;
  return values.length === 1 && isDemoWallet(value) ? value : null;
}

/** The wallet of a Cookie header; 'none' when absent or not a wallet. */
function walletFromCookie(header: string | undefined): DemoWallet {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === WALLET_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return isDemoWallet(value) ? value : 'none';
    }
  }
  return 'none';
}

/** The wallet in effect for a page request: its `?demoWallet=` when valid, else its cookie. */
export function currentWallet(request: FastifyRequest): DemoWallet {
  return walletFromQuery(request.url) ?? walletFromCookie(request.headers.cookie);
}

/** The Set-Cookie value choosing `wallet` for the rest of the browser session. */
function walletCookieHeader(wallet: DemoWallet, secure: boolean): string {
  return `${WALLET_COOKIE}=${wallet}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Adds the wallet cookie to a reply (alongside any other Set-Cookie, e.g. the session's). */
export function setWalletCookie(reply: FastifyReply, wallet: DemoWallet, secure: boolean): void {
  void reply.header('set-cookie', walletCookieHeader(wallet, secure));
}

/**
 * Installs, on the root instance (so every route and scope gets it, before their own hooks), the hook that
 * turns `?demoWallet=` on a GET (or HEAD) into the cookie. Invalid or repeated values set nothing.
 */
export function installWalletSetting(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const wallet = walletFromQuery(request.url);
    if (wallet) setWalletCookie(reply, wallet, options.secure);
  });
}
