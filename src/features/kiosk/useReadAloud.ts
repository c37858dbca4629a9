/**
 * The kiosk's "Read aloud" hooks (issue 23, item 4): the voice for the kiosk's language, the speech itself
 * while the customer has it on, and the hint the toggle says when found with Tab. The rules are in
 * `speech.ts`; these only attach them to the page and to React's lifecycle.
 *
 * Loaded only with the kiosk's lazy chunk: never import it from the feature's `index.ts`.
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Language } from '../../shared/i18n/languages';
import { createSpeaker, pickVoice, spokenText, watchAnnouncements, type SpeechT } from './speech';

/** The browser's speech synthesis, or null where there is none (old browsers, jsdom, a server render). */
function synthesis(): SpeechSynthesis | null {
  if (typeof window === 'undefined') return null;
  return (window as { speechSynthesis?: SpeechSynthesis }).speechSynthesis ?? null;
}

const NO_VOICES: readonly SpeechSynthesisVoice[] = [];
/** The last list handed to React: `getVoices()` answers a new array on every call. */
let knownVoices: readonly SpeechSynthesisVoice[] = NO_VOICES;

function sameVoice(a: SpeechSynthesisVoice, b: SpeechSynthesisVoice | undefined): boolean {
  return (
    a === b ||
    (b !== undefined &&
      a.voiceURI === b.voiceURI &&
      a.name === b.name &&
      a.lang === b.lang &&
      a.localService === b.localService &&
      a.default === b.default)
  );
}

function voicesSnapshot(): readonly SpeechSynthesisVoice[] {
  const voices = synthesis()?.getVoices() ?? NO_VOICES;
  const same = voices.length === knownVoices.length && voices.every((v, i) => sameVoice(v, knownVoices[i]));
  if (!same) knownVoices = voices.length === 0 ? NO_VOICES : voices;
  return knownVoices;
}

function subscribeVoices(onChange: () => void): () => void {
  const synth = synthesis();
  if (typeof synth?.addEventListener !== 'function') return () => {};
  synth.addEventListener('voiceschanged', onChange);
  return () => synth.removeEventListener('voiceschanged', onChange);
}

const serverVoices = () => NO_VOICES;

/**
 * The voice to read the kiosk's current language with (see `pickVoice`), or null where the device has
 * none or the browser has no `speechSynthesis`. The "Read aloud" control is shown only when this is not
 * null. Chromium loads its voices after the page: the answer follows the `voiceschanged` event, so the
 * control can appear a moment after the first render.
 *
 * @param language - the kiosk's current language
 */
export function useSpeechVoice(language: Language): SpeechSynthesisVoice | null {
  const voices = useSyncExternalStore(subscribeVoices, voicesSnapshot, serverVoices);
  return useMemo(() => pickVoice(voices, language), [voices, language]);
}

/** What {@link useReadAloud} needs. */
export interface ReadAloudOptions {
  /** The customer has "Read aloud" on (the kiosk slice's `assist.speech`). */
  enabled: boolean;
  /** From {@link useSpeechVoice}; null speaks nothing. */
  voice: SpeechSynthesisVoice | null;
  /** i18next's `t`, in the kiosk's current language. */
  t: SpeechT;
}

/** What {@link useReadAloud} gives back, for texts read on request. */
export interface ReadAloud {
  /** Says a text at once (interrupting), e.g. `readOrderText(...)` for "Read my order"; nothing while off. */
  speak(text: string): void;
  /** Stops speaking now, without a word. */
  stop(): void;
}

/**
 * Speaks for the customer while "Read aloud" is on, as a screen reader would:
 *
 * - turning on says `kiosk.speech.on` (interrupting), once per switch: a new voice after a language
 *   change does not say it again;
 * - every element that gets focus says its name and value (`spokenText`), interrupting what was said;
 * - the page's live regions and alert dialogs (`watchAnnouncements`): urgent ones interrupt, the others
 *   wait their turn. When focus moved in the same moment (an alert dialog moves focus into itself), the
 *   focused control is said again after the urgent text, which would otherwise have cut it off;
 * - turning off cancels speech and says `kiosk.speech.off`;
 * - unmounting, a new voice, and leaving the page (`pagehide`) stop speech silently.
 *
 * Listeners exist only while on, and all of them go with the effect that added them.
 *
 * @returns `speak` and `stop` for texts read on request
 */
