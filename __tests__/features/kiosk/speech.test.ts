/**
 * Issue 23, item 4 (EN 301 549 closed functionality): the kiosk's "Read aloud" core (speech.ts) and its
 * hooks (useReadAloud.ts). jsdom has no speech: a fake `speechSynthesis` records what would be said (text,
 * language, voice) and every cancel, in order.
 */
import { act, renderHook } from '@testing-library/react';
import en from '../../../translations/en.json';
import {
  createSpeaker,
  pickVoice,
  readOrderText,
  spokenText,
  watchAnnouncements,
  type SpeechT,
} from '../../../src/features/kiosk/speech';
import { useReadAloud, useSpeakOnFocus, useSpeechVoice } from '../../../src/features/kiosk/useReadAloud';
import { initI18n } from '../../../src/shared/i18n';

const voice = (name: string, lang: string, more: Partial<SpeechSynthesisVoice> = {}) =>
  ({ name, lang, voiceURI: name, localService: false, default: false, ...more }) as SpeechSynthesisVoice;

class FakeUtterance {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  constructor(readonly text: string) {}
}

/** What the fake heard: a said text with its language and voice, or a cancel. */
type Heard = { said: string; lang: string; voice: string | undefined } | 'cancel';

class FakeSynthesis extends EventTarget {
  heard: Heard[] = [];
  paused = false;
  constructor(private voices: SpeechSynthesisVoice[] = []) {
    super();
  }
  getVoices() {
    return [...this.voices];
  }
  loadVoices(voices: SpeechSynthesisVoice[]) {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }
  speak(u: FakeUtterance) {
    this.heard.push({ said: u.text, lang: u.lang, voice: u.voice?.name });
  }
  cancel() {
    this.heard.push('cancel');
  }
  resume() {
    this.paused = false;
  }
  /** The texts only, with cancels as '✕'. */
  get log() {
    return this.heard.map((h) => (h === 'cancel' ? '✕' : h.said));
  }
}

const asSynth = (fake: FakeSynthesis) => fake as unknown as SpeechSynthesis;
/**
 * Lets the page's observers and the hook's zero-delay timers run, on Jest's fake clock: nothing here waits on
 * real time.
 */
const flush = () => act(() => jest.advanceTimersByTimeAsync(0));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

let t: SpeechT;
beforeAll(async () => {
  const i18n = await initI18n({ lng: 'en', resources: { en: { translation: en } } });
  t = i18n.getFixedT('en'); // i18next's own t fits SpeechT (a compile-time check too)
  (globalThis as Record<string, unknown>).SpeechSynthesisUtterance = FakeUtterance;
});
afterAll(() => {
  delete (globalThis as Record<string, unknown>).SpeechSynthesisUtterance;
});
afterEach(() => {
  document.body.innerHTML = '';
});

/** Puts HTML in the page and returns its first element. */
function html(markup: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = markup;
  document.body.append(box);
  return box.firstElementChild as HTMLElement;
}

describe('issue 23: pickVoice, a voice in the kiosk language or none', () => {
  const svFi = voice('Swedish (Finland)', 'sv-FI');
  const svSe = voice('Alva', 'sv-SE');
  const sami = voice('Sami', 'se-NO');
  const fiUnderscore = voice('Satu', 'FI_fi');
  const enUs = voice('Samantha', 'en-US');
  const enGb = voice('Daniel', 'en-GB');
  const enAu = voice('Karen', 'en-AU', { localService: true, default: true });

  it("Swedish ('se') takes an sv voice, sv-SE before sv-FI, never a Sami ('se') one", () => {
    expect(pickVoice([sami, svFi, svSe], 'se')).toBe(svSe);
    expect(pickVoice([sami, svFi], 'se')).toBe(svFi);
    expect(pickVoice([voice('A', 'sv_SE'), svFi], 'se')?.name).toBe('A');
    expect(pickVoice([sami, enGb], 'se')).toBeNull();
  });

  it('Finnish matches case-insensitively and with an underscore; English takes en-GB, then en-US, then any', () => {
    expect(pickVoice([svSe, fiUnderscore], 'fi')).toBe(fiUnderscore);
    expect(pickVoice([enAu, enUs, enGb], 'en')).toBe(enGb);
    expect(pickVoice([enAu, enUs], 'en')).toBe(enUs);
    expect(pickVoice([svSe, enAu], 'en')).toBe(enAu);
  });

  it("within a region a device's own voice (works offline) wins, then the default", () => {
    const network = voice('Google svenska', 'sv-SE', { default: true });
    const local = voice('Alva', 'sv-SE', { localService: true });
    const localDefault = voice('Klara', 'sv-SE', { localService: true, default: true });
    expect(pickVoice([network, local], 'se')).toBe(local);
    expect(pickVoice([network, local, localDefault], 'se')).toBe(localDefault);
  });

  it('no voice of the language (or none at all) gives null: the toggle is not shown', () => {
    expect(pickVoice([svSe, enGb], 'fi')).toBeNull();
    expect(pickVoice([], 'en')).toBeNull();
  });
});

