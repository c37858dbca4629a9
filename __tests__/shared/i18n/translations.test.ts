import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import en from '../../../translations/en.json';
import se from '../../../translations/se.json';
import fi from '../../../translations/fi.json';

type Tree = { [key: string]: string | Tree };
const FILES: Record<'se' | 'en' | 'fi', Tree> = { se, en, fi };

/** Flattens a nested translation object to 'a.b.c' → text. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const flat = {
  se: flatten(FILES.se),
  en: flatten(FILES.en),
  fi: flatten(FILES.fi),
};

/** The interpolation variables of a text, sorted: 'Hi {{name}} {{count}}' → ['count', 'name']. */
function variables(text: unknown): string[] {
  return [...String(text).matchAll(/{{\s*([^,}\s]+)[^}]*}}/g)].map((m) => m[1] ?? '').sort();
}

/** Every key the brief and the spec name (SPEC §2 screens, §5 validation, §8 error catalogue). */
const REQUIRED_KEYS = [
  'validation.required',
  'validation.email',
  'fields.name',
  'fields.email',
  'fields.phone',
  'fields.extraInfo',
  'fields.postalCode',
  'fields.address',
  'fields.city',
  'fields.optional',
  'paymentMethods.title',
  'paymentMethods.names.vivaWallet',
  'paymentMethods.names.swish',
  'paymentMethods.names.stripe',
  'paymentMethods.swish.phoneRequired',
  'paymentMethods.swish.start',
  'paymentMethods.swish.openApp',
  'paymentMethods.swish.restart',
  'paymentMethods.swish.waiting',
  'paymentMethods.swish.error',
  'paymentMethods.swish.cancelled',
  'paymentMethods.swish.failed',
  'paymentMethods.stripe.pay',
  'paymentMethods.stripe.processing',
  'paymentMethods.stripe.error',
  'paymentMethods.stripe.unknownError',
  'paymentMethods.stripe.success',
  'paymentMethods.viva.redirecting',
  'paymentMethods.viva.continue',
  'paymentMethods.completed',
  'paymentMethods.receiptLink',
  'paymentMethods.restart',
  'deviations.selectRequired',
  'deviations.hintExact_one',
  'deviations.hintExact_other',
  'deviations.hintRange',
  'deviations.hintMin_one',
  'deviations.hintMin_other',
  'deviations.hintMax_one',
  'deviations.hintMax_other',
  'deviations.title',
  'cart.title',
  'cart.empty',
  'cart.toCart',
  'cart.payTab',
  'cart.itemCount_one',
  'cart.itemCount_other',
  'cart.total',
  'cart.sum',
  'cart.yourInfo',
  'cart.outOfStock',
  'cart.outOfStockArticleError_one',
  'cart.outOfStockArticleError_other',
  'cart.outOfStockError',
  'cart.onlyInStock_one',
  'cart.onlyInStock_other',
  'cart.openTab',
  'cart.customerReference',
  'cart.addedFromTab',
  'cart.fromTab',
  'cart.edit',
  'cart.remove',
  'cart.quantity',
  'cart.increase',
  'cart.decrease',
  'cart.note',
  'cart.notePlaceholder',
  'store.cartLink',
  'product.add',
  'product.update',
  'product.close',
  'product.outOfStock',
  'product.price',
  'product.category',
  'product.tags',
  'product.total',
  'product.quantity',
  'product.addToCart',
  'product.notFound',
  'shop.notFound.title',
  'shop.notFound.body',
  'shop.closed.title',
  'shop.closed.body',
  'shop.openingHours',
  'shop.loading',
  'shop.categories',
  'shop.description',
  'shop.hostedBy',
  'shop.contact',
  'shop.refundPolicy',
  'shop.companyDetails',
  'shop.orgNumber',
  'shop.home',
  'shop.cartSummary_one',
  'shop.cartSummary_other',
  'receipt.title',
  'receipt.receiptNumber',
  'receipt.seller',
  'receipt.orgNumber',
  'receipt.vat',
  'receipt.vatRate',
  'receipt.net',
  'receipt.total',
  'receipt.paymentMethods',
  'receipt.date',
  'receipt.cashRegister',
  'receipt.controlUnit',
  'receipt.controlCode',
  'receipt.paidBy',
  'receipt.email',
  'receipt.send',
  'receipt.sending',
  'receipt.emailError',
  'receipt.emailSent',
  'receipt.download',
  'receipt.countTimes',
  'reference.title',
  'reference.placeholder',
  'reference.save',
  'reference.emptyInput',
  'reference.notFound',
  'reference.label',
  'integrate.integrating',
  'integrate.continue',
  'integrate.tryAgain',
  'integrate.onlyVismaAndFortnox',
  'integrate.fortnoxIntegrationSuccess',
  'integrate.vismaIntegrationSuccess',
  'integrate.vismaIntegrationFailed',
  'integrate.bookkeepingTitle',
  'integrate.moreInfo',
  'integrate.connecting',
  'integrate.redirecting',
  'passwordReset.title',
  'passwordReset.newPassword',
  'passwordReset.repeatPassword',
  'passwordReset.change',
  'passwordReset.passwordTooShort_one',
  'passwordReset.passwordTooShort_other',
  'passwordReset.validationNotMatching',
  'passwordReset.passwordTooWeak',
  'passwordReset.linkExpired',
  'passwordReset.changed',
  'passwordReset.loading',
  'error.title',
  'error.body',
  'error.anErrorOccurred',
  'error.unknown',
  'error.connection',
  'error.tryLater',
  'error.pageNotFound.title',
  'error.pageNotFound.body',
  'error.pageNotFound.link',
  'error.withMessage',
  'common.somethingWentWrong',
  'common.loading',
  'common.close',
  'common.save',
  'common.back',
  'common.retry',
  'common.language',
  'common.languageChoice',
  'common.languages.se',
  'common.languages.en',
  'common.languages.fi',
  'common.offline',
  'download.title',
  'download.button',
  'download.downloadReceipt',
  'download.invalidUrl',
  'cardPayment.title',
  'cardPayment.amount',
  'cardPayment.pay',
  'cardPayment.processing',
  'cardPayment.error',
  'cardPayment.success',
  'cardPayment.completed',
  'cardPayment.cardLabel',
  'tab.title',
  'tab.items',
  'tab.pay',
] as const;