export function useReadAloud({ enabled, voice, t }: ReadAloudOptions): ReadAloud {
  const speaker = useMemo(() => {
    const synth = synthesis();
    return synth && voice ? createSpeaker(synth, voice) : null;
  }, [voice]);
  /** 'on' was said and 'off' not yet: a new voice (language change) or a re-render says neither again. */
  const switchedOn = useRef(false);
  const text = useEffectEvent((key: 'kiosk.speech.on' | 'kiosk.speech.off') => t(key));
  const focusText = useEffectEvent((element: Element) => spokenText(element, t));

  useEffect(() => {
    if (!speaker) return;
    if (enabled && !switchedOn.current) {
      switchedOn.current = true;
      speaker.say(text('kiosk.speech.on'), { interrupt: true });
    } else if (!enabled && switchedOn.current) {
      switchedOn.current = false;
      speaker.stop();
      speaker.say(text('kiosk.speech.off'));
    }
  }, [enabled, speaker]);

  // Unmount or a new voice: whatever the old one was saying goes, silently.
  useEffect(() => {
    if (!speaker) return;
    return () => speaker.stop();
  }, [speaker]);

  useEffect(() => {
    if (!enabled || !speaker) return;
    /** The text of a focus change in this task, until the next one (see the urgent announcements below). */
    let justFocused: string | null = null;
    let forget: ReturnType<typeof setTimeout> | undefined;
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      const said = focusText(event.target);
      if (said === '') return;
      speaker.say(said, { interrupt: true });
      justFocused = said;
      clearTimeout(forget);
      forget = setTimeout(() => (justFocused = null), 0);
    };
    const stopWatching = watchAnnouncements(document, (said, urgent) => {
      speaker.say(said, { interrupt: urgent });
      if (urgent && justFocused !== null) speaker.say(justFocused);
    });
    const onPageHide = () => speaker.stop();
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('pagehide', onPageHide);
      stopWatching();
      clearTimeout(forget);
    };
  }, [enabled, speaker]);

  const active = enabled && speaker !== null;
  return useMemo(
    () => ({
      speak: (said: string) => {
        if (active) speaker.say(said, { interrupt: true });
      },
      stop: () => speaker?.stop(),
    }),
    [active, speaker],
  );
}

/**
 * A focus handler that says `text` (interrupting), for the "Read aloud" toggle while speech is off: a blind
 * customer's first Tab lands on the toggle and hears how to turn it on. Focus from a key press is a user
 * gesture, so the browser lets the page speak although nothing else has been allowed to yet.
 *
 * ```tsx
 * const voice = useSpeechVoice(language);
 * const hint = useSpeakOnFocus(speechOn ? null : t('kiosk.speech.hint'), voice);
 * return voice && <button aria-pressed={speechOn} onFocus={hint} …>{t('kiosk.assist.speech')}</button>;
 * ```
 *
 * The handler may also be called directly (it takes no arguments), but speaking before the customer's
 * first touch or key press is refused by browsers unless the kiosk browser allows autoplay.
 *
 * @param text - what to say; null (speech already on) says nothing, and `useReadAloud` reads the toggle
 * @param voice - from {@link useSpeechVoice}
 * @returns a stable handler for `onFocus`, changing only with `text` and `voice`
 */
export function useSpeakOnFocus(text: string | null, voice: SpeechSynthesisVoice | null): () => void {
  return useCallback(() => {
    const synth = synthesis();
    if (text === null || synth === null || voice === null) return;
    createSpeaker(synth, voice).say(text, { interrupt: true });
  }, [text, voice]);
}
