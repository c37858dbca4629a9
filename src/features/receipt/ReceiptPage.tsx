import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Link, Navigate, useParams } from 'react-router';
import { useTheme } from '@emotion/react';
import { validateField } from '../../domain/customerInfo';
import { money } from '../../domain/money';
import { SUM_LABEL_KEYS, receiptLayout, receiptRowText, type ReceiptRow } from '../../domain/receiptLines';
import type { Currency, PaymentLine, Receipt } from '../../domain/types';
import { RATE_LIMITED } from '../../shared/api';
import { formatNumber, intlLocale, useLanguage, type Language } from '../../shared/i18n';
import { fontSize, radius, space } from '../../shared/theme/tokens';
import { Amount, amountRowStyle } from '../../shared/ui/Amount';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { ErrorText } from '../../shared/ui/ErrorText';
import { InView } from '../../shared/ui/InView';
import { Page } from '../../shared/ui/Page';
import { Spinner } from '../../shared/ui/Spinner';
import { QrCode } from '../../shared/ui/QrCode';
import { TextField } from '../../shared/ui/TextField';
import { inlineTargetStyle, noMarginStyle, plainListStyle, subheadingStyle } from '../../shared/ui/styles';
import { PRIMARY_ACTION, kioskActions, selectKiosk } from '../kiosk';
import { selectCustomerEmail } from '../paymentState';
import { selectCompany } from '../shopState';
import { receiptActions } from './receiptSlice';
import { receiptSaga } from './receiptSagas';
import type { RootState } from '../../app/hooks';

const selectReceiptState = (state: RootState) => state.receipt;

const PAYMENT_NAME_KEYS = {
  SWISH_TRADE: 'paymentMethods.names.swish',
  SWISH: 'paymentMethods.names.swish',
  VIVA_WALLET_WEB: 'paymentMethods.names.vivaWallet',
  STRIPE: 'paymentMethods.names.stripe',
} as const;

function usePaymentName() {
  const { t } = useTranslation();
  return (line: PaymentLine) =>
    line.type in PAYMENT_NAME_KEYS
      ? t(PAYMENT_NAME_KEYS[line.type as keyof typeof PAYMENT_NAME_KEYS])
      : line.type;
}

/**
 * Issue 39: a receipt's time in the shop's clock, as the PDF and the e-mail show it, with the zone named when
 * this device keeps another (Intl names a zone only with the fields spelt out, not with dateStyle).
 */
function shopTime(iso: string, lng: Language, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const named = new Intl.DateTimeFormat().resolvedOptions().timeZone !== timeZone;
  return new Intl.DateTimeFormat(
    intlLocale(lng),
    named
      ? {
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          timeZone,
          timeZoneName: 'short',
        }
      : { dateStyle: 'short', timeStyle: 'short', timeZone },
  ).format(date);
}

const row = { display: 'flex', justifyContent: 'space-between', gap: space.md } as const;
/**
 * A receipt row (§9): its words, then its unit price and amount as right-aligned columns (a minimum width in
 * rem lines them up row under row, whatever the row's text size). Where the words leave the figures too
 * little room (a narrow phone, large text), the figures go together, whole, under the words (§9 money
 * format: an amount is never broken).
 */
const lineRowCss = { display: 'flex', flexWrap: 'wrap', columnGap: space.md } as const;
const labelCss = { flex: '1 1 6em', minWidth: 0, overflowWrap: 'anywhere', hyphens: 'auto' } as const;
const figuresCss = { display: 'flex', columnGap: space.md, marginLeft: 'auto' } as const;
const cellCss = { minWidth: '4.5rem', textAlign: 'right' } as const;
/** The VAT table: figures right-aligned, a little apart; its text small, so four columns fit a 320 px phone. */
const vatTableCss = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: fontSize.small,
  '& th, & td': { padding: `${space.xxs}px 0 ${space.xxs}px ${space.sm}px`, textAlign: 'right' },
  // The rate's words may wrap ('Moms' over '12 %') on a narrow phone, so that the figures keep their room.
  '& th[scope="row"]': { paddingLeft: 0, textAlign: 'left' },
  '& th': { fontWeight: 400 },
} as const;
/** An extra, a discount or a rounding under its product: smaller, indented. */
const subRowCss = { fontSize: fontSize.small, paddingLeft: space.md } as const;
/** Label–value rows (`dt`, `dd`) stacked with a small gap. */
const definitionsCss = { display: 'grid', '& dd': { margin: 0 } } as const;