/** Variables a key must offer (the caller passes them; SPEC §2, §5, §8). */
const REQUIRED_VARIABLES: Record<string, string[]> = {
  'paymentMethods.swish.error': ['errorMessage'],
  'paymentMethods.stripe.error': ['errorMessage'],
  'error.withMessage': ['errorMessage'],
  'deviations.hintRange': ['max', 'min'],
  'cart.increase': ['name'],
  'cart.decrease': ['name'],
  'product.addToCart': ['name'],
  'shop.hostedBy': ['provider'],
  'receipt.vatRate': ['rate'],
  'receipt.countTimes': ['count', 'name'],
  'receipt.discountPercent': ['percent'],
  'integrate.integrating': ['bookkeeper', 'companyName'],
  'integrate.integratingBookkeeper': ['bookkeeper'],
  'passwordReset.changed': ['email'],
  'shop.cartSummary_one': ['count', 'total'],
  'shop.cartSummary_other': ['count', 'total'],
  // Sentences with a value are one key each, so every language puts the value where its word order wants it.
  'receipt.receiptNumber': ['number'],
  'receipt.orgNumber': ['number'],
  'receipt.paidBy': ['method'],
  'cardPayment.amount': ['amount'],
  'cart.customerReference': ['reference'],
  'cart.quantity': ['name', 'quantity'],
  'integrate.declined': ['bookkeeper'],
  'shop.orgNumber': ['number'],
  'product.quantity': ['quantity'],
  'product.total': ['total'],
  'product.category': ['category'],
  'fields.optionalLabel': ['field'],
};

/** Texts that are the same word in every language (brand names, the languages' own names, symbols). */
const SAME_IN_ALL_LANGUAGES = new Set([
  'paymentMethods.names.swish',
  'common.languageChoice',
  'common.languages.se',
  'common.languages.en',
  'common.languages.fi',
  'reference.placeholder',
  'deviations.price',
  // §9 a receipt row: the count, '×' and the name read the same in every language.
  'receipt.countTimes',
]);