describe('issue 23: spokenText, the focused control’s name then its value or state', () => {
  it('a button says its aria-label, not its content', () => {
    expect(spokenText(html('<button aria-label="Add Bun to the order">+</button>'), t)).toBe(
      'Add Bun to the order',
    );
  });

  it('a toggle says pressed or not (aria-pressed)', () => {
    expect(spokenText(html('<button aria-pressed="true">Read aloud</button>'), t)).toBe('Read aloud, on');
    expect(spokenText(html('<button aria-pressed="false">Svenska</button>'), t)).toBe('Svenska, off');
  });

  it('a labelled input says its value, or "empty"; a password is never read', () => {
    html('<label for="n">Name</label><input id="n">');
    const input = document.getElementById('n') as HTMLInputElement;
    expect(spokenText(input, t)).toBe('Name, empty');
    input.value = 'Anna  Svensson';
    expect(spokenText(input, t)).toBe('Name, Anna Svensson');
    const wrapped = html('<label>E-mail <input type="email" value="anna@example.com"></label>');
    expect(spokenText(wrapped.querySelector('input')!, t)).toBe('E-mail, anna@example.com');
    const note = html('<textarea aria-label="Message"></textarea>');
    expect(spokenText(note, t)).toBe('Message, empty');
    const pin = html('<input type="password" aria-label="Code" value="1234">');
    expect(spokenText(pin, t)).toBe('Code');
  });

  it("a select says the chosen option's text", () => {
    html(
      '<label for="s">Table</label><select id="s"><option>Inside</option><option selected>Terrace</option></select>',
    );
    expect(spokenText(document.getElementById('s')!, t)).toBe('Table, Terrace');
  });

  it('a checkbox or radio says selected or not (native or aria-checked)', () => {
    const box = html('<label><input type="checkbox"> Extra cheese</label>').querySelector('input')!;
    expect(spokenText(box, t)).toBe('Extra cheese, not selected');
    box.checked = true;
    expect(spokenText(box, t)).toBe('Extra cheese, selected');
    expect(spokenText(html('<div role="radio" aria-checked="true" tabindex="0">Oat milk</div>'), t)).toBe(
      'Oat milk, selected',
    );
  });

  it('a stepper group says its name once; a range value is added only when the name lacks it', () => {
    const group = html(
      '<div role="group" aria-label="Quantity of Bun: 2" tabindex="-1"><button>−</button></div>',
    );
    expect(spokenText(group, t)).toBe('Quantity of Bun: 2');
    const spin = html(
      '<div role="spinbutton" aria-label="Quantity of Bun: 2" aria-valuenow="2" tabindex="0"></div>',
    );
    expect(spokenText(spin, t)).toBe('Quantity of Bun: 2');
    const slider = html(
      '<div role="slider" aria-label="Volume" aria-valuenow="3" aria-valuetext="loud" tabindex="0"></div>',
    );
    expect(spokenText(slider, t)).toBe('Volume, loud');
  });
});

