import { css } from '@emotion/react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { Link } from 'react-router';
import { config } from '../../shared/config';
import { contentWidth, fontSize, mq, space, touchTarget } from '../../shared/theme/tokens';
import { noMarginStyle, subheadingStyle } from '../../shared/ui/styles';
import { selectIsKiosk } from '../kiosk';
import { LanguageFooter } from './LanguageFooter';
import { OpeningHours } from './OpeningHours';
import { selectCompany, selectShopInfo, selectTheme } from '../shopState';

/** A contact link on a line of its own: a touch target tall, its text 10 px down, about centred. */
const contactLinkCss = css({ display: 'inline-block', minHeight: touchTarget.phone, paddingTop: 10 });

const addressCss = css({ fontStyle: 'normal' });
const hostedByCss = css({
  gridColumn: '1 / -1',
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  margin: 0,
  opacity: 0.9,
});

/**
 * §1/§2 footer: company details, contact, opening hours, refund policy link and the hosted-by line. The
 * closed page shows the opening hours itself, so the footer leaves them out there (one 'Opening hours'
 * region per page).
 */
export function ShopFooter({
  shopId,
  showOpeningHours = true,
}: {
  shopId: string;
  showOpeningHours?: boolean;
}) {
  const { t } = useTranslation();
  const company = useAppSelector(selectCompany);
  const info = useAppSelector(selectShopInfo);
  const theme = useAppSelector(selectTheme);
  // A kiosk is a shared screen at the counter: it offers no way off the shop (calls, mail, other sites).
  const kiosk = useAppSelector(selectIsKiosk);
  if (!company || !info) return null;
  return (
    <footer
      css={{
        borderTop: `1px solid ${theme.borderColor}`,
        // 120 px at the bottom: room for the mobile cart bar, fixed over the page's end.
        padding: `${space.xl}px ${space.lg}px 120px`,
        [mq.tabletUp]: { paddingBottom: space.xxl },
        display: 'grid',
        gap: space.xl,
        gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
        maxWidth: contentWidth.page,
        margin: '0 auto',
        fontSize: fontSize.small,
      }}
    >
      {/* Issue 39: a phone's language choice (a kiosk's is in its header). */}
      {!kiosk && <LanguageFooter />}
      <section aria-labelledby="company-details">
        <h2 id="company-details" css={subheadingStyle}>
          {t('shop.companyDetails')}
        </h2>
        <address css={addressCss}>
          {company.name}
          <br />
          {t('shop.orgNumber', { number: company.organizationnumber })}
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
        </address>
      </section>
      <section aria-labelledby="shop-contact">
        <h2 id="shop-contact" css={subheadingStyle}>
          {t('shop.contact')}
        </h2>
        <p css={noMarginStyle}>
          {kiosk
            ? company.phone
            : company.phone && (
                <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`} css={contactLinkCss}>
                  {company.phone}
                </a>
              )}
          <br />
          {kiosk
            ? company.email
            : company.email && (
                <a
                  href={`mailto:${encodeURIComponent(company.email).replace('%40', '@')}`}
                  css={contactLinkCss}
                >
                  {company.email}
                </a>
              )}
        </p>
        <p>
          <Link to={`/${encodeURIComponent(shopId)}/refundPolicy`} css={contactLinkCss}>
            {t('shop.refundPolicy')}
          </Link>
        </p>
      </section>
      {showOpeningHours && <OpeningHours hours={info.openHours} />}
      <p css={hostedByCss}>
        <img src={theme.ekLogo} alt="" width={80} height={20} />
        {t('shop.hostedBy', { provider: config.providerName })}
      </p>
    </footer>
  );
}
