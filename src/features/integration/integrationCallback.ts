/**
 * Pure rules of the bookkeeping pages (SPEC §2, §8): which bookkeepers exist, how the OAuth callback's
 * `state` is read, and what a callback URL asks for. No React, no I/O, so hostile URLs are unit-tested.
 */
import type { Bookkeeper, IntegrationState } from '../../contract';

/** The mobile app's services, each with its own custom-scheme host (config.appHosts). */
export type AppService = 'fortnox' | 'visma' | 'stripe';

const BOOKKEEPER_NAMES: Record<Bookkeeper, string> = { fortnox: 'Fortnox', visma: 'Visma' };
/** Longest company id accepted from a URL (the API's own limit). */
const MAX_ID_LENGTH = 200;

/**
 * The bookkeeper named in a URL, or null for anything but Fortnox and Visma (§9). Case is ignored, since
 * merchants type and paste these links.
 *
 * @param raw - the `:bookkeeper` route parameter
 * @returns 'fortnox', 'visma' or null
 */
export function parseBookkeeper(raw: string | undefined): Bookkeeper | null {
  const value = raw?.toLowerCase();
  return value === 'fortnox' || value === 'visma' ? value : null;
}

/**
 * The product name shown to merchants ('Fortnox', 'Visma'); brand names are not translated.
 *
 * @param bookkeeper - a supported bookkeeper
 * @returns its display name
 */
export function bookkeeperName(bookkeeper: Bookkeeper): string {
  return BOOKKEEPER_NAMES[bookkeeper];
}

/**
 * The service a callback page belongs to: /integrateFortnox, /integrateVisma, otherwise /stripe.
 * React Router matches paths case-insensitively, so this does too.
 *
 * @param pathname - `location.pathname` of the callback page
 * @returns the service whose app host the redirect uses
 */
export function serviceOfPath(pathname: string): AppService {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path.endsWith('/integratefortnox')) return 'fortnox';
  if (path.endsWith('/integratevisma')) return 'visma';
  return 'stripe';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the callback's `state`: JSON with isWeb (boolean), companyID (non-empty string) and scopeState
 * (string, '' when absent). The value is tried as it arrives and once more URL-decoded, because some
 * providers encode it twice. Anything of another shape is null: it is never trusted further.
 *
 * @param raw - the `state` query parameter, already decoded once by URLSearchParams
 * @returns the state, or null when it cannot be parsed or has the wrong shape
 */
export function parseIntegrationState(raw: string): IntegrationState | null {
  let json = tryJson(raw);
  if (json === undefined) {
    try {
      json = tryJson(decodeURIComponent(raw));
    } catch {
      return null; // malformed percent-encoding
    }
  }
  if (!isRecord(json)) return null;
  const { isWeb, companyID, scopeState } = json;
  if (typeof isWeb !== 'boolean') return null;
  if (typeof companyID !== 'string' || companyID.trim() === '' || companyID.length > MAX_ID_LENGTH)
    return null;
  if (scopeState !== undefined && scopeState !== null && typeof scopeState !== 'string') return null;
  return { isWeb, companyID, scopeState: typeof scopeState === 'string' ? scopeState : '' };
}

/**
 * How a bookkeeping link ended (§4 "Bookkeeping link"): linked; declined or cancelled at the provider;
 * refused because the one-time code was already used or too old; failed for any other reason.
 */
export type CallbackOutcome = 'linked' | 'declined' | 'expired' | 'failed';

/** What a callback URL asks for. */
export type CallbackPlan =
  | { kind: 'missingParams' }
  | { kind: 'openApp'; service: AppService }
  /** Nothing of the provider's in the address: a reload after the code was taken out of it. */
  | { kind: 'bare'; bookkeeper: Bookkeeper }
  /** The provider sent `error` instead of a code: the merchant declined (access_denied), or it failed. */
  | { kind: 'refused'; bookkeeper: Bookkeeper; outcome: 'declined' | 'failed'; error: string }
  | {
      kind: 'integrate';
      bookkeeper: Bookkeeper;
      companyId: string;
      authorizationCode: string;
      scopes: string;
    };

/** The parameters a provider returns: taken out of the address once the code is used. */
const PROVIDER_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri'];

