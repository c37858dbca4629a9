import { css } from '@emotion/react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import type { OpenHours } from '../../domain/types';
import { formatTime, formatWeekday, useLanguage } from '../../shared/i18n';
import { space } from '../../shared/theme/tokens';
import { noMarginStyle } from '../../shared/ui/styles';

/** Serialised once, not for every render of the shop's footer. */
const daysCss = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space.xs}px ${space.lg}px`,
  margin: 0,
});
const dayCss = css({ display: 'contents' });
const dayNameCss = css({ textTransform: 'capitalize' });

/** The shop's opening hours, Monday to Sunday, in the reader's language (§1, §2 closed page and footer). */
export function OpeningHours({ hours, headingLevel = 2 }: { hours: OpenHours[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="opening-hours">
      <Heading id="opening-hours">{t('shop.openingHours')}</Heading>
      <dl css={daysCss}>
        {[1, 2, 3, 4, 5, 6, 7].map((weekday) => {
          const intervals = hours.filter((h) => h.weekday === weekday);
          return (
            <div key={weekday} css={dayCss}>
              <dt css={dayNameCss}>{formatWeekday(weekday, lng)}</dt>
              <dd css={noMarginStyle}>
                {intervals.length === 0
                  ? t('shop.closedAllDay')
                  : intervals
                      .map((h) => `${formatTime(h.opens, lng)}–${formatTime(h.closes, lng)}`)
                      .join(', ')}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
