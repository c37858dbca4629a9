import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenHours } from '../../domain/types';
import { formatTime, formatWeekday, useLanguage, type Language } from '../../shared/i18n';

/**
 * The shop's opening hours, Monday to Sunday, in the reader's language (§1, §2 closed page and footer).
 * `deferred` (the footer) writes the days one render after the rest of the page, a day at a time: each day
 * makes new Intl.DateTimeFormats, about a tenth of a second for the week on a slow phone, which held back
 * the store's first products when done in the same render.
 */
export function OpeningHours({
  hours,
  headingLevel = 2,
  deferred = false,
}: {
  hours: OpenHours[];
  headingLevel?: 2 | 3;
  deferred?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const later = useDeferredValue(language, null);
  const lng = deferred ? later : language;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="opening-hours">
      <Heading id="opening-hours">{t('shop.openingHours')}</Heading>
      <dl css={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: 0 }}>
        {lng !== null &&
          [1, 2, 3, 4, 5, 6, 7].map((weekday) => (
            <Day
              key={weekday}
              weekday={weekday}
              intervals={hours.filter((h) => h.weekday === weekday)}
              lng={lng}
              closed={t('shop.closedAllDay')}
            />
          ))}
      </dl>
    </section>
  );
}

function Day({
  weekday,
  intervals,
  lng,
  closed,
}: {
  weekday: number;
  intervals: OpenHours[];
  lng: Language;
  closed: string;
}) {
  return (
    <div css={{ display: 'contents' }}>
      <dt css={{ textTransform: 'capitalize' }}>{formatWeekday(weekday, lng)}</dt>
      <dd css={{ margin: 0 }}>
        {intervals.length === 0
          ? closed
          : intervals.map((h) => `${formatTime(h.opens, lng)}–${formatTime(h.closes, lng)}`).join(', ')}
      </dd>
    </div>
  );
}