/**
 * Decides what a callback page does (§2, §4):
 * - none of the provider's parameters → bare (a reload: the tab's kept outcome, or missing params);
 * - no `state` → missing params ('common.somethingWentWrong');
 * - `state` unparsable or isWeb false → back to the mobile app, which started the flow there (it also
 *   gets a provider's `error=access_denied`, which carries no code);
 * - isWeb true with `error` (RFC 6749 §4.1.2.1, as Fortnox and Visma send it) → declined for
 *   `access_denied`, the merchant's no or cancel, else failed;
 * - isWeb true without `code` → missing params;
 * - otherwise integrate Fortnox on the Fortnox path and Visma on the others.
 *
 * @param pathname - `location.pathname`
 * @param search - `location.search`
 * @returns the plan
 */
export function planCallback(pathname: string, search: string): CallbackPlan {
  const params = new URLSearchParams(search);
  const service = serviceOfPath(pathname);
  const bookkeeper = service === 'fortnox' ? 'fortnox' : 'visma';
  if (PROVIDER_PARAMS.every((name) => !params.has(name))) return { kind: 'bare', bookkeeper };
  const rawState = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  if (rawState === null || rawState.trim() === '') return { kind: 'missingParams' };
  const state = parseIntegrationState(rawState);
  if (state === null || !state.isWeb) return { kind: 'openApp', service };
  if (error !== null && (code === null || code.trim() === ''))
    return { kind: 'refused', bookkeeper, outcome: error === 'access_denied' ? 'declined' : 'failed', error };
  if (code === null || code.trim() === '') return { kind: 'missingParams' };
  return {
    kind: 'integrate',
    bookkeeper,
    companyId: state.companyID,
    authorizationCode: code,
    scopes: state.scopeState,
  };
}

/**
 * The callback's address without the provider's parameters (the one-time code, the state), other
 * parameters kept: what the page is replaced with once the code is used.
 *
 * @param pathname - `location.pathname`
 * @param search - `location.search`
 * @returns the path and what is left of the query
 */
export function withoutProviderParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PROVIDER_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest === '' ? pathname : `${pathname}?${rest}`;
}

/** Where the tab keeps the outcome of the last code it redeemed (sessionStorage). */
export const KEPT_CALLBACK_KEY = 'integration.callback';
/** Where the tab keeps the start page it left for the provider from: "start again" leads back there. */
export const START_PAGE_KEY = 'integration.start';

/**
 * The outcome a tab keeps: for which bookkeeper, and the {@link codeDigest} of its code (the code itself, a
 * credential, is not kept).
 */
export interface KeptCallback {
  bookkeeper: Bookkeeper;
  code: string;
  outcome: CallbackOutcome;
}

/**
 * A short digest of a one-time code (FNV-1a, 32 bits): enough to tell another code from it. Not imported
 * from domain/cart's cart fingerprint, where the same sum lives: exporting it from the first load's code
 * for this lazily loaded screen costs the first load bytes (issue 40 measured 6 B gzip).
 *
 * @param code - the provider's code
 * @returns 8 hex digits
 */
export function codeDigest(code: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    hash ^= code.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

const OUTCOMES: readonly CallbackOutcome[] = ['linked', 'declined', 'expired', 'failed'];

/**
 * Reads what {@link KEPT_CALLBACK_KEY} holds; anything of another shape is nothing kept.
 *
 * @param raw - the stored text, or null
 * @returns the kept outcome, or null
 */
export function readKeptCallback(raw: string | null): KeptCallback | null {
  const json = raw === null ? undefined : tryJson(raw);
  if (!isRecord(json)) return null;
  const { bookkeeper, code, outcome } = json;
  if (bookkeeper !== 'fortnox' && bookkeeper !== 'visma') return null;
  if (typeof code !== 'string' || !OUTCOMES.includes(outcome as CallbackOutcome)) return null;
  return { bookkeeper, code, outcome: outcome as CallbackOutcome };
}

/**
 * The start page to go back to, when the tab kept one: only a path of the start route, so nothing stored
 * can send the merchant elsewhere.
 *
 * @param raw - what {@link START_PAGE_KEY} holds, or null
 * @returns the path, or null
 */
export function readStartPage(raw: string | null): string | null {
  return raw !== null && /^\/integrate\/[^/]/.test(raw) ? raw : null;
}

/**
 * The custom-scheme link that hands the callback to the mobile app, with the page's path and query
 * unchanged: `kassa://fortnox/integrateFortnox?code=…&state=…`.
 *
 * @param scheme - the app's URL scheme (config.appScheme)
 * @param host - the service's host in that scheme (config.appHosts[service])
 * @param pathname - `location.pathname` (already percent-encoded by the browser)
 * @param search - `location.search`, with its '?'
 * @returns the link
 */
export function appLink(scheme: string, host: string, pathname: string, search: string): string {
  return `${scheme}://${host}${pathname}${search}`;
}
