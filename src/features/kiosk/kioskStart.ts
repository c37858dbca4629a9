import { useEffectEvent, useLayoutEffect } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { currentLanguage, setLanguage } from '../../shared/i18n';
import { selectCurrency } from '../shopState';
import { kioskDefaultLanguage } from './kioskMode';
import { selectKiosk } from './kioskSelectors';
import { kioskActions } from './kioskSlice';

/**
 * Each customer (and the kiosk's first) starts in the shop's language at the top of the store. The shop's
 * pages are drawn for a customer only once that language is in force (`kiosk/customerStarted`, which
 * ShopLayout waits for on a kiosk), so no customer sees them, and taps them, in the last customer's language
 * a moment before it changes under their finger; and since this comes with the kiosk's code, the kiosk's bar
 * and order panel are there from the first frame of the store too.
 */
export function useKioskStart(shopKnown: boolean) {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const kiosk = useAppSelector(selectKiosk);
  const language = kioskDefaultLanguage(kiosk, useAppSelector(selectCurrency));
  const { customer } = kiosk;
  // An effect event, not a dependency of the effect below: a new customer or shop language starts it, never
  // a change of the instance, which would put the shop's language back the moment a customer chose their own.
  const startIn = useEffectEvent((lng: typeof language) => setLanguage(i18n, lng));
  const inForce = useEffectEvent((lng: typeof language) => currentLanguage(i18n) === lng);
  // Before the page paints: a page already in the customer's language (a kiosk's fresh page) draws the store
  // in the same frame as its shop, not one effect later.
  useLayoutEffect(() => {
    if (!shopKnown) return;
    let current = true;
    const started = () => {
      if (current) dispatch(kioskActions.customerStarted(customer));
    };
    if (inForce(language)) started();
    void startIn(language).finally(started);
    if (customer > 0) {
      window.scrollTo(0, 0);
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    }
    return () => {
      current = false;
    };
  }, [dispatch, shopKnown, language, customer]);
}
