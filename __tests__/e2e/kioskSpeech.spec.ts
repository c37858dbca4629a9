import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './helpers/axe';
import { text, type Language } from './helpers/i18n';
import {
  assistBar,
  expectEmptyStore,
  idleDialog,
  idleUntil,
  kioskAddButton,
  languageGroup,
  openKiosk,
  orderPanel,
  pageNow,
  panelQuantity,
  pauseClock,
  revealImages,
  se,
} from './helpers/kiosk';
import { shot } from './helpers/payment';
import { serverCart } from './helpers/shop';
import { test } from './helpers/test';

/**
 * Issue 23, read aloud: a customer at the counter kiosk cannot bring their own screen reader, so the kiosk
 * speaks with the browser's `speechSynthesis` in its current language. The browser's synthesis is replaced
 * by a stub (installed before the app loads) that records every utterance with its language, so the tests
 * hear exactly what a customer would.
 */

test.use({ viewport: { width: 1024, height: 768 } });

/** One utterance as the stub heard it: the text and the language it was to be read in. */
interface Utterance {
  text: string;
  lang: string;
}

declare global {
  interface Window {
    __spoken?: Utterance[];
    __speechCancels?: number;
  }
}

/** A voice the stub's device has. */
interface FakeVoice {
  name: string;
  lang: string;
}

/** Swedish, English and Finnish: the kiosk's three languages each have a voice. */
const THREE_VOICES: FakeVoice[] = [
  { name: 'Alva', lang: 'sv-SE' },
  { name: 'Daniel', lang: 'en-GB' },
  { name: 'Satu', lang: 'fi-FI' },
];

/**
 * Replaces the browser's speech synthesis before the app loads (every document of the page, the kiosk's
 * fresh page after a reset included): `getVoices()` answers `voices` (and `voiceschanged` fires once, as
 * Chromium does when its voices have loaded), `speak()` records the utterance in `window.__spoken` and ends it
 * at once, `cancel()` is counted in `window.__speechCancels`. Chromium's own `SpeechSynthesisUtterance`
 * refuses a voice that is not one of its own, so a plain one stands in for it too.
 */
async function installSpeech(page: Page, voices: readonly FakeVoice[]): Promise<void> {
  await page.addInitScript((list: FakeVoice[]) => {
    const spoken: { text: string; lang: string }[] = [];
    window.__spoken = spoken;
    window.__speechCancels = 0;
    const deviceVoices = list.map((v) => ({
      name: v.name,
      lang: v.lang,
      voiceURI: `fake:${v.name}`,
      localService: true,
      default: false,
    }));

    class FakeUtterance extends EventTarget {
      text: string;
      lang = '';
      voice: unknown = null;
      rate = 1;
      pitch = 1;
      volume = 1;
      onstart: ((event: Event) => void) | null = null;
      onend: ((event: Event) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      constructor(said = '') {
        super();
        this.text = said;
      }
    }

    class FakeSynthesis extends EventTarget {
      speaking = false;
      pending = false;
      paused = false;
      onvoiceschanged: ((event: Event) => void) | null = null;
      getVoices() {
        return deviceVoices.map((v) => ({ ...v }));
      }
      speak(utterance: FakeUtterance) {
        spoken.push({ text: utterance.text, lang: utterance.lang });
        queueMicrotask(() => {
          const end = new Event('end');
          utterance.onend?.(end);
          utterance.dispatchEvent(end);
        });
      }
      cancel() {
        window.__speechCancels = (window.__speechCancels ?? 0) + 1;
      }
      pause() {
        this.paused = true;
      }
      resume() {
        this.paused = false;
      }
    }

    const synthesis = new FakeSynthesis();
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synthesis });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      configurable: true,
      writable: true,
      value: FakeUtterance,
    });
    void Promise.resolve().then(() => {
      const changed = new Event('voiceschanged');
      synthesis.onvoiceschanged?.(changed);
      synthesis.dispatchEvent(changed);
    });
  }, voices as FakeVoice[]);
}

/** Everything the stub has heard on this document so far. */
function spoken(page: Page): Promise<Utterance[]> {
  return page.evaluate(() => window.__spoken ?? []);
}

/** How many utterances so far: pass it to {@link expectSaid} to look only at what is said after now. */
async function heardSoFar(page: Page): Promise<number> {
  return (await spoken(page)).length;
}

/** Waits until `utterance` is among what was said since `since` (an index from {@link heardSoFar}). */
async function expectSaid(page: Page, since: number, utterance: Utterance): Promise<void> {
  await expect
    .poll(async () => (await spoken(page)).slice(since), {
      message: `"${utterance.text}" (${utterance.lang})`,
    })
    .toContainEqual(utterance);
}

/** The voice languages of the stub's device, by the kiosk's language. */
const VOICE_LANG: Record<Language, string> = { se: 'sv-SE', en: 'en-GB', fi: 'fi-FI' };

/** "Read aloud" in the accessibility bar. */
function readAloudToggle(page: Page, lng: Language = 'se'): Locator {
  return assistBar(page, lng).getByRole('button', { name: text(lng, 'kiosk.assist.speech'), exact: true });
}

