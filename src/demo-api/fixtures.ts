/**
 * The demo shops (fixtures). Texts are Swedish unless the shop is Finnish; images are generated SVGs served
 * by /demo/images, so nothing is fetched from outside. VAT follows the real rates: Sweden 12 % for food and
 * non-alcoholic drinks, 25 % for alcohol and goods; Finland 14 % for food, 25.5 % for the rest.
 */
import type {
  Currency,
  WireCustomerInputs,
  WireDeviationGroup,
  WireOpenHours,
  WirePaymentMethod,
  WireTag,
} from '../contract';
import { bigShopFixture } from './bigShopFixture';
import { categoriesOf, imageUrl, makeProduct } from './fixtureBuilders';
import type { FixtureDeviation, FixtureIntent, FixtureProduct, ShopFixture } from './fixtureTypes';

const WEEKDAYS = [1, 2, 3, 4, 5];
function hours(weekdays: number[], opens: string, closes: string): WireOpenHours[] {
  return weekdays.map((weekday) => ({ weekday, opens, closes }));
}

function input(active: boolean, required: boolean): { active: boolean; required: boolean } {
  return { active, required };
}

const cafeInputs: WireCustomerInputs = {
  nameInput: input(true, true),
  emailInput: input(true, true),
  phoneInput: input(true, false),
  extraInfoInput: input(true, false),
  addressInput: input(false, false),
};

// ------------------------------------------------------------------------------------------------ café

const SEK: Currency = 'SEK';
const FOOD_SE = 12;
const GENERAL_SE = 25;

const cafeGroups: WireDeviationGroup[] = [
  { id: 'g-milk', name: 'Mjölk', deviationIds: ['d-oat', 'd-cow', 'd-soy'], minCount: 1, maxCount: 1 },
  {
    id: 'g-syrup',
    name: 'Smaksirap',
    deviationIds: ['d-vanilla', 'd-caramel', 'd-hazelnut'],
    minCount: null,
    maxCount: 2,
  },
  {
    id: 'g-topping',
    name: 'Topping',
    deviationIds: ['d-cream', 'd-cinnamon', 'd-cocoa', 'd-chocsauce'],
    minCount: 1,
    maxCount: 3,
  },
  { id: 'g-shot', name: 'Extra espresso', deviationIds: ['d-shot'], minCount: null, maxCount: 1 },
];

const cafeDeviations: FixtureDeviation[] = [
  { id: 'd-oat', name: 'Havredryck', price: null },
  { id: 'd-cow', name: 'Mellanmjölk', price: null },
  { id: 'd-soy', name: 'Sojadryck', price: { amount: 300, currency: SEK } },
  { id: 'd-vanilla', name: 'Vaniljsirap', price: { amount: 500, currency: SEK } },
  { id: 'd-caramel', name: 'Kolasirap', price: { amount: 500, currency: SEK } },
  { id: 'd-hazelnut', name: 'Hasselnötssirap', price: { amount: 500, currency: SEK } },
  { id: 'd-cream', name: 'Vispgrädde', price: null },
  { id: 'd-cinnamon', name: 'Kanel', price: null },
  { id: 'd-cocoa', name: 'Kakaopulver', price: null },
  { id: 'd-chocsauce', name: 'Chokladsås', price: { amount: 400, currency: SEK } },
  { id: 'd-shot', name: 'Extra shot', price: { amount: 800, currency: SEK } },
];

const cafeTags: WireTag[] = [
  { id: 't-vegan', tag: 'Vegansk', color: '#2e7d32' },
  { id: 't-gluten', tag: 'Glutenfri', color: '#ef6c00' },
  { id: 't-new', tag: 'Nyhet', color: '#6a1b9a' },
  { id: 't-lactose', tag: 'Laktosfri', color: '#1565c0' },
  { id: 't-season', tag: 'Säsong', color: '#c62828' },
];

