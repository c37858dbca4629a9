import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { linkKioskManifest } from '../../shared/serviceWorker/page';
import { selectCompany, selectShopInfo, selectTheme } from '../shopState';
import { kioskAddress } from './kioskAddress';
import { selectKiosk } from './kioskSelectors';

/**
 * Installing the kiosk ("Install", "Add to Home screen") installs this shop's kiosk (issue 35): the page's
 * manifest is the worker's kiosk manifest, named after the shop, in its colours, with its logo, starting at
 * this kiosk's own address.
 */
export function useKioskManifest(): void {
  const info = useAppSelector(selectShopInfo);
  const logo = useAppSelector(selectCompany)?.logo ?? null;
  const theme = useAppSelector(selectTheme);
  const { idleMs, promptMs, language } = useAppSelector(selectKiosk);
  const shopId = info?.shopId;
  const name = info?.title;
  useEffect(() => {
    if (!shopId || !name) return undefined;
    return linkKioskManifest({
      shopId,
      name,
      start: kioskAddress(shopId, { idleMs, promptMs, language }),
      themeColor: theme.primaryColor,
      backgroundColor: theme.backgroundColor,
      logo,
    });
  }, [shopId, name, idleMs, promptMs, language, theme.primaryColor, theme.backgroundColor, logo]);
}
