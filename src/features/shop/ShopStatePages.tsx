import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { OpeningHours } from './OpeningHours';
import { selectShopInfo } from '../shopState';

/** §2 shop not found: check the address. */
export function ShopNotFound() {
  const { t } = useTranslation();
  return (
    <Page narrow>
      <h1>{t('shop.notFound.title')}</h1>
      <p>{t('shop.notFound.body')}</p>
    </Page>
  );
}

/** §2 shop closed: title plus opening hours. */
export function ShopClosed() {
  const { t } = useTranslation();
  const info = useAppSelector(selectShopInfo);
  return (
    <Page narrow>
      <h1>{t('shop.closed.title')}</h1>
      <p>{t('shop.closed.body')}</p>
      {info && <OpeningHours hours={info.openHours} />}
    </Page>
  );
}

/** The shop or session could not be loaded (network): say so and offer to try again. */
export function ShopLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Page narrow>
      <div role="alert">
        <h1>{t('error.title')}</h1>
        <p>{t('error.connection')}</p>
      </div>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </Page>
  );
}
