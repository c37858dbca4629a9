/**
 * The anonymous session cookie `sid`: a random UUID, HttpOnly (scripts never need it), SameSite=Lax (sent on
 * the redirect back from Viva's checkout, not on cross-site POSTs), Path=/. Set on first contact with the
 * API; carts are kept per (session, shop).
 *
 * Parsed and written here rather than with @fastify/cookie: that plugin loads its parser with a dynamic
 * `import()`, which Jest cannot run without experimental VM modules, and one cookie needs no library.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSessionId, newSessionId } from './ids';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's session id (from the cookie, or new). */
    sid: string;
  }
}

export const SESSION_COOKIE = 'sid';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The value of cookie `name` in a Cookie header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie value for a session id. */
export function sessionCookieHeader(sid: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${sid}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Installs the cookie handling for the routes of `app` (the /api scope). */
export function installSessionCookie(app: FastifyInstance, options: { secure: boolean }): void {
  app.decorateRequest('sid', '');
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const existing = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (existing && isSessionId(existing)) {
      request.sid = existing;
      return;
    }
    request.sid = newSessionId();
    void reply.header('set-cookie', sessionCookieHeader(request.sid, options.secure));
  });
}