function ReceiptBody({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const theme = useTheme();
  const paymentName = usePaymentName();
  // Issue 39: the shop's clock (Helsinki's for a Finnish shop, else Stockholm's), as the PDF and the e-mail
  // show it; its zone is named when this device keeps another clock.
  const timeZone =
    useAppSelector(selectCompany)?.country === 'FINLAND' ? 'Europe/Helsinki' : 'Europe/Stockholm';
  const m = (amount: number, currency: Currency = receipt.currency) => (
    <Amount value={money(amount, currency)} />
  );
  const count = (value: number) => formatNumber(value, lng);
  const rowText = (printed: ReceiptRow) => {
    const text = receiptRowText(printed, count);
    return t(text.key, text.vars);
  };
  const layout = receiptLayout(receipt.products);
  return (
    <article
      aria-labelledby="receipt-title"
      css={{ border: `1px solid ${theme.borderColor}`, borderRadius: radius.lg, padding: space.lg }}
    >
      <h1 id="receipt-title" css={{ marginTop: 0 }}>
        {t('receipt.title')}
      </h1>
      <p css={noMarginStyle}>{t('receipt.receiptNumber', { number: receipt.receiptId })}</p>
      <address css={{ fontStyle: 'normal', margin: `${space.md}px 0` }}>
        <strong>{receipt.name}</strong>
        <br />
        {t('receipt.orgNumber', { number: receipt.organizationnumber })}
        <br />
        {receipt.street}
        <br />
        {receipt.postalcode} {receipt.city}
        <br />
        {receipt.phone}
      </address>

      {/* §9 the rows of receiptLayout, as the PDF and the e-mail print them. */}
      <ul css={[plainListStyle, { borderTop: `1px solid ${theme.borderColor}` }]}>
        {layout.lines.map((line) => (
          <li
            key={line.id}
            css={{ padding: `${space.sm}px 0`, borderBottom: `1px solid ${theme.borderColor}` }}
          >
            {line.rows.map((printed, i) => (
              <div key={i} css={printed.kind === 'product' ? lineRowCss : [lineRowCss, subRowCss]}>
                <span css={printed.kind === 'product' ? { fontWeight: 700, ...labelCss } : labelCss}>
                  {rowText(printed)}
                </span>
                <span css={figuresCss}>
                  {(printed.kind === 'product' || printed.kind === 'extra') && (
                    <span css={cellCss}>{m(printed.unitPrice)}</span>
                  )}
                  <span css={cellCss}>{m(printed.amount)}</span>
                </span>
              </div>
            ))}
            {line.note && <div css={{ fontSize: fontSize.small, fontStyle: 'italic' }}>{line.note}</div>}
          </li>
        ))}
      </ul>

      {/* §9 VAT per rate as Swedish and Finnish receipts print it: rate, VAT, net and gross. A narrow screen
          with large text scrolls the table sideways rather than breaking an amount. */}
      <div
        css={{ overflowX: 'auto', margin: `${space.md}px 0 0` }}
        role="region"
        aria-label={t('receipt.vat')}
        tabIndex={0}
      >
        <table css={vatTableCss}>
          <thead>
            <tr>
              <td />
              {[t('receipt.vat'), t('receipt.net'), t('receipt.gross')].map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {layout.vatRows.map((v) => (
              <tr key={v.rate}>
                <th scope="row">{t('receipt.vatRate', { rate: count(v.rate) })}</th>
                <td>{m(v.vat)}</td>
                <td>{m(v.net)}</td>
                <td>{m(v.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl css={[definitionsCss, { margin: `${space.md}px 0`, gap: space.xs }]}>
        {layout.sums.map((sum) => (
          <div
            key={sum.kind}
            css={
              sum.kind === 'total'
                ? [amountRowStyle, { fontSize: fontSize.large, fontWeight: 700 }]
                : amountRowStyle
            }
          >
            <dt>{t(SUM_LABEL_KEYS[sum.kind])}</dt>
            <dd>{m(sum.amount)}</dd>
          </div>
        ))}
      </dl>

      <h2 css={subheadingStyle}>{t('receipt.paymentMethods')}</h2>
      <ul css={plainListStyle}>
        {receipt.paymentMethods.map((p) => (
          <li key={p.id} css={amountRowStyle}>
            <span>{t('receipt.paidBy', { method: paymentName(p) })}</span>
            <span>{m(p.amount)}</span>
          </li>
        ))}
      </ul>

      <dl css={[definitionsCss, { margin: `${space.md}px 0 0`, fontSize: fontSize.small, gap: space.xxs }]}>
        <div css={row}>
          <dt>{t('receipt.date')}</dt>
          <dd>{shopTime(receipt.dateCreated, lng, timeZone)}</dd>
        </div>
        <div css={row}>
          <dt>{t('receipt.cashRegister')}</dt>
          <dd>{receipt.cashRegisterLabel}</dd>
        </div>
        <div css={row}>
          <dt>{t('receipt.controlUnit')}</dt>
          <dd>{receipt.controlUnitSerial}</dd>
        </div>
        <div css={row}>
          <dt>{t('receipt.controlCode')}</dt>
          <dd css={{ overflowWrap: 'anywhere', textAlign: 'right' }}>{receipt.controlUnitResponse}</dd>
        </div>
      </dl>
    </article>
  );
}

/** §2 e-mail field and send button: idle, sending, error, sent (§4, §8). */
function EmailReceipt({
  shopId,
  receiptId,
  kiosk,
  givenEmail,
}: {
  shopId: string;
  receiptId: string;
  kiosk: boolean;
  /** Filled in to start with (issue 26): the address the customer gave in the cart, or ''. */
  givenEmail: string;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const dispatch = useAppDispatch();
  const { email: status, emailError } = useAppSelector(selectReceiptState);
  const [email, setEmail] = useState(givenEmail);
  const [touched, setTouched] = useState(false);
  const invalid = validateField('email', email, { active: true, required: true });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid)
      dispatch(receiptActions.emailRequested({ shopId, receiptId, email: email.trim(), language: lng }));
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="email-receipt" css={{ marginTop: space.xl }}>
      <h2 id="email-receipt" css={subheadingStyle}>
        {t('receipt.emailTitle')}
      </h2>
      <TextField
        label={t('receipt.email')}
        type="email"
        // A kiosk is shared: the browser must not offer or keep the last customer's address.
        autoComplete={kiosk ? 'off' : 'email'}
        inputMode="email"
        value={email}
        maxLength={254}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && invalid ? t(invalid.key) : null}
      />
      <Button type="submit" disabled={status === 'sending'}>
        {status === 'sending' ? t('receipt.sending') : t('receipt.send')}
      </Button>
      <p role="status">{status === 'sent' && t('receipt.emailSent')}</p>
      <ErrorText>
        {status !== 'error'
          ? null
          : emailError?.code === RATE_LIMITED
            ? t('error.tooManyAttempts')
            : t('receipt.emailError')}
      </ErrorText>
    </form>
  );
}

/**
 * The kiosk's way to take the receipt along: a QR code of its download page for the customer's own phone
 * (nothing to type on a shared screen), and "New order" for the next customer.
 */
function KioskTakeAway({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const companyId = useAppSelector(selectCompany)?.companyId;
  const url = companyId
    ? `${window.location.origin}/receipt/${encodeURIComponent(companyId)}/${encodeURIComponent(receiptId)}`
    : null;
  // The code beside its words and "New order", and the whole in view as it is drawn: one row fits the lower
  // part of the screen that "within reach" leaves, with larger text too (§2, kiosk).
  return (
    <InView>
      <section
        aria-labelledby="kiosk-take-receipt"
        css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.lg }}
      >
        {url && (
          <QrCode text={url} label={t('kiosk.receipt.qrLabel')} unavailable={t('kiosk.qrUnavailable')} />
        )}
        <div css={{ flex: '1 1 200px', display: 'grid', gap: space.md }}>
          <h2 id="kiosk-take-receipt" css={{ margin: 0, fontSize: fontSize.title }}>
            {t('kiosk.receipt.scan')}
          </h2>
          <Button onClick={() => dispatch(kioskActions.startOverClicked())} css={PRIMARY_ACTION}>
            {t('kiosk.receipt.newOrder')}
          </Button>
        </div>
      </section>
    </InView>
  );
}

/** §2 receipt page after payment, with e-mail and download (on a kiosk: a QR code and "New order"). */
export function ReceiptPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const { webshopId = '', receiptId = '' } = useParams();
  const { status, receipt, downloadUrl } = useAppSelector(selectReceiptState);
  const kiosk = useAppSelector(selectKiosk);
  // A kiosk shows only the receipt of the payment just made on it: never an earlier customer's (Back, a link).
  const hidden = kiosk.enabled && kiosk.receiptId !== receiptId;
  // The customer's own address, as they typed it in the cart. On a kiosk only while that customer is still
  // the one at the screen: the receipt shown is the one they just paid (above) and their details are still
  // there; `kiosk/customerLeft` empties them, and the field is made again per customer (its key), so nothing
  // typed or filled in for one customer is ever shown to the next.
  const givenEmail = useAppSelector(selectCustomerEmail);

  useEffect(() => {
    if (!hidden) dispatch(receiptActions.loadRequested({ shopId: webshopId, receiptId }));
  }, [dispatch, webshopId, receiptId, hidden]);

  if (hidden) return <Navigate to={`/${encodeURIComponent(webshopId)}`} replace />;

  return (
    // A kiosk's receipt takes the page's full width: its QR code, words and "New order" side by side (§2, kiosk).
    <Page narrow={!kiosk.enabled}>
      {/* On a kiosk the next step comes first: nothing drawn above it moves it out of view (§2, kiosk). */}
      {kiosk.enabled && <KioskTakeAway receiptId={receiptId} />}
      {/* §4 COMPLETED shows success. The cart page brought the customer here by itself, so say first, and
          to screen readers too (the region is there before the text, so the change is announced). */}
      <div role="status">
        {status === 'loaded' && receipt && (
          <p
            css={{
              margin: `0 0 ${space.lg}px`,
              padding: `${space.md}px ${space.lg}px`,
              borderLeft: `4px solid ${theme.primaryColor}`,
              fontSize: fontSize.lead,
              fontWeight: 700,
            }}
          >
            {t('receipt.paymentCompleted')}
          </p>
        )}
      </div>
      {status === 'loading' && <Spinner label={t('receipt.loading')} />}
      {status === 'error' && (
        <div role="alert">
          <h1>{t('receipt.title')}</h1>
          <p>{t('error.tryLater')}</p>
        </div>
      )}
      {status === 'loaded' && receipt && downloadUrl && (
        <>
          {kiosk.enabled && (
            <EmailReceipt
              key={kiosk.customer}
              shopId={webshopId}
              receiptId={receiptId}
              kiosk
              givenEmail={givenEmail}
            />
          )}
          <ReceiptBody receipt={receipt} />
          {!kiosk.enabled && (
            <>
              <p css={{ marginTop: space.lg }}>
                {/* The PDF in the page's words (issue 39). */}
                <ButtonLink
                  href={`${downloadUrl}?lng=${encodeURIComponent(lng)}`}
                  target="_blank"
                  rel="noopener"
                >
                  {t('receipt.download')}
                </ButtonLink>
              </p>
              <EmailReceipt shopId={webshopId} receiptId={receiptId} kiosk={false} givenEmail={givenEmail} />
            </>
          )}
        </>
      )}
      {!kiosk.enabled && (
        <Link to={`/${encodeURIComponent(webshopId)}`} css={inlineTargetStyle}>
          {t('receipt.backToShop')}
        </Link>
      )}
    </Page>
  );
}

/** The sagas this screen needs, started when it first renders (app/router.tsx). */
export const screenSagas = [receiptSaga];