describe('translation files (DESIGN rule 8: every key exists in se, en and fi)', () => {
  it('se, en and fi hold exactly the same flattened key set', () => {
    const enKeys = [...flat.en.keys()].sort();
    expect([...flat.se.keys()].sort()).toEqual(enKeys);
    expect([...flat.fi.keys()].sort()).toEqual(enKeys);
  });

  it.each(['se', 'en', 'fi'] as const)('every value in %s is a non-empty string', (lng) => {
    for (const [key, value] of flat[lng]) {
      expect({ key, type: typeof value }).toEqual({ key, type: 'string' });
      expect({ key, empty: String(value).trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it('every key uses the same interpolation variables in all three languages', () => {
    for (const [key, text] of flat.en) {
      expect({ key, vars: variables(flat.se.get(key)) }).toEqual({ key, vars: variables(text) });
      expect({ key, vars: variables(flat.fi.get(key)) }).toEqual({ key, vars: variables(text) });
    }
  });

  it.each(REQUIRED_KEYS.map((key) => [key]))('has the key %s named by the spec and the brief', (key) => {
    for (const lng of ['se', 'en', 'fi'] as const) expect(flat[lng].has(key)).toBe(true);
  });

  it('keys that show a value offer it as an i18next {{variable}} (SPEC §2, §8)', () => {
    for (const [key, vars] of Object.entries(REQUIRED_VARIABLES)) {
      expect({ key, vars: variables(flat.en.get(key)) }).toEqual({ key, vars: [...vars].sort() });
    }
  });

  it('counted texts have both _one and _other forms and show {{count}} (Swedish and Finnish use one/other)', () => {
    const pluralBases = new Set(
      [...flat.en.keys()].filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_(one|other)$/, '')),
    );
    expect(pluralBases.size).toBeGreaterThan(0);
    for (const base of pluralBases) {
      for (const lng of ['se', 'en', 'fi'] as const) {
        expect({ base, lng, one: flat[lng].has(`${base}_one`) }).toEqual({ base, lng, one: true });
        expect({ base, lng, other: flat[lng].has(`${base}_other`) }).toEqual({ base, lng, other: true });
        expect(variables(flat[lng].get(`${base}_other`))).toContain('count');
        // A base key beside its plural forms would shadow nothing and only confuse translators.
        expect(flat[lng].has(base)).toBe(false);
      }
    }
  });

  it('Swedish and Finnish are real translations, not English copies', () => {
    for (const lng of ['se', 'fi'] as const) {
      const copied = [...flat.en].filter(
        ([key, text]) => !SAME_IN_ALL_LANGUAGES.has(key) && flat[lng].get(key) === text,
      );
      expect({ lng, copied: copied.map(([key]) => key) }).toEqual({ lng, copied: [] });
    }
  });
});

describe('no sentence is glued from pieces', () => {
  const SOURCE = join(__dirname, '..', '..', '..', 'src');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(join(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? [join(dir, entry.name)]
          : [],
    );
  // A translated piece joined to a value or another piece outside i18next: `${t('a')} ${x}`, t('a') + x,
  // {t('a')}: {x} or {x} {t('a')} in JSX children (not props: label={t('a')} css={…}). The language then
  // cannot choose the word order. Two whole sentences side by side ({t('a')}{' '}<Link>…) are fine.
  const GLUED = [
    /`[^`]*\$\{t\(/,
    /\bt\([^()]*\)\s*\+|\+\s*t\(/,
    /(?<!=)\{t\([^{}]*\)\}[^<>{}=\n]*\{(?!\/\*|' '\})/,
    /\}[^<>{}=\n]*\{t\(/,
  ];

  it('src has no translated text joined to a value or another text in code', () => {
    const glued: string[] = [];
    for (const file of files(SOURCE).filter((f) => !f.includes(`${join('src', 'demo-api')}`))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (GLUED.some((re) => re.test(line)))
            glued.push(`${relative(SOURCE, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(glued).toEqual([]);
  });
});

describe('texts the spec quotes', () => {
  it.each([
    ['validation.required', 'The field is required'], // §5
    ['validation.email', 'Enter a valid email'], // §5
    ['paymentMethods.title', 'Choose payment'], // §2 cart page
    ['paymentMethods.swish.phoneRequired', 'You must enter a phone number'], // §5
    ['paymentMethods.swish.cancelled', 'Payment was cancelled'], // §8
    ['paymentMethods.swish.error', 'An error occurred, please try again: {{errorMessage}}'], // §8
    ['paymentMethods.stripe.unknownError', 'An unknown error occurred, please try again'], // §8
    ['deviations.selectRequired', 'Select all necessary add-ons'], // §5
    ['cart.outOfStockError', 'Articles are out of stock'], // §8
    ['cart.onlyInStock_other', 'Only {{count}} in stock'], // §5
    ['reference.emptyInput', 'You must enter a table number'], // §2 reference page
    ['reference.notFound', 'Table number not found'], // §2 reference page
    ['integrate.onlyVismaAndFortnox', 'Only Visma and Fortnox are supported'], // §2 integration start
    ['passwordReset.validationNotMatching', 'Passwords do not match'], // §5
    ['passwordReset.passwordTooWeak', 'Your password is not secure enough'], // §5
    ['passwordReset.linkExpired', 'The link has expired, ask for a new one in the app'], // §8
    ['receipt.emailError', 'Could not send receipt'], // §8
    ['error.anErrorOccurred', 'An error occurred, please try again'], // §8
    ['error.unknown', 'An unknown error occurred, please try again'], // §8
    ['error.connection', 'Something went wrong with the connection, developers have been notified'], // §8
    ['error.tryLater', 'Something went wrong, please try again later'], // §8
    ['error.withMessage', 'An error occurred, please try again: {{errorMessage}}'], // §8
    ['shop.notFound.title', 'Shop not found'], // §8
    ['error.pageNotFound.title', 'Page not found'], // §8
    ['fields.optional', '(optional)'],
  ])('English %s is %j', (key, text) => {
    expect(flat.en.get(key)).toBe(text);
  });

  it.each([
    ['download.title', 'Ladda ner ditt kvitto'], // §2 receipt download page
    ['download.button', 'Ladda ner'], // §2 receipt download page
    ['cardPayment.title', 'Kortbetalning'], // §2 card payment page
    ['cardPayment.pay', 'Betala'], // §2 card payment page
    ['cardPayment.completed', 'Betalning genomförd'], // §2 card payment page
  ])('Swedish %s is %j', (key, text) => {
    expect(flat.se.get(key)).toBe(text);
  });

  it("§9 every receipt line reads 'count × name', then its unit price and amount, in every language", () => {
    for (const lng of ['se', 'en', 'fi'] as const)
      expect(flat[lng].get('receipt.countTimes')).toBe('{{count}} × {{name}}');
  });

  it("the reference placeholder is '01' in every language (SPEC §2 reference page)", () => {
    for (const lng of ['se', 'en', 'fi'] as const) expect(flat[lng].get('reference.placeholder')).toBe('01');
  });

  it('each language is named in its own language in every file (language picker)', () => {
    for (const lng of ['se', 'en', 'fi'] as const) {
      expect(flat[lng].get('common.languages.se')).toBe('Svenska');
      expect(flat[lng].get('common.languages.en')).toBe('English');
      expect(flat[lng].get('common.languages.fi')).toBe('Suomi');
    }
  });

  it('issue 39: the language choice is named in all three languages, the same in every file', () => {
    for (const lng of ['se', 'en', 'fi'] as const)
      expect(flat[lng].get('common.languageChoice')).toBe('Språk / Language / Kieli');
  });

  it('the integration failure text names no single provider, as it is used for Fortnox too (SPEC §8)', () => {
    for (const lng of ['se', 'en', 'fi'] as const) {
      expect(flat[lng].get('integrate.vismaIntegrationFailed')).not.toMatch(/visma|fortnox/i);
    }
  });
});