describe('issue 23: watchAnnouncements, the texts the page already gives screen readers', () => {
  const watch = () => {
    const heard: [string, boolean][] = [];
    const stop = watchAnnouncements(document, (text, urgent) => heard.push([text, urgent]));
    return { heard, stop };
  };

  it("a status region's change says its whole text, not urgent; the text already there is not said", async () => {
    const status = html('<p role="status">Saving…</p>');
    const { heard, stop } = watch();
    status.innerHTML = 'Your order   is <b>saved</b>';
    await flush();
    expect(heard).toEqual([['Your order is saved', false]]);
    stop();
  });

  it('an alert added with its text is said at once (urgent); aria-hidden parts are left out', async () => {
    const { heard, stop } = watch();
    html('<div><p role="alert">Payment declined <span aria-hidden="true">⚠</span></p></div>');
    await flush();
    expect(heard).toEqual([['Payment declined', true]]);
    stop();
  });

  it('the same text of the same region is not said twice in a row; after a change it is again', async () => {
    const status = html('<div aria-live="polite">1</div>');
    const { heard, stop } = watch();
    status.textContent = '2';
    await flush();
    status.textContent = '2'; // React replacing a text node with the same text
    await flush();
    status.textContent = '';
    await flush();
    status.textContent = '2';
    await flush();
    expect(heard).toEqual([
      ['2', false],
      ['2', false],
    ]);
    stop();
  });

  it("a stepper's count says its group's name, which holds the count ('Quantity of Bun: 2', never '2' alone)", async () => {
    const group = html(
      '<div role="group" aria-label="Quantity of Bun: 1"><button>−</button><output aria-live="polite">1</output><button>+</button></div>',
    );
    const { heard, stop } = watch();
    group.setAttribute('aria-label', 'Quantity of Bun: 2');
    (group.querySelector('output') as HTMLOutputElement).textContent = '2';
    await flush();
    expect(heard).toEqual([['Quantity of Bun: 2', false]]);
    stop();
  });

  it('an alertdialog that opens says its name and description, urgent, once per opening', async () => {
    const { heard, stop } = watch();
    const dialog = html(
      `<dialog role="alertdialog" aria-labelledby="q" aria-describedby="d">
        <h2 id="q">Are you still there?</h2><p id="d">Your order will be cleared.</p>
        <p role="status">15 seconds left</p><button>Continue</button></dialog>`,
    ) as HTMLDialogElement;
    await flush();
    expect(heard).toEqual([]); // not open yet: nothing in it is shown
    dialog.showModal();
    await flush();
    expect(heard).toEqual([['Are you still there? Your order will be cleared.', true]]);
    dialog.querySelector('[role="status"]')!.textContent = '10 seconds left';
    await flush();
    dialog.close();
    dialog.showModal();
    await flush();
    expect(heard.slice(1)).toEqual([
      ['10 seconds left', false],
      ['Are you still there? Your order will be cleared.', true],
    ]);
    stop();
  });

  it('stops when disconnected', async () => {
    const status = html('<p role="status"></p>');
    const { heard, stop } = watch();
    stop();
    status.textContent = 'Saved';
    await flush();
    expect(heard).toEqual([]);
  });
});

describe('issue 23: createSpeaker and readOrderText', () => {
  it('each utterance carries the voice and its language; interrupt cancels first, stop cancels all', () => {
    const synth = new FakeSynthesis();
    const speaker = createSpeaker(asSynth(synth), voice('Alva', 'sv_SE'));
    speaker.say('Hej');
    speaker.say('Välkommen', { interrupt: true });
    speaker.say('   ');
    speaker.stop();
    expect(synth.heard).toEqual([
      { said: 'Hej', lang: 'sv-SE', voice: 'Alva' },
      'cancel',
      { said: 'Välkommen', lang: 'sv-SE', voice: 'Alva' },
      'cancel',
    ]);
  });

  it('says nothing, and does not throw, where the browser has no SpeechSynthesisUtterance', () => {
    const synth = new FakeSynthesis();
    const saved = (globalThis as Record<string, unknown>).SpeechSynthesisUtterance;
    delete (globalThis as Record<string, unknown>).SpeechSynthesisUtterance;
    try {
      expect(() => createSpeaker(asSynth(synth), voice('Alva', 'sv-SE')).say('Hej')).not.toThrow();
    } finally {
      (globalThis as Record<string, unknown>).SpeechSynthesisUtterance = saved;
    }
    expect(synth.heard).toEqual([]);
  });

  it('"Read my order" says every line and the sum to pay; an empty order says the panel\'s empty text', () => {
    const lines = [
      { count: 2, name: 'Bun', amount: '60,00 kr' },
      { count: 1, name: 'Latte', amount: '45,00 kr' },
    ];
    expect(readOrderText(lines, '105,00 kr', t)).toBe(
      '2 × Bun, 60,00 kr. 1 × Latte, 45,00 kr. To pay: 105,00 kr',
    );
    expect(readOrderText([], '0,00 kr', t)).toBe('Tap a product to add it to your order.');
  });
});