const cafeProducts: FixtureProduct[] = [
  makeProduct('brygg', 'Bryggkaffe', 3200, SEK, 'c-coffee', FOOD_SE, {
    description: 'Nybryggt kaffe från Etiopien, påtår ingår.',
    tags: ['t-vegan'],
  }),
  makeProduct('cappuccino', 'Cappuccino', 4500, SEK, 'c-coffee', FOOD_SE, {
    description: 'Dubbel espresso med len mjölkskum.',
    groups: ['g-milk', 'g-syrup', 'g-shot'],
  }),
  makeProduct('latte', 'Caffè latte', 4800, SEK, 'c-coffee', FOOD_SE, {
    description: 'Mild espresso med mycket varm mjölk. Välj gärna en smaksirap.',
    groups: ['g-milk', 'g-syrup', 'g-shot'],
  }),
  makeProduct('flatwhite', 'Flat white på havre', 4900, SEK, 'c-coffee', FOOD_SE, {
    description: 'Stark och krämig, gjord på havredryck.',
    tags: ['t-vegan', 't-lactose', 't-new'],
    groups: ['g-syrup'],
  }),
  makeProduct('espresso', 'Espresso', 3000, SEK, 'c-coffee', FOOD_SE, {
    tags: ['t-vegan'],
    groups: ['g-shot'],
  }),
  makeProduct('choklad', 'Varm choklad', 4200, SEK, 'c-tea', FOOD_SE, {
    description: 'Riktig mörk choklad, välj mjölk och minst en topping.',
    groups: ['g-milk', 'g-topping'],
  }),
  makeProduct('chai', 'Chai latte', 4600, SEK, 'c-tea', FOOD_SE, { groups: ['g-milk', 'g-syrup'] }),
  makeProduct('te', 'Te från Kinas berg', 3500, SEK, 'c-tea', FOOD_SE, {
    description: 'Grönt, svart eller örtte.',
    tags: ['t-vegan'],
  }),
  makeProduct('kanelbulle', 'Kanelbulle', 3500, SEK, 'c-pastry', FOOD_SE, {
    description: 'Bakad i dag med smör och pärlsocker.',
  }),
  makeProduct('kardemumma', 'Kardemummabulle', 3600, SEK, 'c-pastry', FOOD_SE),
  makeProduct('semla', 'Semla', 5500, SEK, 'c-pastry', FOOD_SE, {
    description: 'Säsongens semla med mandelmassa och grädde. Bara några kvar i dag!',
    tags: ['t-season'],
    stock: 3,
  }),
  makeProduct('prinsesstarta', 'Prinsesstårta, bit', 5900, SEK, 'c-pastry', FOOD_SE, {
    description: 'Slut för i dag.',
    stock: 0,
  }),
  makeProduct('kladdkaka', 'Kladdkaka', 4500, SEK, 'c-pastry', FOOD_SE, { tags: ['t-gluten'] }),
  makeProduct('raksmorgas', 'Räksmörgås', 9500, SEK, 'c-sandwich', FOOD_SE, {
    description: 'Handskalade räkor, ägg, majonnäs och dill på surdegsbröd.',
    tags: ['t-lactose'],
  }),
  makeProduct('ostfralla', 'Ostfralla', 4900, SEK, 'c-sandwich', FOOD_SE, {
    description: 'Västerbottensost, smör och gurka.',
  }),
  makeProduct('wrap', 'Vegansk wrap med falafel', 8900, SEK, 'c-sandwich', FOOD_SE, { tags: ['t-vegan'] }),
  makeProduct('applejuice', 'Äppeljuice från Österlen', 3200, SEK, 'c-cold', FOOD_SE, { tags: ['t-vegan'] }),
  makeProduct('cider', 'Äppelcider 4,5 %', 6900, SEK, 'c-cold', GENERAL_SE, {
    description: 'Alkoholhaltig, från 18 år.',
  }),
  makeProduct('mugg', 'Termosmugg', 19900, SEK, 'c-merch', GENERAL_SE, {
    description: 'Vår egen mugg, 35 cl.',
    stock: 12,
  }),
  makeProduct('bonor', 'Kaffebönor 250 g', 8900, SEK, 'c-merch', FOOD_SE, {
    description: 'Husets mellanrost.',
  }),
];

