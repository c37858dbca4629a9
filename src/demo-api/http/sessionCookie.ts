/**
 * The anonymous session cookie `sid`: HttpOnly (scripts never need it), SameSite=Lax (sent on the redirect
 * back from Viva's checkout, not on cross-site POSTs), Path=/, Secure behind https. Set on first contact with
 * the API; carts are kept per (session, shop).
 *
 * Only the server chooses session ids (no session fixation): the cookie is `<random UUID>.<HMAC of it>`, signed
 * with a secret of this server, and a cookie whose signature does not match (made up, planted by another site
 * or another subdomain, or from another server) is replaced by a fresh one. Signing, rather than a table of
 * issued ids, lets a first visit write nothing to the database.
 *
 * Parsed and written here rather than with @fastify/cookie: that plugin loads its parser with a dynamic
 * `import()`, which Jest cannot run without experimental VM modules, and one cookie needs no library.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DemoDb } from '../store/demoDb';
import { keepSessionSecret } from '../store/demoRepository';
import { isSessionId, newSessionId } from '../ids';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's session id (from the cookie, or new). */
    sid: string;
  }
}

const SESSION_COOKIE = 'sid';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The value of cookie `name` in a Cookie header, or undefined. */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * This server's signing secret: SESSION_SECRET when given, else a random one kept in the database, so
 * sessions outlive a restart on the same database file.
 */
export function sessionSecret(db: DemoDb, configured?: string): string {
  if (configured) return configured;
  return keepSessionSecret(db, randomBytes(32).toString('base64url'));
}

const signatureOf = (sid: string, secret: string) =>
  createHmac('sha256', secret).update(sid).digest('base64url');

/** The cookie value for a session id: the id and its signature. */
function signSessionId(sid: string, secret: string): string {
  return `${sid}.${signatureOf(sid, secret)}`;
}

/** The session id of a cookie value this server signed, or null for anything else. */
function verifySessionCookie(value: string, secret: string): string | null {
  const dot = value.indexOf('.');
  const sid = value.slice(0, dot);
  if (dot < 0 || !isSessionId(sid)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signatureOf(sid, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : null;
}

/** The Set-Cookie value for a session id. */
function sessionCookieHeader(sid: string, secret: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${signSessionId(sid, secret)}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Installs the cookie handling for the routes of `app` (the /api scope). */
export function installSessionCookie(
  app: FastifyInstance,
  options: { secure: boolean; secret: string },
): void {
  app.decorateRequest('sid', '');
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    const existing = cookie === undefined ? null : verifySessionCookie(cookie, options.secret);
    if (existing) {
      request.sid = existing;
      return;
    }
    request.sid = newSessionId();
    void reply.header('set-cookie', sessionCookieHeader(request.sid, options.secret, options.secure));
  });
}
