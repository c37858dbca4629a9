import { Global } from '@emotion/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMatch } from 'react-router-dom';
import { setLanguage } from '../../shared/i18n';
import { INSET_TOP_VAR, insetBottom, insetTop } from '../../shared/theme/insets';
import { fontSize, space, touchTarget } from '../../shared/theme/tokens';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Spinner } from '../../shared/ui/Spinner';
import { noMarginStyle } from '../../shared/ui/styles';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { selectCurrency } from '../shop';
import { kioskDefaultLanguage } from './kioskMode';
import { PRIMARY_ACTION } from './kioskTargets';
import { selectKiosk } from './kioskSelectors';
import { kioskActions, type KioskScreen } from './kioskSlice';
import { AssistBar } from './AssistBar';
import { ReachIcon } from './AssistButton';
import { playChime } from './chime';
import { PausedScreen } from './PausedScreen';
import { useWakeLock } from './useWakeLock';

/** The kiosk's touch sizes: every control at least 56 × 56 CSS px (a finger at arm's length, standing). */
const KIOSK_TARGET = `${touchTarget.kiosk}px`;

/**
 * Touch targets for the whole page in kiosk mode, whatever each component sets for phones (44 px): the
 * `html[data-kiosk]` prefix outranks a component's single class. A main action asks for more by setting
 * `--kiosk-target` (see PRIMARY_TARGET). Checkboxes and radios count by their label.
 */
const touchCss = {
  'html[data-kiosk] :is(button, a[href], select, textarea, input:not([type=checkbox], [type=radio], [type=hidden]))':
    { minHeight: `var(--kiosk-target, ${KIOSK_TARGET})`, minWidth: KIOSK_TARGET },
  'html[data-kiosk] a[href]': { display: 'inline-flex', alignItems: 'center' },
  'html[data-kiosk] label:has(> input[type=checkbox], > input[type=radio])': {
    display: 'flex',
    alignItems: 'center',
    minHeight: KIOSK_TARGET,
  },
  // Text one step up the scale: read standing, at arm's length.
  'html[data-kiosk] body': { fontSize: fontSize.lead },
};

/** "Larger text" makes every text this much larger (issue 23; WCAG 1.4.4 asks for up to 2× by any means). */
const LARGE_TEXT = 1.5;
/** The lower part of the screen that reach mode keeps the interface in (issue 23: every control within it). */
const REACH_SHARE = 0.55;
const REACH_TOP = `${Math.round((1 - REACH_SHARE) * 100)}dvh`;

/**
 * The kiosk's edges and the customer's choices, as page-wide rules. The accessibility bar's height is the
 * bottom inset (set by AssistBar); reach mode makes the top 45 % of the screen an inset too: the page starts
 * below it, whatever sticks keeps below it, a dialog opens below it, and focus and anchors scroll to below it
 * (scroll-padding), so every control is shown in the lower 55 %. Larger text raises the root size, which
 * every step of the type scale (rem) follows.
 */
const assistCss = {
  'html[data-kiosk]': {
    scrollPaddingTop: insetTop,
    scrollPaddingBottom: insetBottom,
  },
  'html[data-kiosk] body': { paddingBottom: insetBottom },
  'html[data-kiosk][data-reach]': { [INSET_TOP_VAR]: REACH_TOP },
  'html[data-kiosk][data-reach] body': { paddingTop: insetTop },
  'html[data-kiosk][data-reach] dialog:modal': {
    insetBlock: `${insetTop} ${insetBottom}`,
    maxHeight: `calc(100dvh - ${insetTop} - ${insetBottom} - ${space.md}px)`,
  },
  'html[data-kiosk][data-large-text]': { fontSize: `${LARGE_TEXT * 100}%` },
};

/** Tells the idle machine which screen is shown: the store (or the shop's own start pages), the receipt, other. */
function useReportScreen(startScreen: boolean) {
  const dispatch = useAppDispatch();
  const onStore = useMatch('/:webshopId') !== null;
  const onReceipt = useMatch('/:webshopId/receipt/:receiptId') !== null;
  const screen: KioskScreen = onReceipt ? 'receipt' : onStore || startScreen ? 'store' : 'other';
  useEffect(() => {
    dispatch(kioskActions.screenShown(screen));
  }, [dispatch, screen]);
}