describe('issue 23: the Read aloud hooks', () => {
  let synth: FakeSynthesis;
  const alva = voice('Alva', 'sv-SE', { localService: true });
  const daniel = voice('Daniel', 'en-GB');

  beforeEach(() => {
    synth = new FakeSynthesis();
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  });
  afterEach(() => {
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
  });

  it('useSpeechVoice follows voiceschanged (voices load late) and the language; null without speech', () => {
    const { result, rerender } = renderHook(({ lng }) => useSpeechVoice(lng), {
      initialProps: { lng: 'se' as 'se' | 'en' | 'fi' },
    });
    expect(result.current).toBeNull();
    act(() => synth.loadVoices([daniel, alva]));
    expect(result.current).toBe(alva);
    rerender({ lng: 'en' });
    expect(result.current).toBe(daniel);
    rerender({ lng: 'fi' });
    expect(result.current).toBeNull();

    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    expect(renderHook(() => useSpeechVoice('en')).result.current).toBeNull();
  });

  const readAloud = (enabled: boolean, v: SpeechSynthesisVoice | null = daniel) =>
    renderHook(
      (props: { enabled: boolean; voice: SpeechSynthesisVoice | null }) => useReadAloud({ ...props, t }),
      {
        initialProps: { enabled, voice: v },
      },
    );

  it('turning on says the "on" text, interrupting; the focused control is said as focus moves', () => {
    const buttons = html('<div><button>Coffee</button><button aria-pressed="false">Svenska</button></div>');
    const hook = readAloud(false);
    expect(synth.heard).toEqual([]);
    hook.rerender({ enabled: true, voice: daniel });
    expect(synth.log).toEqual(['✕', en.kiosk.speech.on]);
    act(() => (buttons.children[0] as HTMLElement).focus());
    act(() => (buttons.children[1] as HTMLElement).focus());
    expect(synth.log.slice(2)).toEqual(['✕', 'Coffee', '✕', 'Svenska, off']);
    expect(synth.heard[1]).toEqual({ said: en.kiosk.speech.on, lang: 'en-GB', voice: 'Daniel' });
    hook.unmount();
  });

  it('announcements: an alert interrupts, a status waits its turn', async () => {
    const status = html('<p role="status"></p>');
    const hook = readAloud(true);
    status.textContent = 'Your order is saved';
    await flush();
    html('<p role="alert">No connection</p>');
    await flush();
    expect(synth.log).toEqual(['✕', en.kiosk.speech.on, 'Your order is saved', '✕', 'No connection']);
    hook.unmount();
  });

  it('an alertdialog that moves focus into itself is said first, then the focused button', async () => {
    const hook = readAloud(true);
    const dialog = html(
      '<dialog role="alertdialog" aria-label="Are you still there?"><button>Continue</button></dialog>',
    ) as HTMLDialogElement;
    act(() => dialog.showModal()); // the stand-in moves focus to the button, as the browser does
    await flush();
    expect(synth.log.slice(2)).toEqual(['✕', 'Continue', '✕', 'Are you still there?', 'Continue']);
    hook.unmount();
  });

  it('turning off cancels and says the "off" text; then nothing more is said', async () => {
    const button = html('<button>Coffee</button>');
    const hook = readAloud(true);
    hook.rerender({ enabled: false, voice: daniel });
    expect(synth.log).toEqual(['✕', en.kiosk.speech.on, '✕', en.kiosk.speech.off]);
    act(() => button.focus());
    html('<p role="alert">No connection</p>');
    await flush();
    expect(synth.log).toHaveLength(4);
    hook.unmount();
  });

  it('a new voice (language change) does not say "on" again; unmount cancels silently', () => {
    const hook = readAloud(true);
    hook.rerender({ enabled: true, voice: alva });
    expect(synth.log).toEqual(['✕', en.kiosk.speech.on, '✕']);
    hook.unmount();
    expect(synth.log).toEqual(['✕', en.kiosk.speech.on, '✕', '✕']);
  });

  it('speak() reads on request while on, nothing while off', () => {
    const hook = readAloud(false);
    hook.result.current.speak('To pay: 105,00 kr');
    expect(synth.heard).toEqual([]);
    hook.rerender({ enabled: true, voice: daniel });
    hook.result.current.speak('To pay: 105,00 kr');
    expect(synth.log.slice(-2)).toEqual(['✕', 'To pay: 105,00 kr']);
    hook.unmount();
  });

  it('with no voice nothing is ever said', async () => {
    const button = html('<button>Coffee</button>');
    const hook = readAloud(true, null);
    act(() => button.focus());
    html('<p role="alert">No connection</p>');
    await flush();
    hook.rerender({ enabled: false, voice: null });
    hook.unmount();
    expect(synth.heard.filter((h) => h !== 'cancel')).toEqual([]);
  });

  it('no listener outlives the hook', async () => {
    const added = jest.spyOn(document, 'addEventListener');
    const removed = jest.spyOn(document, 'removeEventListener');
    const hook = readAloud(true);
    hook.rerender({ enabled: false, voice: daniel });
    hook.rerender({ enabled: true, voice: daniel });
    hook.unmount();
    const focusins = (spy: jest.SpyInstance) => spy.mock.calls.filter(([type]) => type === 'focusin').length;
    expect(focusins(added)).toBe(2);
    expect(focusins(removed)).toBe(2);
    added.mockRestore();
    removed.mockRestore();
    const before = synth.heard.length;
    html('<p role="alert">No connection</p>');
    await flush();
    expect(synth.heard).toHaveLength(before);
  });

  it('useSpeakOnFocus: the toggle says the hint when focused while off, nothing once on', () => {
    const hint = en.kiosk.speech.hint;
    const { result, rerender } = renderHook(({ text }) => useSpeakOnFocus(text, daniel), {
      initialProps: { text: hint as string | null },
    });
    result.current();
    expect(synth.log).toEqual(['✕', hint]);
    rerender({ text: null });
    result.current();
    expect(synth.log).toEqual(['✕', hint]);
  });
});
