import { useTranslation } from '../shared/i18n/useTranslation';
import { Spinner } from '../shared/ui/Spinner';

/** Shown while a screen's code is on its way. */
export function LoadingPage() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}