/**
 * What kiosk mode adds around the shop's pages: the touch sizes, the screen report for the idle machine,
 * the idle question, and a fresh start for each customer (the shop's default language, the top of the page,
 * nothing focused from the last customer).
 *
 * @param startScreen - the shop layout shows one of its own start pages (closed, table number)
 */
export function KioskShell({ startScreen }: { startScreen: boolean }) {
  const { t, i18n } = useTranslation();
  const kiosk = useAppSelector(selectKiosk);
  const currency = useAppSelector(selectCurrency);
  useReportScreen(startScreen);

  useEffect(() => {
    document.documentElement.dataset.kiosk = '';
    return () => {
      delete document.documentElement.dataset.kiosk;
    };
  }, []);
  const { reach, largeText } = kiosk.assist;
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-reach', reach);
    root.toggleAttribute('data-large-text', largeText);
  }, [reach, largeText]);
  useWakeLock(!kiosk.resetting);

  // Each customer (and the kiosk's first) starts in the shop's language at the top of the store.
  const language = kioskDefaultLanguage(kiosk, currency);
  const { customer } = kiosk;
  // Not a dependency of the effect below: `useTranslation` hands out a new `i18n` after every change of
  // language, which would put the shop's language back the moment a customer chose their own.
  const startIn = useEffectEvent((lng: typeof language) => void setLanguage(i18n, lng));
  useEffect(() => {
    startIn(language);
    if (customer === 0) return;
    window.scrollTo(0, 0);
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }, [language, customer]);

  return (
    <>
      <Global styles={[touchCss, assistCss]} />
      <AssistBar />
      {reach && <ReachBand />}
      {kiosk.promptEndsAt !== null && <IdleDialog endsAt={kiosk.promptEndsAt} />}
      {kiosk.paused && <PausedScreen />}
      {kiosk.resetting && (
        <div
          css={(theme) => ({
            position: 'fixed',
            inset: 0,
            zIndex: 50,
            display: 'grid',
            placeItems: 'center',
            background: theme.backgroundColor,
          })}
        >
          <Spinner label={t('kiosk.resetting')} />
        </div>
      )}
    </>
  );
}

/**
 * Reach mode's empty top of the screen: the page scrolls beneath it, and it says where everything went.
 * Decorative (hidden from assistive technology): nothing in it can be used.
 */
function ReachBand() {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden="true"
      css={(theme) => ({
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: insetTop,
        zIndex: 40,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: space.sm,
        padding: space.lg,
        background: theme.backgroundColor,
        borderBottom: `2px dashed ${theme.borderColor}`,
        color: theme.textColor,
        fontSize: fontSize.title,
        textAlign: 'center',
      })}
    >
      <ReachIcon />
      {t('kiosk.assist.reachBand')}
    </div>
  );
}

/**
 * "Are you still there?" with a countdown. An alertdialog (announced at once, focus kept inside); the
 * seconds are shown large but hidden from screen readers, which hear the time left every five seconds only.
 */
function IdleDialog({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Heard as well as seen (issue 23): a customer who looked away learns that time is running out.
    playChime();
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const onContinue = () => dispatch(kioskActions.continueClicked());
  return (
    <Dialog
      labelledBy="kiosk-idle-title"
      describedBy="kiosk-idle-text"
      role="alertdialog"
      onClose={onContinue}
    >
      <div css={{ padding: space.xl, display: 'grid', gap: space.lg, textAlign: 'center' }}>
        <h2 id="kiosk-idle-title" css={{ margin: 0, fontSize: fontSize.display }}>
          {t('kiosk.idle.title')}
        </h2>
        <p id="kiosk-idle-text" css={noMarginStyle}>
          {t('kiosk.idle.text')}
        </p>
        <p
          aria-hidden="true"
          css={{ margin: 0, fontSize: fontSize.hero, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        >
          {t('kiosk.idle.secondsLeft', { count: seconds })}
        </p>
        <VisuallyHidden as="p" role="status">
          {t('kiosk.idle.secondsLeft', { count: Math.ceil(seconds / 5) * 5 })}
        </VisuallyHidden>
        <Button onClick={onContinue} css={PRIMARY_ACTION}>
          {t('kiosk.idle.continue')}
        </Button>
        <Button variant="secondary" onClick={() => dispatch(kioskActions.startOverClicked())}>
          {t('kiosk.idle.startOver')}
        </Button>
      </div>
    </Dialog>
  );
}
