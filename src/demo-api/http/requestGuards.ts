/**
 * Cross-site request forgery guards. A session cookie is SameSite=Lax, which keeps it off cross-site POSTs,
 * but another port or subdomain of the same host is the same *site*: a page there could send a beacon or a
 * form to cancel a victim's payment. So every state-changing request must come from this origin, and the
 * JSON API accepts only JSON bodies, which a browser cannot send to another origin without a CORS preflight
 * (which this server never grants).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DemoApiError } from './apiErrors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request comes from this origin, as far as the browser tells: `Sec-Fetch-Site` when sent
 * (`same-origin`, or `none` for what the user started), else `Origin` compared with this server's origin.
 * A request with neither comes from no browser page (curl, a server), which holds no visitor's cookie.
 */
function isSameOriginRequest(request: FastifyRequest, publicOrigin: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === `${request.protocol}://${request.host}` || origin === publicOrigin;
}

/** Whether the Content-Type is JSON (`application/json`, with or without parameters). */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Refuses state-changing requests of `app`'s routes from other origins (403 CROSS_ORIGIN_REQUEST) and, with
 * `jsonOnly`, any whose Content-Type is not JSON, bodiless ones included (415 UNSUPPORTED_MEDIA_TYPE). Runs
 * before anything else of the request, so a refused one changes nothing, not even the session.
 */
export function installRequestGuards(
  app: FastifyInstance,
  options: { publicOrigin: string | null; jsonOnly: boolean },
): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!isSameOriginRequest(request, options.publicOrigin))
      throw new DemoApiError(403, 'FORBIDDEN', 'CROSS_ORIGIN_REQUEST');
    if (options.jsonOnly && !isJson(request.headers['content-type']))
      throw new DemoApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'JSON_ONLY');
  });
}
