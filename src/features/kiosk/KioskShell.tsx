import { useEffect, useEffectEvent, useLayoutEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMatch, useParams } from 'react-router';
import { selectLiveShop, shopActions } from '../shopState';
import { insetTop } from '../../shared/theme/insets';
import { contentWidth, fontSize, space } from '../../shared/theme/tokens';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Spinner } from '../../shared/ui/Spinner';
import { noMarginStyle } from '../../shared/ui/styles';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { PRIMARY_ACTION } from './kioskTargets';
import { selectKiosk } from './kioskSelectors';
import { kioskActions, type KioskScreen } from './kioskSlice';
import { AssistBar } from './AssistBar';
import { ReachIcon } from './AssistButton';
import { playChime } from './chime';
import { PausedScreen } from './PausedScreen';
import { keepMenu, takeMenu } from './carriedMenu';
import { useKioskStart } from './kioskStart';
import { useKioskManifest } from './useKioskManifest';
import { useWakeLock } from './useWakeLock';

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

/** The tab's sessionStorage, or null where the browser refuses it. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The next customer's menu at once (carriedMenu.ts): the fresh page a reset opened draws the menu its last
 * page carried, taken before the store's first render (the live answer is on its way meanwhile); every live
 * answer is kept for the next reset.
 */
function useCarriedMenu() {
  const dispatch = useAppDispatch();
  const { webshopId } = useParams();
  const { language } = useAppSelector(selectKiosk);
  const live = useAppSelector(selectLiveShop);
  // Once, as the page starts: what this page's own answers bring is kept below.
  const takeCarried = useEffectEvent(() => {
    const storage = tabStorage();
    if (!storage || !webshopId) return;
    const setting = { language };
    const data = takeMenu(storage, { shopId: webshopId, setting, now: Date.now(), online: navigator.onLine });
    if (data) dispatch(shopActions.carriedAcrossReset({ shopId: webshopId, data }));
  });
  useLayoutEffect(() => takeCarried(), []);
  useEffect(() => {
    const storage = tabStorage();
    if (storage && live) keepMenu(storage, live.shopId, live.data, { language }, Date.now());
  }, [live, language]);
}

/**
 * What kiosk mode adds around the shop's pages once its code is in: the screen report for the idle machine,
 * the accessibility bar and its choices, the idle question, the pause and the reset's cover. The touch sizes
 * and each customer's start language are the main bundle's (kioskPage.tsx): in force from the first frame.
 *
 * @param startScreen - the shop layout shows one of its own start pages (closed, table number)
 * @param shopKnown - the shop has loaded (its currency picks the start language when the kiosk names none)
 */
export function KioskShell({ startScreen, shopKnown }: { startScreen: boolean; shopKnown: boolean }) {
  const { t } = useTranslation();
  const kiosk = useAppSelector(selectKiosk);
  useReportScreen(startScreen);
  useCarriedMenu();
  useKioskStart(shopKnown);
  useKioskManifest();

  const { reach, largeText } = kiosk.assist;
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-reach', reach);
    root.toggleAttribute('data-large-text', largeText);
  }, [reach, largeText]);
  useWakeLock(!kiosk.resetting);

  return (
    <>
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
  // Wide, and its two answers side by side: the whole question fits the lower part of the screen that
  // "within reach" leaves, with larger text too (docs/product-rules.md §2, kiosk).
  return (
    <Dialog
      labelledBy="kiosk-idle-title"
      describedBy="kiosk-idle-text"
      role="alertdialog"
      onClose={onContinue}
      maxWidth={contentWidth.page}
    >
      <div css={{ padding: space.lg, display: 'grid', gap: space.md, textAlign: 'center' }}>
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
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: space.md, '& > *': { flex: '1 1 200px' } }}>
          <Button onClick={onContinue} css={PRIMARY_ACTION}>
            {t('kiosk.idle.continue')}
          </Button>
          <Button variant="secondary" onClick={() => dispatch(kioskActions.startOverClicked())}>
            {t('kiosk.idle.startOver')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
