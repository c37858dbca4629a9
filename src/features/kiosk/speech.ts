/**
 * The kiosk's "Read aloud" core (issue 23, item 4: EN 301 549 closed functionality). A customer cannot bring
 * their own screen reader to a counter tablet, so the kiosk speaks with the browser's `speechSynthesis`: the
 * focused control's name and value, and the texts the page already announces to screen readers (its live
 * regions and alert dialogs). Nothing here knows React; `useReadAloud.ts` wires it to the page.
 *
 * Loaded only with the kiosk's lazy chunk: never import it from the feature's `index.ts`.
 */
import { computeAccessibleDescription, computeAccessibleName } from 'dom-accessibility-api';
import { htmlLang, type Language } from '../../shared/i18n/languages';

/** The keys speech reads, so a test double of `t` needs to know no more. */
type SpeechKey =
  | 'kiosk.speech.pressed'
  | 'kiosk.speech.notPressed'
  | 'kiosk.speech.checked'
  | 'kiosk.speech.notChecked'
  | 'kiosk.speech.empty'
  | 'kiosk.speech.on'
  | 'kiosk.speech.off'
  | 'kiosk.speech.hint'
  | 'kiosk.speech.orderLine'
  | 'kiosk.speech.orderTotal'
  | 'kiosk.order.empty';

/**
 * The part of i18next's `t` that speech uses: every spoken word comes from the translations. The `t` of
 * `useTranslation()` fits.
 */
export type SpeechT = (key: SpeechKey, vars?: { count?: number; name?: string; amount?: string }) => string;

/** The regions of each country first, in order of preference; any other region of the language comes after. */
const HOME_REGIONS: Record<Language, readonly string[]> = { se: ['se'], fi: ['fi'], en: ['gb', 'us'] };

/** 'sv_SE' or 'SV-se' → ['sv', 'se']: Android names voices with an underscore, some engines in capitals. */
function langParts(lang: string): [string, string] {
  const [primary = '', region = ''] = lang.trim().toLowerCase().split(/[-_]/);
  return [primary, region];
}

/**
 * The voice to speak a product language with, or null when the device has none: then the "Read aloud"
 * control is not offered at all (speech in the wrong language is worse than none).
 *
 * Prefers the country's own region (sv-SE, fi-FI, en-GB then en-US) over others of the language (sv-FI),
 * then voices of the device itself (`localService`: they keep working offline, network voices may not),
 * then the platform's default. Swedish is 'sv': the product's 'se' is Northern Sami to BCP 47, and a Sami
 * voice must not read Swedish.
 *
 * @param voices - `speechSynthesis.getVoices()`
 * @param language - the kiosk's current language
 * @returns the best voice, or null
 */
export function pickVoice(
  voices: readonly SpeechSynthesisVoice[],
  language: Language,
): SpeechSynthesisVoice | null {
  const wanted = htmlLang(language);
  const regions = HOME_REGIONS[language];
  const rank = (voice: SpeechSynthesisVoice): number[] => {
    const region = langParts(voice.lang)[1];
    const home = regions.indexOf(region);
    return [home < 0 ? regions.length : home, voice.localService ? 0 : 1, voice.default ? 0 : 1];
  };
  let best: { voice: SpeechSynthesisVoice; rank: number[] } | null = null;
  for (const voice of voices) {
    if (langParts(voice.lang)[0] !== wanted) continue;
    const r = rank(voice);
    if (!best || isBetter(r, best.rank)) best = { voice, rank: r };
  }
  return best?.voice ?? null;
}

