import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/useTranslation';
import { useAppSelector } from '../../app/hooks';
import { useTheme } from '@emotion/react';
import { invalidGroups, toggleDeviation } from '../../domain/extras';
import { multiplyMoney } from '../../domain/money';
import { isOutOfStock } from '../../domain/stock';
import type { CartItem, DeviationGroup } from '../../domain/types';
import { space } from '../../shared/theme/tokens';
import { fieldLabelStyle, fieldStyle, textControlStyle } from '../../shared/ui/fieldStyles';
import { smallTextStyle } from '../../shared/ui/styles';
import { AmountInText } from '../../shared/ui/Amount';
import { Button } from '../../shared/ui/Button';
import { Stepper } from '../../shared/ui/Stepper';
import { cartActions, selectRemainingStock, unitPrice } from '../cart';
import { useCartChange } from '../paymentState';
import { DeviationPicker } from './DeviationPicker';
import { selectDeviationEntities, selectDeviationGroupEntities, selectProductById } from '../shopState';

/** The look of a disabled button (Button's `:disabled`, no hover) for one that is only aria-disabled. */
const ariaDisabledStyle = (primary: string) =>
  ({ opacity: 0.5, cursor: 'not-allowed', '&:hover:not(:disabled)': { background: primary } }) as const;

/**
 * The order part of the product popup and page (§2): extras, note, running total, quantity stepper and
 * Add (or Update when `editing` a cart item). Calls `onDone` after adding or updating.
 *
 * In a popup (`head` given) the form is the popup's whole height: the head (title, Close) on top, the foot
 * (quantity, total, Add) at the bottom, and between them `children` (the details), the extras and the note
 * scroll by themselves, so the title and Add stay in view however small the popup is (§2, product popup).
 * On the product page the foot sticks to the bottom of the window while the page scrolls.
 */
export function ProductForm({
  productId,
  editing,
  onDone,
  head,
  children,
}: {
  productId: string;
  editing?: CartItem;
  onDone: () => void;
  head?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const change = useCartChange(); // §4 asks first while a payment is STARTED
  const noteId = useId();
  const product = useAppSelector((state) => selectProductById(state, productId));
  const groupEntities = useAppSelector(selectDeviationGroupEntities);
  const deviations = useAppSelector(selectDeviationEntities);
  const remaining = useAppSelector((state) => selectRemainingStock(state, productId));
  const [selected, setSelected] = useState<string[]>(editing?.deviations ?? []);
  const [note, setNote] = useState(editing?.description ?? '');
  // §5 popup quantity defaults to 1; an edited item starts at its count.
  const [quantity, setQuantity] = useState(editing?.count ?? (remaining > 0 ? 1 : 0));
  // Times the customer tried to add while an extras group was not yet valid: from the first, the groups say
  // what is missing (issue 26: before that each shows only its rule); each try brings the first one into view.
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const groups = useMemo(
    () =>
      (product?.deviationGroupIds ?? [])
        .map((id) => groupEntities[id])
        .filter((g): g is DeviationGroup => g !== undefined),
    [product, groupEntities],
  );
  useEffect(() => {
    if (attempts === 0) return;
    // After the render that marked the groups, so the focused box is read with its group's message.
    const group = formRef.current?.querySelector('fieldset[aria-invalid="true"]');
    group?.querySelector<HTMLInputElement>('input')?.focus();
  }, [attempts]);
  if (!product) return null;

  // §5 popup max = remaining stock; an edited item may keep its own count on top of it.
  const max = (editing?.count ?? 0) + remaining;
  const invalid = invalidGroups(groups, selected);
  const soldOut = isOutOfStock(product) && !editing;
  const total = multiplyMoney(unitPrice(product, selected, deviations), quantity);
  // §5: nothing to add (sold out, quantity 0) disables the button outright. Extras still to choose only mark it
  // aria-disabled: it looks and reads disabled and adds nothing, but a press (or Enter) reaches the form and
  // turns the groups' hints into their messages.
  const blocked = soldOut || (!editing && quantity < 1);
  const extrasMissing = invalid.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    if (extrasMissing) {
      setAttempts((n) => n + 1);
      return;
    }
    const item = { productId, deviations: selected, description: note.trim(), count: quantity };
    change(editing ? cartActions.itemUpdated({ id: editing.id, item }) : cartActions.itemAdded(item));
    onDone();
  };

  // A popup's parts keep clear of its edges; the page has its own margins.
  const inset = head === undefined ? 0 : space.lg;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      // As high as the popup may be (its max-height, inherited), and never higher: the middle scrolls.
      css={{ display: 'flex', flexDirection: 'column', maxHeight: 'inherit' }}
    >
      {head}
      <div
        css={[
          { display: 'flex', flexDirection: 'column', gap: space.md, padding: `0 ${inset}px ${space.md}px` },
          head !== undefined && { minHeight: 0, overflowY: 'auto' },
        ]}
      >
        {children}
        <DeviationPicker
          groups={groups}
          deviations={deviations}
          selected={selected}
          onToggle={(group, id) => setSelected((current) => toggleDeviation(group, current, id))}
          showErrors={attempts > 0}
        />
        <div css={fieldStyle}>
          <label htmlFor={noteId} css={fieldLabelStyle}>
            {t('cart.note')}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={200}
            rows={2}
            placeholder={t('cart.notePlaceholder')}
            onChange={(e) => setNote(e.target.value)}
            css={[textControlStyle, { padding: space.sm }]}
          />
        </div>
        {product.limitStock && (
          <p css={smallTextStyle}>{t('cart.onlyInStock', { count: Math.max(0, max) })}</p>
        )}
      </div>
      {/* Quantity, total and the button stay in view while a long list of extras scrolls. */}
      <div
        css={{
          position: 'sticky',
          bottom: 0,
          display: 'grid',
          gap: space.sm,
          padding: `${space.sm}px ${inset}px ${Math.max(inset, space.xs)}px`,
          background: theme.backgroundColor,
          borderTop: `1px solid ${theme.borderColor}`,
        }}
      >
        <div css={{ display: 'flex', alignItems: 'center', gap: space.md, flexWrap: 'wrap' }}>
          <Stepper
            value={quantity}
            min={0}
            max={Math.max(0, max)}
            onChange={setQuantity}
            decreaseLabel={t('product.decrease', { name: product.title })}
            increaseLabel={t('product.increase', { name: product.title })}
            valueLabel={t('product.quantity', { quantity })}
          />
          <p css={{ margin: '0 0 0 auto', fontWeight: 700 }} aria-live="polite">
            <AmountInText value={total} text={(amount) => t('product.total', { total: amount })} />
          </p>
        </div>
        <Button
          type="submit"
          disabled={blocked}
          aria-disabled={!blocked && extrasMissing ? true : undefined}
          css={[{ width: '100%' }, !blocked && extrasMissing && ariaDisabledStyle(theme.primaryColor)]}
        >
          {editing ? t('product.update') : t('product.add')}
        </Button>
      </div>
    </form>
  );
}