const cafeFixture: ShopFixture = {
  companyId: 'c-cafe',
  company: {
    name: 'Café Kanelbullen AB',
    organizationnumber: '559123-4567',
    street: 'Storgatan 12',
    postalCode: '111 22',
    city: 'Stockholm',
    phone: '08-123 456 78',
    email: 'hej@kanelbullen.example',
    country: 'SWEDEN',
    currency: 'SEK',
    logo: imageUrl('logo-cafe'),
  },
  shop: {
    shopId: 'cafe',
    title: 'Café Kanelbullen',
    description:
      'Kaffe, bullar och smörgåsar – beställ vid bordet och hämta i disken när vi ropar ditt namn.',
    primaryColor: '#7b4a2d',
    backgroundColor: '#fdf8f3',
    displayType: 'LARGE_IMAGE',
    openHours: [
      ...hours(WEEKDAYS, '07:00', '18:00'),
      ...hours([6], '09:00', '17:00'),
      ...hours([7], '10:00', '16:00'),
    ],
    active: true,
    isOpen: true,
    requireReference: false,
    refundPolicy:
      'Ångrar du ett köp? Kontakta oss i kassan eller på hej@kanelbullen.example samma dag, så återbetalar vi till samma betalsätt. Livsmedel som lämnats ut kan inte returneras.',
    customerInputs: cafeInputs,
  },
  categories: categoriesOf(
    [
      ['c-coffee', 'Kaffe'],
      ['c-tea', 'Te och choklad'],
      ['c-pastry', 'Bakverk'],
      ['c-sandwich', 'Smörgåsar'],
      ['c-cold', 'Kalla drycker'],
      ['c-merch', 'Att ta med hem'],
    ],
    cafeProducts,
  ),
  products: cafeProducts,
  deviations: cafeDeviations,
  deviationGroups: cafeGroups,
  tags: cafeTags,
  paymentMethods: [
    { id: 'pm-cafe-swish', type: 'SWISH_TRADE', stripeAccountId: null },
    { id: 'pm-cafe-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
    { id: 'pm-cafe-stripe', type: 'STRIPE', stripeAccountId: 'acct_demo_cafe' },
  ],
  references: [],
  tabs: [],
  cashRegisterLabel: 'Kassa 1 – Café Kanelbullen',
  controlUnitSerial: 'DEMO-KE-000101',
  timeZone: 'Europe/Stockholm',
};

// ------------------------------------------------------------------------------------------------ restaurant

const restaurantProducts: FixtureProduct[] = [
  makeProduct('skagen', 'Toast Skagen', 14500, SEK, 'r-starter', FOOD_SE, {
    description: 'Räkor, löjrom och dill på smörstekt bröd.',
  }),
  makeProduct('sill', 'Inlagd sill med potatis', 11500, SEK, 'r-starter', FOOD_SE),
  makeProduct('kottbullar', 'Köttbullar med potatismos', 19500, SEK, 'r-main', FOOD_SE, {
    description: 'Med gräddsås, lingon och pressgurka.',
    groups: ['g-side'],
  }),
  makeProduct('lax', 'Ugnsbakad lax', 22500, SEK, 'r-main', FOOD_SE, {
    description: 'Med hollandaise och färskpotatis.',
    tags: ['t-gluten'],
  }),
  makeProduct('pytt', 'Pytt i panna', 17500, SEK, 'r-main', FOOD_SE, {
    description: 'Med stekt ägg och rödbetor.',
    groups: ['g-side'],
  }),
  makeProduct('vegbiff', 'Rödbetsbiff', 18500, SEK, 'r-main', FOOD_SE, { tags: ['t-vegan'] }),
  makeProduct('kladdkaka-r', 'Kladdkaka med grädde', 8900, SEK, 'r-dessert', FOOD_SE),
  makeProduct('lattol', 'Lättöl', 4500, SEK, 'r-drink', FOOD_SE),
  makeProduct('ol', 'Stor stark', 8900, SEK, 'r-drink', GENERAL_SE, { description: 'Från 18 år.' }),
  makeProduct('vin', 'Husets vin, glas', 10500, SEK, 'r-drink', GENERAL_SE, {
    description: 'Rött eller vitt. Från 18 år.',
  }),
  makeProduct('dricka', 'Hemgjord lemonad', 4200, SEK, 'r-drink', FOOD_SE, { stock: 8 }),
];

const restaurantFixture: ShopFixture = {
  companyId: 'c-restaurant',
  company: {
    name: 'Restaurang Sjöboden HB',
    organizationnumber: '969712-3456',
    street: 'Hamnpiren 3',
    postalCode: '413 09',
    city: 'Göteborg',
    phone: '031-98 76 54',
    email: 'bord@sjoboden.example',
    country: 'SWEDEN',
    logo: imageUrl('logo-restaurant'),
  },
  shop: {
    shopId: 'restaurant',
    title: 'Restaurang Sjöboden',
    description: 'Husmanskost vid kajen. Ange ditt bordsnummer så bär vi ut maten.',
    primaryColor: '#0d3b66',
    backgroundColor: '#ffffff',
    displayType: 'SMALL_IMAGE',
    openHours: [...hours(WEEKDAYS, '11:00', '22:00'), ...hours([6, 7], '12:00', '23:00')],
    active: true,
    isOpen: true,
    requireReference: true,
    refundPolicy:
      'Reklamationer tas emot av personalen på plats. Återbetalning sker till det betalsätt du använde.',
    customerInputs: null,
  },
  categories: categoriesOf(
    [
      ['r-starter', 'Förrätter'],
      ['r-main', 'Varmrätter'],
      ['r-dessert', 'Efterrätter'],
      ['r-drink', 'Dryck'],
    ],
    restaurantProducts,
  ),
  products: restaurantProducts,
  deviations: [
    { id: 'd-mash', name: 'Potatismos', price: null },
    { id: 'd-fries', name: 'Pommes frites', price: null },
    { id: 'd-extra-lingon', name: 'Extra lingon', price: { amount: 1000, currency: SEK } },
  ],
  deviationGroups: [
    {
      id: 'g-side',
      name: 'Tillbehör',
      deviationIds: ['d-mash', 'd-fries', 'd-extra-lingon'],
      minCount: 1,
      maxCount: 2,
    },
  ],
  tags: [
    { id: 't-vegan', tag: 'Vegansk', color: '#2e7d32' },
    { id: 't-gluten', tag: 'Glutenfri', color: '#ef6c00' },
  ],
  paymentMethods: [
    { id: 'pm-restaurant-swish', type: 'SWISH_TRADE', stripeAccountId: null },
    { id: 'pm-restaurant-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
  ],
  references: Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(2, '0')),
  tabs: [
    {
      id: 'tab-12',
      customerReference: 'Bord 12',
      entries: [
        { id: 'tab-12-1', productId: 'skagen', count: 2, deviationIds: [], description: null },
        {
          id: 'tab-12-2',
          productId: 'kottbullar',
          count: 1,
          deviationIds: ['d-mash', 'd-extra-lingon'],
          description: 'Utan pressgurka',
        },
        { id: 'tab-12-3', productId: 'lattol', count: 3, deviationIds: [], description: null },
        { id: 'tab-12-4', productId: 'vin', count: 2, deviationIds: [], description: 'Rött' },
      ],
    },
  ],
  cashRegisterLabel: 'Kassa 2 – Sjöboden',
  controlUnitSerial: 'DEMO-KE-000202',
  timeZone: 'Europe/Stockholm',
};

// ------------------------------------------------------------------------------------------------ closed

const closedProducts: FixtureProduct[] = [
  makeProduct('strut', 'Glasstrut, två kulor', 4500, SEK, 'k-glass', FOOD_SE),
  makeProduct('softglass', 'Mjukglass', 3500, SEK, 'k-glass', FOOD_SE),
];

const closedFixture: ShopFixture = {
  companyId: 'c-closed',
  company: {
    name: 'Glassbaren på Strandvägen AB',
    organizationnumber: '556677-8899',
    street: 'Strandvägen 1',
    postalCode: '114 51',
    city: 'Stockholm',
    phone: '08-555 123 00',
    email: 'glass@glassbaren.example',
    country: 'SWEDEN',
    logo: null,
  },
  shop: {
    shopId: 'closed',
    title: 'Glassbaren',
    description: 'Sommarens bästa glass. Vi har stängt för säsongen – välkommen tillbaka i maj!',
    primaryColor: '#f06292',
    backgroundColor: '#fff8fb',
    displayType: 'LARGE_IMAGE',
    openHours: [...hours([1, 2, 3, 4, 5, 6, 7], '11:00', '21:00')],
    active: true,
    isOpen: false,
    requireReference: false,
    refundPolicy: 'Glass som köpts kan inte returneras.',
    customerInputs: null,
  },
  categories: categoriesOf([['k-glass', 'Glass']], closedProducts),
  products: closedProducts,
  deviations: [],
  deviationGroups: [],
  tags: [],
  paymentMethods: [{ id: 'pm-closed-swish', type: 'SWISH_TRADE', stripeAccountId: null }],
  references: [],
  tabs: [],
  cashRegisterLabel: 'Kassa 1 – Glassbaren',
  controlUnitSerial: 'DEMO-KE-000303',
  timeZone: 'Europe/Stockholm',
};

// ------------------------------------------------------------------------------------------------ kahvila (FI)

const EUR: Currency = 'EUR';
const FOOD_FI = 14;
const GENERAL_FI = 25.5;

const kahvilaProducts: FixtureProduct[] = [
  makeProduct('kahvi', 'Suodatinkahvi', 320, EUR, 'f-kahvi', FOOD_FI, {
    description: 'Vaalea paahto, santsikuppi kuuluu hintaan.',
  }),
  makeProduct('cappuccino-fi', 'Cappuccino', 450, EUR, 'f-kahvi', FOOD_FI, { groups: ['g-maito'] }),
  makeProduct('korvapuusti', 'Korvapuusti', 390, EUR, 'f-leivonnaiset', FOOD_FI, {
    description: 'Tuore ja lämmin.',
  }),
  makeProduct('karjalanpiirakka', 'Karjalanpiirakka munavoilla', 250, EUR, 'f-leivonnaiset', FOOD_FI, {
    stock: 5,
  }),
  makeProduct('mustikkapiirakka', 'Mustikkapiirakka', 450, EUR, 'f-leivonnaiset', FOOD_FI, {
    description: 'Vaniljakastikkeella.',
  }),
  makeProduct('lohikeitto', 'Lohikeitto', 1390, EUR, 'f-ruoka', FOOD_FI, {
    description: 'Kermainen lohikeitto ja ruisleipää.',
  }),
  makeProduct('olut', 'Olut 0,4 l', 790, EUR, 'f-juomat', GENERAL_FI, {
    description: 'Vain täysi-ikäisille.',
  }),
  makeProduct('muki', 'Kahvilan muki', 1500, EUR, 'f-juomat', GENERAL_FI, {
    description: 'Keraaminen muki kotiin.',
  }),
];

const kahvilaFixture: ShopFixture = {
  companyId: 'c-kahvila',
  company: {
    name: 'Kahvila Mustikka Oy',
    organizationnumber: '1234567-8',
    street: 'Aleksanterinkatu 5',
    postalCode: '00100',
    city: 'Helsinki',
    phone: '+358 9 123 4567',
    email: 'moi@mustikka.example',
    country: 'FINLAND',
    logo: imageUrl('logo-kahvila'),
  },
  shop: {
    shopId: 'kahvila',
    title: 'Kahvila Mustikka',
    description: 'Kotoisa kahvila Helsingin keskustassa. Tilaa pöydästä ja nouda tiskiltä.',
    primaryColor: '#3949ab',
    backgroundColor: '#f5f6ff',
    displayType: 'LARGE_IMAGE',
    openHours: [...hours(WEEKDAYS, '08:00', '18:00'), ...hours([6], '10:00', '16:00')],
    active: true,
    isOpen: true,
    requireReference: false,
    refundPolicy: 'Palautukset kassalla ostopäivänä. Rahat palautetaan samalle maksutavalle.',
    customerInputs: {
      nameInput: input(true, false),
      emailInput: input(true, true),
      phoneInput: input(false, false),
      extraInfoInput: input(true, false),
      addressInput: input(false, false),
    },
  },
  categories: categoriesOf(
    [
      ['f-kahvi', 'Kahvit'],
      ['f-leivonnaiset', 'Leivonnaiset'],
      ['f-ruoka', 'Ruoka'],
      ['f-juomat', 'Juomat ja tuotteet'],
    ],
    kahvilaProducts,
  ),
  products: kahvilaProducts,
  deviations: [
    { id: 'd-kaura', name: 'Kauramaito', price: { amount: 50, currency: EUR } },
    { id: 'd-lehma', name: 'Lehmänmaito', price: null },
  ],
  deviationGroups: [
    { id: 'g-maito', name: 'Maito', deviationIds: ['d-kaura', 'd-lehma'], minCount: 1, maxCount: 1 },
  ],
  tags: [],
  paymentMethods: [
    { id: 'pm-kahvila-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
    { id: 'pm-kahvila-stripe', type: 'STRIPE', stripeAccountId: 'acct_demo_kahvila' },
  ],
  references: [],
  tabs: [],
  cashRegisterLabel: 'Kassa 1 – Mustikka',
  controlUnitSerial: 'DEMO-FI-000404',
  timeZone: 'Europe/Helsinki',
};

// ------------------------------------------------------------------------------------------------ tabonly

const tabOnlyProducts: FixtureProduct[] = [
  makeProduct('ipa', 'IPA 40 cl', 8900, SEK, 'hidden', GENERAL_SE, { image: false }),
  makeProduct('nachos', 'Nachos', 9500, SEK, 'hidden', FOOD_SE, { image: false }),
  makeProduct('vatten', 'Mineralvatten', 3000, SEK, 'hidden', FOOD_SE, { image: false }),
];

const tabOnlyFixture: ShopFixture = {
  companyId: 'c-tabonly',
  company: {
    name: 'Baren Nota AB',
    organizationnumber: '556000-1111',
    street: 'Kungsgatan 7',
    postalCode: '753 21',
    city: 'Uppsala',
    phone: '018-12 34 56',
    email: 'bar@nota.example',
    country: 'SWEDEN',
    logo: null,
  },
  shop: {
    shopId: 'tabonly',
    title: 'Baren Nota',
    description: null,
    primaryColor: '#212121',
    backgroundColor: '#fafafa',
    displayType: 'NO_IMAGE',
    openHours: hours([4, 5, 6], '16:00', '01:00'),
    active: true,
    isOpen: true,
    requireReference: false,
    refundPolicy: null,
    customerInputs: null,
  },
  categories: [],
  products: tabOnlyProducts,
  deviations: [],
  deviationGroups: [],
  tags: [],
  paymentMethods: [
    { id: 'pm-tabonly-swish', type: 'SWISH_TRADE', stripeAccountId: null },
    { id: 'pm-tabonly-viva', type: 'VIVA_WALLET_WEB', stripeAccountId: null },
  ],
  references: [],
  tabs: [
    {
      id: 'tab-7',
      customerReference: 'Nota 7',
      entries: [
        { id: 'tab-7-1', productId: 'ipa', count: 3, deviationIds: [], description: null },
        { id: 'tab-7-2', productId: 'nachos', count: 1, deviationIds: [], description: 'Extra jalapeños' },
        { id: 'tab-7-3', productId: 'vatten', count: 2, deviationIds: [], description: null },
      ],
    },
  ],
  cashRegisterLabel: 'Bardisken',
  controlUnitSerial: 'DEMO-KE-000606',
  timeZone: 'Europe/Stockholm',
};

// ------------------------------------------------------------------------------------------------ hostile

/** Texts that must render as plain text everywhere; the server stores and returns them verbatim. */
export const HOSTILE_STRINGS = {
  script: '<script>alert(1)</script>',
  img: '<img src=x onerror=alert(1)>',
  sql: "'; DROP TABLE products; --",
  sqlOr: '" OR 1=1 --',
  jsUrl: 'javascript:alert(1)',
  css: 'red;background:url(javascript:alert(1))',
} as const;

const H = HOSTILE_STRINGS;

const hostileProducts: FixtureProduct[] = [
  {
    ...makeProduct('x-script', `${H.script} Smörgås`, 5000, SEK, 'x-cat', FOOD_SE, {
      description: `${H.img} ${H.sqlOr}`,
    }),
    image: H.jsUrl,
  },
  makeProduct('x-sql', H.sql, 2500, SEK, 'x-cat', FOOD_SE, {
    description:
      '<b>fet</b> <a href="javascript:alert(1)">klicka</a> {{constructor.constructor("alert(1)")()}}',
    groups: ['x-group'],
    tags: ['x-tag'],
  }),
  makeProduct('x-unicode', 'Räka 🦐 \u202Egnalp\u202C «Ω» ½', 3000, SEK, 'x-cat', FOOD_SE, {
    description: 'Zero\u200Bwidth, emoji 🍕 and an overlong word '.concat('a'.repeat(300)),
  }),
];

const hostileFixture: ShopFixture = {
  companyId: 'c-hostile',
  company: {
    name: `</title>${H.script} AB`,
    organizationnumber: H.sqlOr,
    street: H.img,
    postalCode: '<u>123</u>',
    city: H.jsUrl,
    phone: '"><svg onload=alert(1)>',
    email: 'x@example.com<script>',
    country: 'SWEDEN',
    logo: H.jsUrl,
  },
  shop: {
    shopId: 'hostile',
    title: `${H.script} Hostile & Co`,
    description: `${H.img} ${H.sql}`,
    primaryColor: H.css,
    backgroundColor: 'expression(alert(1))',
    displayType: 'LARGE_IMAGE',
    openHours: [{ weekday: 1, opens: '<b>08:00</b>', closes: H.script }],
    active: true,
    isOpen: true,
    requireReference: false,
    refundPolicy: `<a href="${H.jsUrl}">Återbetalning</a> ${H.script}`,
    customerInputs: null,
  },
  categories: [{ id: 'x-cat', name: `${H.img} Kategori`, sortedProducts: hostileProducts.map((p) => p.id) }],
  products: hostileProducts,
  deviations: [
    { id: 'x-dev', name: H.script, price: { amount: 100, currency: SEK } },
    { id: 'x-dev2', name: H.sql, price: null },
  ],
  deviationGroups: [
    { id: 'x-group', name: H.img, deviationIds: ['x-dev', 'x-dev2'], minCount: 0, maxCount: 2 },
  ],
  tags: [{ id: 'x-tag', tag: H.script, color: H.css }],
  paymentMethods: [{ id: 'pm-hostile-swish', type: 'SWISH_TRADE', stripeAccountId: null }],
  references: [],
  tabs: [],
  cashRegisterLabel: H.script,
  controlUnitSerial: H.sql,
  timeZone: 'Europe/Stockholm',
};

let cachedShops: ShopFixture[] | null = null;

/**
 * All demo shops in the order the /demo page lists them. Built once per process (the big shop is 2,000
 * generated products) and shared: fixtures are read-only everywhere.
 */
export function demoShopFixtures(): ShopFixture[] {
  cachedShops ??= [
    cafeFixture,
    restaurantFixture,
    closedFixture,
    kahvilaFixture,
    bigShopFixture(),
    tabOnlyFixture,
    hostileFixture,
  ];
  return cachedShops;
}

/** Seeded card-payment-page intents (the card payment page links to `pi_demo_pending`). */
export function demoIntentFixtures(shops: ShopFixture[]): FixtureIntent[] {
  return shops.flatMap((shop) => [
    {
      intentId: 'pi_demo_pending',
      companyId: shop.companyId,
      amount: 24900,
      status: 'PENDING',
      errorMessage: null,
    },
    {
      intentId: 'pi_demo_completed',
      companyId: shop.companyId,
      amount: 12500,
      status: 'COMPLETED',
      errorMessage: null,
    },
    {
      intentId: 'pi_demo_failed',
      companyId: shop.companyId,
      amount: 9900,
      status: 'FAILED',
      errorMessage: 'Your card was declined.',
    },
  ]);
}

/** Stripe account of the card-payment-page intents of a company: its shop's STRIPE method, or a demo id. */
export function stripeAccountOf(shop: ShopFixture): string {
  const method: WirePaymentMethod | undefined = shop.paymentMethods.find((m) => m.type === 'STRIPE');
  return method?.stripeAccountId ?? `acct_demo_${shop.shop.shopId}`;
}