/** Lexicographic comparison of two ranks: lower wins, the earlier voice on a tie. */
function isBetter(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

/** Collapses runs of whitespace and trims, the way a screen reader hears a text. */
function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Joins the parts of one spoken text, leaving out empty ones: with a comma, or a space after a part that
 * ends a sentence already ("Är du kvar? Din beställning…").
 */
function joinParts(parts: readonly string[]): string {
  return parts
    .filter((part) => part !== '')
    .reduce((text, part) => (text === '' ? part : `${text}${/[.?!:]$/.test(text) ? ' ' : ', '}${part}`), '');
}

const TEXT_INPUT_TYPES = new Set(['', 'text', 'email', 'tel', 'search', 'url', 'number', 'date', 'time']);
/** Roles whose state is checked or not even without aria-checked (which then means false). */
const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** True when `value` already stands as a word in `name` (a stepper named "Quantity of Bun: 2", value 2). */
function nameHolds(name: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(name);
}

/**
 * The value or state of a control, as said after its name: a field's text (or "empty"), a select's choice,
 * pressed / not pressed, selected / not selected, a range's value. A password is never read.
 */
function valueParts(element: Element, name: string, t: SpeechT): string[] {
  const sameAsName = (value: string) => value.toLowerCase() === name.toLowerCase();
  const typed = (value: string) => {
    const text = normalize(value);
    if (text === '') return [t('kiosk.speech.empty')];
    return sameAsName(text) ? [] : [text];
  };
  const pressed = element.getAttribute('aria-pressed');
  if (pressed === 'true') return [t('kiosk.speech.pressed')];
  if (pressed === 'false') return [t('kiosk.speech.notPressed')];

  if (element instanceof HTMLInputElement) {
    const type = element.getAttribute('type')?.toLowerCase() ?? '';
    if (type === 'password') return [];
    if (type === 'checkbox' || type === 'radio') {
      return [t(element.checked ? 'kiosk.speech.checked' : 'kiosk.speech.notChecked')];
    }
    if (type === 'range') return rangeParts(element, name) ?? [element.value];
    return TEXT_INPUT_TYPES.has(type) ? typed(element.value) : [];
  }
  if (element instanceof HTMLTextAreaElement) return typed(element.value);
  if (element instanceof HTMLSelectElement) {
    const chosen = joinParts([...element.selectedOptions].map((option) => normalize(option.text)));
    return typed(chosen);
  }

  const checked = element.getAttribute('aria-checked');
  const role = element.getAttribute('role') ?? '';
  if (checked === 'true' || checked === 'false' || (CHECKABLE_ROLES.has(role) && checked !== 'mixed')) {
    return [t(checked === 'true' ? 'kiosk.speech.checked' : 'kiosk.speech.notChecked')];
  }
  if (role === 'textbox' && element instanceof HTMLElement && element.isContentEditable) {
    return typed(element.textContent ?? '');
  }
  return rangeParts(element, name) ?? [];
}

/** aria-valuetext, else aria-valuenow, unless the name already says it; undefined when neither is set. */
function rangeParts(element: Element, name: string): string[] | undefined {
  const value = normalize(
    element.getAttribute('aria-valuetext') ?? element.getAttribute('aria-valuenow') ?? '',
  );
  if (value === '') return undefined;
  return nameHolds(name, value) ? [] : [value];
}

/**
 * What is said when a control gets focus: its accessible name (computed as a screen reader does, from
 * aria-labelledby, aria-label, its label, alt, title or its text), then its value or state, joined with
 * ', '. Short on purpose: the customer moves on with Tab long before a longer text would end. The role is
 * not said (the kiosk's controls say what they do), and the value is left out where the name already holds it.
 *
 * @param element - the focused element
 * @param t - i18next's `t`, for "empty", "on", "selected" and their opposites
 * @returns the text, '' when the element has neither name nor value
 */
export function spokenText(element: Element, t: SpeechT): string {
  const name = normalize(computeAccessibleName(element));
  return joinParts([name, ...valueParts(element, name, t)]);
}

/** The elements screen readers watch: role alert/status/log and aria-live (an explicit aria-live wins). */
const REGION_SELECTOR = '[role="alert"], [role="status"], [role="log"], [aria-live]';
const ALERTDIALOG_SELECTOR = '[role="alertdialog"]';
/** Tags whose text runs on inside a sentence; every other element is a break between words. */
const INLINE_TAGS = new Set([
  'A',
  'ABBR',
  'B',
  'BDI',
  'BDO',
  'CODE',
  'DATA',
  'EM',
  'I',
  'LABEL',
  'MARK',
  'OUTPUT',
  'Q',
  'S',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TIME',
  'U',
]);
const SILENT_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/** The text of a region as a screen reader hears it: hidden parts (aria-hidden, hidden) left out. */
function regionText(element: Element): string {
  const words: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      words.push(node.textContent ?? '');
      return;
    }
    if (!(node instanceof Element) || SILENT_TAGS.has(node.tagName)) return;
    if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden')) return;
    const breaks = !INLINE_TAGS.has(node.tagName);
    if (breaks) words.push(' ');
    if (node instanceof HTMLImageElement) words.push(node.alt);
    node.childNodes.forEach(walk);
    if (breaks) words.push(' ');
  };
  element.childNodes.forEach(walk);
  return normalize(words.join(''));
}