/** "Read my order", shown while read aloud is on. */
function readOrderButton(page: Page, lng: Language = 'se'): Locator {
  return assistBar(page, lng).getByRole('button', { name: text(lng, 'kiosk.speech.readOrder'), exact: true });
}

/** An amount as the page shows it ('35,00 kr'), with its spaces as speech normalises them. */
const AMOUNT = /-?\d[\d\s\u00a0\u202f]*[.,]\d{2}\s*(kr|€)|€\s*-?\d[\d\s\u00a0\u202f,]*\.\d{2}/;
function amountIn(shown: string | null): string {
  const found = AMOUNT.exec(shown ?? '')?.[0];
  if (!found) throw new Error(`No amount in "${shown}"`);
  return found.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/**
 * What "Read my order" must say for the order panel as shown now: each line (count, name, the line's amount
 * as shown) then the sum as shown, in `lng`.
 */
async function orderAsShown(page: Page, lng: Language, lines: { name: string; count: number }[]) {
  const panel = orderPanel(page, lng);
  const said: string[] = [];
  for (const { name, count } of lines) {
    const line = panel.getByRole('listitem').filter({ hasText: name });
    said.push(
      text(lng, 'kiosk.speech.orderLine', { count, name, amount: amountIn(await line.textContent()) }),
    );
  }
  const sum = panel.locator('p').filter({ hasText: text(lng, 'cart.sum') });
  said.push(text(lng, 'kiosk.speech.orderTotal', { amount: amountIn(await sum.textContent()) }));
  return said.join('. ');
}

/** Presses Tab until `target` has focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('issue 23: read aloud is the first Tab stop of a fresh kiosk and says how to turn it on; on, it speaks in Swedish a product added, the focused control, "Läs upp min beställning" (lines and sum as the panel shows them), the unsaved-cart status and the idle question, and in English and Finnish after a language change; axe clean', async ({
  page,
}) => {
  await installSpeech(page, THREE_VOICES);
  await page.clock.install();
  await openKiosk(page);
  const bar = assistBar(page);
  const toggle = readAloudToggle(page);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(readOrderButton(page)).toHaveCount(0);

  // The customer's first key press finds it, and hears how to turn it on (Swedish, a Swedish voice).
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  // The first thing the kiosk says.
  await expect.poll(() => spoken(page)).toEqual([{ text: se('kiosk.speech.hint'), lang: 'sv-SE' }]);
  let since = await heardSoFar(page);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expectSaid(page, since, { text: se('kiosk.speech.on'), lang: 'sv-SE' });
  await expect(readOrderButton(page)).toBeVisible();

  // A focused control says its name and state.
  since = await heardSoFar(page);
  const english = languageGroup(page).getByRole('button', { name: 'English', exact: true });
  await tabTo(page, english);
  await expectSaid(page, since, { text: `English, ${se('kiosk.speech.notPressed')}`, lang: 'sv-SE' });
  await expectNoAxeViolations(page, 'kiosk: read aloud on');
  await revealImages(page);
  await shot(page, 'kiosk-read-aloud', bar);

  // A product added: the pressed button's name, then what the page announces (the live value of the order
  // panel's new stepper), said with its line's name: "Antal Kanelbulle: 1", never a bare "1".
  since = await heardSoFar(page);
  await kioskAddButton(page, 'Kanelbulle').click();
  await expect(panelQuantity(page, 'Kanelbulle', 1)).toBeVisible();
  const stepperValue = panelQuantity(page, 'Kanelbulle', 1).locator('output[aria-live="polite"]');
  await expect(stepperValue).toHaveText('1');
  await expectSaid(page, since, { text: se('product.addToCart', { name: 'Kanelbulle' }), lang: 'sv-SE' });
  await expectSaid(page, since, {
    text: se('kiosk.order.quantity', { name: 'Kanelbulle', count: 1 }),
    lang: 'sv-SE',
  });

  // "Läs upp min beställning": the line and the sum, as the panel shows them.
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((i) => i.count)).toEqual([1]);
  const order = await orderAsShown(page, 'se', [{ name: 'Kanelbulle', count: 1 }]);
  since = await heardSoFar(page);
  await readOrderButton(page).click();
  await expectSaid(page, since, { text: order, lang: 'sv-SE' });

  // An error: the cart cannot be saved; the status the page shows about it is said.
  let refused = 0;
  await page.route(/\/api\/v2\/webshop\/cafe\/cart$/, (route) =>
    route.request().method() === 'PUT'
      ? (refused++, route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }))
      : route.fallback(),
  );
  since = await heardSoFar(page);
  await orderPanel(page)
    .getByRole('button', { name: se('cart.increase', { name: 'Kanelbulle' }), exact: true })
    .click();
  await expect(panelQuantity(page, 'Kanelbulle', 2)).toBeVisible();
  await expect(page.getByText(se('cart.syncFailed'))).toBeVisible();
  await expectSaid(page, since, { text: se('cart.syncFailed'), lang: 'sv-SE' });
  expect(refused).toBeGreaterThan(0);
  await page.unroute(/\/api\/v2\/webshop\/cafe\/cart$/);
  await expect(page.getByText(se('cart.syncFailed'))).toHaveCount(0);
  await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((i) => i.count)).toEqual([2]);

  // The idle question: its title and text are said as it opens.
  const lastInput = await pageNow(page);
  await pauseClock(page);
  since = await heardSoFar(page);
  await idleUntil(page, lastInput, 60_500);
  const dialog = idleDialog(page);
  await expect(dialog).toBeVisible();
  await expectSaid(page, since, {
    text: `${se('kiosk.idle.title')} ${se('kiosk.idle.text')}`, // a question mark ends it: no comma
    lang: 'sv-SE',
  });
  await expectSaid(page, since, { text: se('kiosk.idle.secondsLeft', { count: 30 }), lang: 'sv-SE' });
  await dialog.getByRole('button', { name: se('kiosk.idle.continue'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.clock.resume();

  // English, then Finnish: the same order read in that language, in that language's voice.
  for (const [from, to, button] of [
    ['se', 'en', 'English'],
    ['en', 'fi', 'Suomi'],
  ] as const) {
    await languageGroup(page, from).getByRole('button', { name: button, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', to);
    await expect(readAloudToggle(page, to)).toHaveAttribute('aria-pressed', 'true');
    const inLanguage = await orderAsShown(page, to, [{ name: 'Kanelbulle', count: 2 }]);
    since = await heardSoFar(page);
    await readOrderButton(page, to).click();
    await expectSaid(page, since, { text: text(to, 'kiosk.speech.readOrder'), lang: VOICE_LANG[to] });
    await expectSaid(page, since, { text: inLanguage, lang: VOICE_LANG[to] });
    await expectNoAxeViolations(page, `kiosk: read aloud on, ${to}`);
  }
});

test('issue 23: a device without a voice for the kiosk\'s language gets no read-aloud control (German only), and the bar still offers "Inom räckhåll" and "Större text", the first Tab stop', async ({
  page,
}) => {
  await installSpeech(page, [{ name: 'Anna', lang: 'de-DE' }]);
  await openKiosk(page);
  const bar = assistBar(page);
  const reach = bar.getByRole('button', { name: se('kiosk.assist.reach'), exact: true });
  const largeText = bar.getByRole('button', { name: se('kiosk.assist.largeText'), exact: true });
  await expect(reach).toHaveAttribute('aria-pressed', 'false');
  await expect(largeText).toHaveAttribute('aria-pressed', 'false');
  // The voices are known by now (the stub answers them from the start): still no control.
  expect(await page.evaluate(() => window.speechSynthesis.getVoices().map((v) => v.lang))).toEqual(['de-DE']);
  await expect(readAloudToggle(page)).toHaveCount(0);
  await expect(readOrderButton(page)).toHaveCount(0);
  await expect(bar.getByRole('button')).toHaveCount(2);
  await page.keyboard.press('Tab');
  await expect(reach).toBeFocused();
  expect(await spoken(page), 'nothing is said in a voice of another language').toEqual([]);
  await expectNoAxeViolations(page, 'kiosk: accessibility bar without read aloud');
});

test('issue 23: read aloud resets with the customer: after "Börja om" in the idle question, and after the idle reset, the next customer\'s page has it off (no "Läs upp min beställning")', async ({
  page,
}) => {
  await installSpeech(page, THREE_VOICES);
  await page.clock.install();
  await openKiosk(page);

  /** Read aloud on, an item in the order, then the idle question after the idle minute. */
  const customerWithSpeechWaits = async () => {
    await readAloudToggle(page).click();
    await expect(readAloudToggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(readOrderButton(page)).toBeVisible();
    await kioskAddButton(page, 'Kanelbulle').click();
    await expect(panelQuantity(page, 'Kanelbulle', 1)).toBeVisible();
    await expect.poll(async () => (await serverCart(page, 'cafe')).cart.map((i) => i.count)).toEqual([1]);
    const lastInput = await pageNow(page);
    await pauseClock(page);
    await idleUntil(page, lastInput, 60_500);
    await expect(idleDialog(page)).toBeVisible();
  };
  const expectNewCustomerWithSpeechOff = async () => {
    await expectEmptyStore(page);
    await expect(readAloudToggle(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(readOrderButton(page)).toHaveCount(0);
    await expect.poll(async () => (await serverCart(page, 'cafe')).cart).toEqual([]);
  };

  // "Börja om" in the question.
  await customerWithSpeechWaits();
  await idleDialog(page)
    .getByRole('button', { name: se('kiosk.idle.startOver'), exact: true })
    .click();
  await page.clock.resume(); // the next customer's fresh page needs its timers running
  await expectNewCustomerWithSpeechOff();

  // No answer: the kiosk clears itself when the question's time is up.
  await customerWithSpeechWaits();
  await page.clock.fastForward(30_500);
  await page.clock.resume();
  await expectNewCustomerWithSpeechOff();
});
