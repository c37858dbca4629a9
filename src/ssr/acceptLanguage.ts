/**
 * A request's `Accept-Language`, as the browser's preferred languages most preferred first (issue 39), read
 * by negotiator (jshttp's, what Express uses): quality values sorted, `q=0` dropped, ties kept in the
 * header's order. The host's render picks the visitor's language from these with the app's own rule
 * (shared/i18n/languages.ts, `visitorLanguageOf`), as the app does with `navigator.languages`.
 */
import Negotiator from 'negotiator';

/**
 * Longer headers are cut here: a browser sends well under 200 characters, and the render must not spend its
 * time on a crafted one.
 */
const MAX_HEADER_LENGTH = 1024;

/**
 * @param header - the request's `Accept-Language`, possibly null
 * @returns the tags it accepts, most preferred first, without `*` (which names no language of ours)
 */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  const headers = { 'accept-language': header.slice(0, MAX_HEADER_LENGTH) };
  return new Negotiator({ headers }).languages().filter((tag) => tag !== '*');
}