/**
 * What a live region says. A stepper's count (an <output> in a named group, "Antal Kanelbulle: 2") says its
 * group's name, which holds the count: "2" alone means nothing to someone who cannot see the line.
 */
function liveText(region: Element): string {
  const group = region.tagName === 'OUTPUT' ? region.closest('[role=group][aria-label]') : null;
  return group ? normalize(group.getAttribute('aria-label') ?? '') : regionText(region);
}

/** Whether a region speaks at once (alert, assertive) or waits its turn (status, log, polite); null if off. */
function urgencyOf(region: Element): boolean | null {
  const live = region.getAttribute('aria-live');
  if (live === 'assertive') return true;
  if (live === 'polite') return false;
  if (live === 'off') return null;
  return region.getAttribute('role') === 'alert';
}

/** Not shown, so not announced: inside aria-hidden, hidden, or a <dialog> that is not open. */
function isHidden(element: Element): boolean {
  return element.closest('[aria-hidden="true"], [hidden], dialog:not([open])') !== null;
}

/** An alert dialog is "open" once shown: a <dialog> by its open attribute, any other element by being there. */
function isOpenAlertDialog(element: Element): boolean {
  return element.matches(ALERTDIALOG_SELECTOR) && !isHidden(element);
}

/** What an alert dialog says when it opens: its name and description, else its text. */
function dialogText(dialog: Element): string {
  const text = joinParts([
    normalize(computeAccessibleName(dialog)),
    normalize(computeAccessibleDescription(dialog)),
  ]);
  return text !== '' ? text : regionText(dialog);
}

/** The element itself and its descendants that match `selector`. */
function selfAndBelow(element: Element, selector: string): Element[] {
  const found = [...element.querySelectorAll(selector)];
  return element.matches(selector) ? [element, ...found] : found;
}

/**
 * Watches the page's live regions and alert dialogs and reports what a screen reader would announce, so
 * that speech says the same texts as the page already gives screen readers (nothing extra to keep in step):
 *
 * - a region's whole current text when anything in it changes (role=alert and aria-live=assertive urgent;
 *   role=status, role=log and aria-live=polite not);
 * - a region added already holding text, as screen readers do for role=alert;
 * - an alert dialog that opens (a <dialog role="alertdialog"> given `open`, or any other one added): its
 *   name and description, urgent.
 *
 * Empty texts are not reported, nor the same text of the same region twice in a row (React re-rendering an
 * unchanged status must not repeat it). Regions already on the page when watching starts are taken as
 * heard. Hidden regions (aria-hidden, hidden, inside a closed dialog) say nothing.
 *
 * @param root - the document, or the part of it to watch
 * @param onText - called with each text, whether it is urgent, and the region or dialog it came from
 * @returns a function that stops watching
 */
