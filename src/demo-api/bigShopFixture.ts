/**
 * `bigshop`: 2,000 products in 40 categories for performance work (long lists, big payloads). Generated
 * deterministically (a fixed linear congruential sequence), so every start and every test sees the same shop.
 */
import type { WireDeviationGroup, WireTag } from '../contract';
import { categoriesOf, makeProduct } from './fixtureBuilders';
import type { FixtureDeviation, FixtureProduct, ShopFixture } from './fixtureTypes';

const CATEGORY_COUNT = 40;
const PRODUCTS_PER_CATEGORY = 50;

const CATEGORY_WORDS = [
  'Frukt',
  'Grönsaker',
  'Bröd',
  'Mejeri',
  'Ost',
  'Chark',
  'Fisk',
  'Skafferi',
  'Kryddor',
  'Godis',
  'Snacks',
  'Läsk',
  'Juice',
  'Kaffe',
  'Te',
  'Fryst',
  'Glass',
  'Barnmat',
  'Hygien',
  'Städ',
  'Husdjur',
  'Kök',
  'Papper',
  'Blommor',
  'Tidningar',
  'Batterier',
  'Lampor',
  'Leksaker',
  'Kontor',
  'Hälsa',
  'Bakning',
  'Pasta',
  'Ris',
  'Konserver',
  'Såser',
  'Olja',
  'Nötter',
  'Flingor',
  'Kex',
  'Säsong',
];
const ADJECTIVES = [
  'Ekologisk',
  'Svensk',
  'Klassisk',
  'Mild',
  'Stark',
  'Söt',
  'Rökt',
  'Färsk',
  'Krispig',
  'Lyxig',
];

/** Deterministic pseudo-random numbers (Numerical Recipes LCG); good enough for fixture variety. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Builds the big shop. Called once per process start (seeding) and cached by the catalog. */
export function bigShopFixture(): ShopFixture {
  const next = sequence(20240601);
  const products: FixtureProduct[] = [];
  const categoryNames: [string, string][] = [];
  for (let c = 0; c < CATEGORY_COUNT; c += 1) {
    const categoryId = `b-cat-${String(c + 1).padStart(2, '0')}`;
    categoryNames.push([categoryId, CATEGORY_WORDS[c] ?? `Kategori ${c + 1}`]);
    for (let p = 0; p < PRODUCTS_PER_CATEGORY; p += 1) {
      const n = c * PRODUCTS_PER_CATEGORY + p + 1;
      const id = `b-${String(n).padStart(4, '0')}`;
      const adjective = ADJECTIVES[Math.floor(next() * ADJECTIVES.length)] ?? 'Vanlig';
      const price = (Math.floor(next() * 200) + 5) * 100 - (next() < 0.5 ? 5 : 0) * 10;
      const limited = next() < 0.1;
      const general = c === 18 || c === 19 || c === 26 || c === 27; // hygien, städ, lampor, leksaker: 25 %
      products.push(
        makeProduct(
          id,
          `${adjective} ${(CATEGORY_WORDS[c] ?? 'vara').toLowerCase()} nr ${n}`,
          price,
          'SEK',
          categoryId,
          general ? 25 : 12,
          {
            description: next() < 0.3 ? `Artikel ${n} i sortimentet. Jämförpris finns i butiken.` : null,
            tags: next() < 0.15 ? ['b-tag-eko'] : next() < 0.05 ? ['b-tag-nyhet'] : [],
            groups: n % 97 === 0 ? ['b-group-gift'] : undefined,
            stock: limited ? Math.floor(next() * 20) : undefined,
            image: false,
          },
        ),
      );
    }
  }
  const tags: WireTag[] = [
    { id: 'b-tag-eko', tag: 'Ekologisk', color: '#2e7d32' },
    { id: 'b-tag-nyhet', tag: 'Nyhet', color: '#ad1457' },
  ];
  const deviations: FixtureDeviation[] = [
    { id: 'b-dev-wrap', name: 'Presentinslagning', price: { amount: 2500, currency: 'SEK' }, tax: 25 },
    { id: 'b-dev-card', name: 'Hälsningskort', price: { amount: 1500, currency: 'SEK' }, tax: 25 },
  ];
  const deviationGroups: WireDeviationGroup[] = [
    {
      id: 'b-group-gift',
      name: 'Present',
      deviationIds: ['b-dev-wrap', 'b-dev-card'],
      minCount: null,
      maxCount: null,
    },
  ];
  return {
    companyId: 'c-bigshop',
    company: {
      name: 'Storbutiken i Demo AB',
      organizationnumber: '556999-0001',
      street: 'Handelsvägen 100',
      postalCode: '171 00',
      city: 'Solna',
      phone: '08-700 00 00',
      email: 'kund@storbutiken.example',
      country: 'SWEDEN',
      logo: null,
    },
    shop: {
      shopId: 'bigshop',
      title: 'Storbutiken',
      description: '2 000 varor i 40 kategorier – för prestandatester.',
      primaryColor: '#00695c',
      backgroundColor: '#ffffff',
      displayType: 'NO_IMAGE',
      openHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '07:00', closes: '22:00' })),
      active: true,
      isOpen: true,
      requireReference: false,
      refundPolicy: 'Öppet köp i 30 dagar mot kvitto.',
      customerInputs: null,
    },
    categories: categoriesOf(categoryNames, products),
    products,
    deviations,
    deviationGroups,
    tags,
    paymentMethods: [
      { id: 'pm-bigshop-swish', type: 'SWISH_TRADE', stripeAccountId: null },
      { id: 'pm-bigshop-stripe', type: 'STRIPE', stripeAccountId: 'acct_demo_bigshop' },
    ],
    references: [],
    tabs: [],
    cashRegisterLabel: 'Kassa 7 – Storbutiken',
    controlUnitSerial: 'DEMO-KE-000505',
    timeZone: 'Europe/Stockholm',
  };
}