export function watchAnnouncements(
  root: Document | Element,
  onText: (text: string, urgent: boolean, source: Element) => void,
): () => void {
  /** The last text heard from each region and open dialog ('' once emptied or closed). */
  const heard = new WeakMap<Element, string>();
  for (const region of root.querySelectorAll(REGION_SELECTOR)) heard.set(region, liveText(region));
  for (const dialog of root.querySelectorAll(ALERTDIALOG_SELECTOR)) {
    if (isOpenAlertDialog(dialog)) heard.set(dialog, dialogText(dialog));
  }

  const report = (source: Element, text: string, urgent: boolean) => {
    if (heard.get(source) === text) return;
    heard.set(source, text);
    if (text !== '') onText(text, urgent, source);
  };

  const observer = new MutationObserver((records) => {
    const dialogs = new Set<Element>();
    const regions = new Set<Element>();
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      if (!target) continue;
      if (record.type === 'attributes') {
        // A <dialog> opened or closed. A close (it had `open` before) forgets the text, so opening again
        // says it again, even when both happened before this callback.
        if (target.matches(ALERTDIALOG_SELECTOR)) {
          if (record.oldValue !== null) heard.set(target, '');
          dialogs.add(target);
        }
        continue;
      }
      // Added already holding text: said as it arrives (even an element put back where it was).
      record.addedNodes.forEach((node) => {
        if (!(node instanceof Element)) return;
        for (const dialog of selfAndBelow(node, ALERTDIALOG_SELECTOR)) {
          heard.delete(dialog);
          dialogs.add(dialog);
        }
        for (const region of selfAndBelow(node, REGION_SELECTOR)) {
          heard.delete(region);
          regions.add(region);
        }
      });
      const region = target.closest(REGION_SELECTOR);
      if (region) regions.add(region);
    }
    // The dialog first: a status inside it comes after its title, as with a screen reader.
    for (const dialog of dialogs) {
      if (dialog.isConnected && isOpenAlertDialog(dialog)) report(dialog, dialogText(dialog), true);
    }
    for (const region of regions) {
      const urgent = urgencyOf(region);
      if (urgent === null || !region.isConnected) continue;
      report(region, isHidden(region) ? '' : liveText(region), urgent);
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ['open'],
  });
  return () => observer.disconnect();
}

/** Speaks texts in one voice; see {@link createSpeaker}. */
export interface Speaker {
  /** Says a text; `interrupt` first cancels whatever is being said or waiting. */
  say(text: string, options?: { interrupt?: boolean }): void;
  /** Stops speaking and drops everything waiting. */
  stop(): void;
}

/**
 * A speaker on one voice. Every utterance carries the voice and its language (as BCP 47, 'sv-SE' even
 * where the device spells it 'sv_SE'), so numbers and names are read as that language reads them.
 * Does nothing, rather than throwing, where the browser has no `SpeechSynthesisUtterance`.
 *
 * @param synth - `window.speechSynthesis`
 * @param voice - from {@link pickVoice}
 */
export function createSpeaker(synth: SpeechSynthesis, voice: SpeechSynthesisVoice): Speaker {
  const lang = voice.lang.replace(/_/g, '-');
  return {
    say(text, options) {
      const spoken = normalize(text);
      const Utterance = (globalThis as { SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance })
        .SpeechSynthesisUtterance;
      if (spoken === '' || typeof Utterance !== 'function') return;
      if (options?.interrupt) synth.cancel();
      // Chromium can leave the queue paused (a tab that was in the background); speak() would wait forever.
      if (synth.paused) synth.resume();
      const utterance = new Utterance(spoken);
      utterance.lang = lang;
      utterance.voice = voice;
      synth.speak(utterance);
    },
    stop() {
      synth.cancel();
    },
  };
}

/** One line of the order as the kiosk's order panel shows it (amounts already formatted). */
export interface SpokenOrderLine {
  count: number;
  name: string;
  amount: string;
}

/**
 * The "Read my order" text: every line ("2 × Bun, 30,00 kr"), then the sum to pay; the order panel's own
 * empty text when there is nothing in it. Lines end with '. ' so the voice pauses between them.
 *
 * @param lines - the order's lines, in the panel's order
 * @param total - the formatted sum to pay
 * @param t - i18next's `t`
 */
export function readOrderText(lines: readonly SpokenOrderLine[], total: string, t: SpeechT): string {
  if (lines.length === 0) return t('kiosk.order.empty');
  return [
    ...lines.map(({ count, name, amount }) => t('kiosk.speech.orderLine', { count, name, amount })),
    t('kiosk.speech.orderTotal', { amount: total }),
  ].join('. ');
}
