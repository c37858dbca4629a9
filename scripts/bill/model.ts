/**
 * The bill on paper (issue 37, item 3; docs/deployment.md, "The bill on paper"): what 10,000 venues in three
 * languages cost the host that renders the store page and the provider's API, from a traffic model (below,
 * every number of it a stated assumption), the render's measured cost (docs/performance.md, `npm run
 * bench:render`) and one customer's measured requests (__tests__/e2e/apiCostPerCustomer.spec.ts, which checks
 * its journeys against JOURNEYS). Pure arithmetic: `npx tsx scripts/billOnPaper.ts` prints the doc's tables,
 * and __tests__/docs/billOnPaper.test.ts checks that the doc shows exactly them.
 */

/** The traffic model's assumptions. */
export interface TrafficModel {
  venues: number;
  /** Share of visits per page language (`?lng`; the cache key is shop × language). */
  languages: Record<'se' | 'en' | 'fi', number>;
  /** Zipf exponent of the venues' popularity: venue of rank k gets a share ∝ k^-s. */
  zipfExponent: number;
  /** Mean store-page visits per venue per day (a visit: one arrival on the store page). */
  visitsPerVenuePerDay: number;
  /** Share of visits that end in a payment (the rest look at the menu and leave). */
  payingShare: number;
  /** Share of paying customers on a phone with the Swish app (the page hidden while they approve). */
  swishAppShare: number;
  /** Share of visits whose browser has none of the current build's scripts cached. */
  emptyCacheShare: number;
  /** Per cent of a day's visits in each hour, 00–23 (sums to 100). */
  hourlyPercent: readonly number[];
  daysPerMonth: number;
}

export const MODEL: TrafficModel = {
  venues: 10_000,
  // The café crowd of `npm run bench:crowd` (docs/performance.md): se 600, en 350, fi 50 of 1,000 visitors.
  languages: { se: 0.6, en: 0.35, fi: 0.05 },
  zipfExponent: 0.7,
  visitsPerVenuePerDay: 50,
  payingShare: 0.7,
  swishAppShare: 0.9,
  emptyCacheShare: 0.5,
  // Breakfast from 7, the lunch peak 11–13, fika, the evening peak 17–20, closed from 22 to 7.
  hourlyPercent: [0, 0, 0, 0, 0, 0, 0, 2, 4, 4, 5, 11, 14, 9, 5, 5, 5, 8, 11, 9, 5, 3, 0, 0],
  daysPerMonth: 30,
};

/** The render cache, as the hosts keep it: RENDERED_CACHE_CONTROL (src/ssr/renderStorePage.tsx). */
export const CACHE = { freshS: 60, staleS: 600 } as const;

/**
 * CPU per render, from docs/performance.md ("What a render costs": the latest table of each figure, its last
 * column).
 */
export const RENDER_CPU_MS = {
  workerdCafe: 2.5,
  workerdBigShop: 5.0,
  nodeCafeMedian: 2.3,
  nodeCafeBest: 1.9,
} as const;

const API = '/api/v2/webshop/:shopId';

/**
 * One Swish customer's calls to the provider's API, from the store page to the receipt, as
 * apiCostPerCustomer.spec.ts measures them (it fails when its journey differs): two products, a 30 s wait.
 */
export const JOURNEYS = {
  /** On a phone: Swish opens the app and the page is hidden for the 30 s. */
  app: {
    [`API GET ${API}/cart`]: 1,
    [`API PUT ${API}/cart`]: 3,
    [`API POST ${API}/cart/startPayment`]: 1,
    [`API GET ${API}/cart (poll)`]: 3,
    [`API GET ${API}/receipt/:receiptId`]: 1,
  },
  /** The page on screen for the 30 s (the request sent to the customer's number). */
  onPage: {
    [`API GET ${API}/cart`]: 1,
    [`API PUT ${API}/cart`]: 3,
    [`API POST ${API}/cart/startPayment`]: 1,
    [`API GET ${API}/cart (poll)`]: 30,
    [`API GET ${API}/receipt/:receiptId`]: 1,
  },
} as const satisfies Record<string, Record<string, number>>;

/**
 * What the same journeys ask of the host besides the API, and the bytes (headers and compressed bodies) that
 * came back, from the spec's printed tables (one run; not checked by it: a new script chunk changes them).
 * A browser with the build's scripts cached asks only for the page, the unhashed files it revalidates
 * (/static/… and the favicon, which Chromium asked for three times) and the API.
 */
const HOST_FILES = {
  document: { requests: 1, kib: 10.5 },
  scripts: { requests: 13, kib: 225.3 },
  staticFiles: { requests: 4, kib: 4.5 },
  apiKib: { app: 5.7, onPage: 24.8 },
} as const;

/** Prices, as read on 2026-11-27 (docs/deployment.md names the pages). */
const PRICES = {
  workers: {
    monthlyUsd: 5,
    includedRequests: 10e6,
    usdPerMillionRequests: 0.3,
    includedCpuMs: 30e6,
    usdPerMillionCpuMs: 0.02,
  },
  netlify: {
    /** Pro: the credits a month includes, and what auto recharge charges for more. */
    proMonthlyUsd: 20,
    proCredits: 5_000,
    usdPerCredit: 20 / 1_000,
    /** The only per-request and per-GB rates found: those of the Enterprise plans. */
    creditsPer10kRequests: 2,
    creditsPerGb: 20,
  },
} as const;

/** Sum of a Zipf weight k^-s over ranks 1…n. */
function zipfNorm(n: number, s: number): number {
  let sum = 0;
  for (let k = 1; k <= n; k++) sum += k ** -s;
  return sum;
}

/**
 * One cache key with Poisson arrivals at `perSecond` over an hour, kept fresh `freshS` and served stale
 * `staleS` longer: after each render the page is fresh for freshS; the first visitor after that renders anew
 * (served stale in the background if within staleS, else waiting for it: a miss). A cycle lasts
 * freshS + 1/λ and holds 1 + λ·freshS visits, so renders per visit = 1 / (1 + λ·freshS) and misses per
 * visit = e^(−λ·staleS) / (1 + λ·freshS).
 */
export function cacheShares(perSecond: number): { renders: number; misses: number } {
  const perCycle = 1 + perSecond * CACHE.freshS;
  return { renders: 1 / perCycle, misses: Math.exp(-perSecond * CACHE.staleS) / perCycle };
}

/** What the model gives, per day unless named otherwise. */
interface Bill {
  visitsPerDay: number;
  customersPerDay: number;
  busiestVenueVisits: number;
  medianVenueVisits: number;
  quietestVenueVisits: number;
  peakHour: number;
  peakVisitsPerSecond: number;
  rendersPerDay: number;
  missesPerDay: number;
  peakRendersPerSecond: number;
  averageRendersPerSecond: number;
  apiPerVisit: Record<string, number>;
  peakApiPerSecond: Record<string, number>;
  workerdCpuSecondsPerDay: number;
  workerdCpuSecondsBigShop: number;
  nodeCpuSecondsPerDay: number;
  nodePeakCores: number;
  hostRequestsPerVisit: number;
  kibPerVisit: number;
}

type Journey = Record<string, number>;

/** The API calls of an average visit, by kind, from the journeys and the model's shares. */
function apiPerVisit(
  model: TrafficModel,
  journeys: { app: Journey; onPage: Journey } = JOURNEYS,
): Record<string, number> {
  const perVisit: Record<string, number> = { [`API GET ${API}`]: 0 };
  const add = (journey: Record<string, number>, weight: number) => {
    for (const [kind, count] of Object.entries(journey))
      perVisit[kind] = (perVisit[kind] ?? 0) + count * weight;
  };
  const paying = model.payingShare;
  add(journeys.app, paying * model.swishAppShare);
  add(journeys.onPage, paying * (1 - model.swishAppShare));
  // A visit that only looks: the session read on arrival.
  perVisit[`API GET ${API}/cart`] = (perVisit[`API GET ${API}/cart`] ?? 0) + (1 - paying);
  return perVisit;
}

/** The model's figures. */
function computeBill(model: TrafficModel = MODEL): Bill {
  const visitsPerDay = model.venues * model.visitsPerVenuePerDay;
  const norm = zipfNorm(model.venues, model.zipfExponent);
  const venueVisits = (rank: number) => (visitsPerDay * rank ** -model.zipfExponent) / norm;
  const peakHour = model.hourlyPercent.indexOf(Math.max(...model.hourlyPercent));
  let rendersPerDay = 0;
  let missesPerDay = 0;
  let peakRenders = 0;
  for (let rank = 1; rank <= model.venues; rank++) {
    const daily = venueVisits(rank);
    for (const share of Object.values(model.languages)) {
      model.hourlyPercent.forEach((percent, hour) => {
        const visits = (daily * share * percent) / 100;
        if (visits === 0) return;
        const { renders, misses } = cacheShares(visits / 3600);
        rendersPerDay += visits * renders;
        missesPerDay += visits * misses;
        if (hour === peakHour) peakRenders += visits * renders;
      });
    }
  }
  const peakShare = (model.hourlyPercent[peakHour] ?? 0) / 100;
  const perVisit = apiPerVisit(model);
  const peakVisitsPerSecond = (visitsPerDay * peakShare) / 3600;
  const paying = model.payingShare;
  const apiKib =
    paying *
      (model.swishAppShare * HOST_FILES.apiKib.app + (1 - model.swishAppShare) * HOST_FILES.apiKib.onPage) +
    (1 - paying) * 0.6;
  return {
    visitsPerDay,
    customersPerDay: visitsPerDay * paying,
    busiestVenueVisits: venueVisits(1),
    medianVenueVisits: venueVisits(model.venues / 2),
    quietestVenueVisits: venueVisits(model.venues),
    peakHour,
    peakVisitsPerSecond,
    rendersPerDay,
    missesPerDay,
    peakRendersPerSecond: peakRenders / 3600,
    averageRendersPerSecond: rendersPerDay / 86_400,
    apiPerVisit: perVisit,
    peakApiPerSecond: Object.fromEntries(
      Object.entries(perVisit).map(([kind, n]) => [kind, n * peakVisitsPerSecond]),
    ),
    workerdCpuSecondsPerDay: (rendersPerDay * RENDER_CPU_MS.workerdCafe) / 1000,
    workerdCpuSecondsBigShop: (rendersPerDay * RENDER_CPU_MS.workerdBigShop) / 1000,
    nodeCpuSecondsPerDay: (rendersPerDay * RENDER_CPU_MS.nodeCafeMedian) / 1000,
    nodePeakCores: ((peakRenders / 3600) * RENDER_CPU_MS.nodeCafeMedian) / 1000,
    hostRequestsPerVisit:
      HOST_FILES.document.requests +
      HOST_FILES.staticFiles.requests +
      HOST_FILES.scripts.requests * model.emptyCacheShare,
    kibPerVisit:
      HOST_FILES.document.kib +
      HOST_FILES.staticFiles.kib +
      HOST_FILES.scripts.kib * model.emptyCacheShare +
      apiKib,
  };
}

/** What a month costs on Cloudflare Workers (Standard) for a number of requests and CPU-ms. */
export function workersUsd(requests: number, cpuMs: number): number {
  const p = PRICES.workers;
  return (
    p.monthlyUsd +
    (Math.max(0, requests - p.includedRequests) / 1e6) * p.usdPerMillionRequests +
    (Math.max(0, cpuMs - p.includedCpuMs) / 1e6) * p.usdPerMillionCpuMs
  );
}

/** The monthly bills, per host and way of routing. */
function monthlyBills(bill: Bill = computeBill(), model: TrafficModel = MODEL) {
  const month = model.daysPerMonth;
  const visits = bill.visitsPerDay * month;
  const api = Object.values(bill.apiPerVisit).reduce((a, b) => a + b, 0) * visits;
  const host = bill.hostRequestsPerVisit * visits;
  const documents = HOST_FILES.document.requests * visits;
  const cpuMs = bill.rendersPerDay * month * RENDER_CPU_MS.workerdCafe;
  const gb = (bill.kibPerVisit * visits) / 1024 ** 2;
  const n = PRICES.netlify;
  const credits = ((host + api) / 1e4) * n.creditsPer10kRequests + gb * n.creditsPerGb;
  return {
    apiRequests: api,
    hostRequests: host,
    cpuMs,
    gb,
    workers: {
      /** wrangler.toml as it is: run_worker_first = true, /api/ passed on by the worker. */
      asBuilt: { requests: host + api, usd: workersUsd(host + api, cpuMs) },
      /** The worker first for store pages and /api/ only: the scripts and files are static assets. */
      assetsFree: { requests: documents + api, usd: workersUsd(documents + api, cpuMs) },
      /** …and /api/ sent to the API by the zone (an origin rule), not through the worker. */
      pagesOnly: { requests: documents, usd: workersUsd(documents, cpuMs) },
    },
    netlify: {
      requests: host + api,
      edgeInvocations: bill.rendersPerDay * month,
      credits,
      usd: n.proMonthlyUsd + Math.max(0, credits - n.proCredits) * n.usdPerCredit,
    },
  };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const dec = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const usd = (n: number) => `$${dec(n, 2)}`;
const millions = (n: number) => `${dec(n / 1e6)} M`;

function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`]
    .concat(rows.map((row) => `| ${row.join(' | ')} |`))
    .join('\n');
}

/** The doc's tables by name, as markdown: docs/deployment.md holds each between `<!-- bill:{name} -->` and `<!-- /bill -->`. */
export function renderBill(model: TrafficModel = MODEL): Record<string, string> {
  const bill = computeBill(model);
  const month = monthlyBills(bill, model);
  const hour = `${String(bill.peakHour).padStart(2, '0')}:00–${String(bill.peakHour + 1).padStart(2, '0')}:00`;
  const apiTotal = Object.values(bill.apiPerVisit).reduce((a, b) => a + b, 0);
  const figures = table(
    ['figure', 'value'],
    [
      ['visits a day (venues × mean visits)', int(bill.visitsPerDay)],
      ['customers who pay, a day', int(bill.customersPerDay)],
      [
        'visits a day: busiest venue · median · quietest',
        `${int(bill.busiestVenueVisits)} · ${int(bill.medianVenueVisits)} · ${int(bill.quietestVenueVisits)}`,
      ],
      [`peak hour (${hour}): visits a second`, dec(bill.peakVisitsPerSecond)],
      ['page renders a day (= shop reads by the render)', int(bill.rendersPerDay)],
      ['renders per visit', dec(bill.rendersPerDay / bill.visitsPerDay, 2)],
      [
        'visits that wait for a render (nothing cached)',
        `${int(bill.missesPerDay)} (${dec((100 * bill.missesPerDay) / bill.visitsPerDay)} %)`,
      ],
      [
        'page renders a second: average · peak hour',
        `${dec(bill.averageRendersPerSecond, 2)} · ${dec(bill.peakRendersPerSecond, 2)}`,
      ],
      [
        'shop reads a second on the API: average · peak hour',
        `${dec(bill.averageRendersPerSecond, 2)} · ${dec(bill.peakRendersPerSecond, 2)}`,
      ],
      ['API calls a second, all kinds: peak hour', dec(apiTotal * bill.peakVisitsPerSecond)],
      [
        `workerd CPU-seconds a day (café ${dec(RENDER_CPU_MS.workerdCafe)} ms a render)`,
        int(bill.workerdCpuSecondsPerDay),
      ],
      [
        `… if every render cost the big shop’s ${dec(RENDER_CPU_MS.workerdBigShop)} ms`,
        int(bill.workerdCpuSecondsBigShop),
      ],
      [
        `Node CPU-seconds a day (café median ${dec(RENDER_CPU_MS.nodeCafeMedian)} ms)`,
        int(bill.nodeCpuSecondsPerDay),
      ],
      ['Node cores busy rendering, peak hour', dec(bill.nodePeakCores, 2)],
    ],
  );
  const calls = table(
    ['API call', 'per visit', 'a second, peak hour'],
    Object.entries(bill.apiPerVisit)
      .map(([kind, n]) => [`\`${kind.replace(/^API /, '')}\``, dec(n, 2), dec(n * bill.peakVisitsPerSecond)])
      .concat([['all', dec(apiTotal, 2), dec(apiTotal * bill.peakVisitsPerSecond)]]),
  );
  const w = month.workers;
  const costs = table(
    ['a month', 'requests billed', 'CPU-ms', 'bill'],
    [
      [
        'Workers, as built (worker first for every path)',
        millions(w.asBuilt.requests),
        millions(month.cpuMs),
        usd(w.asBuilt.usd),
      ],
      [
        'Workers, worker first for store pages and /api/ only',
        millions(w.assetsFree.requests),
        millions(month.cpuMs),
        usd(w.assetsFree.usd),
      ],
      [
        'Workers, store pages only (/api/ routed by the zone)',
        millions(w.pagesOnly.requests),
        millions(month.cpuMs),
        usd(w.pagesOnly.usd),
      ],
      [
        'Netlify Pro (web requests and bandwidth at the Enterprise credit rates)',
        millions(month.netlify.requests),
        `${millions(month.netlify.edgeInvocations)} edge invocations (price not found)`,
        `${usd(month.netlify.usd)} (${int(month.netlify.credits)} credits, ${int(month.gb)} GB)`,
      ],
    ],
  );
  const variants: [string, Partial<TrafficModel>][] = [
    ['as above (s = 0.7, 50 visits)', {}],
    ['flatter: s = 0.5', { zipfExponent: 0.5 }],
    ['steeper: s = 1.0', { zipfExponent: 1.0 }],
    ['twice the visits (100 a venue)', { visitsPerVenuePerDay: 100 }],
    ['every paying customer waits on the page', { swishAppShare: 0 }],
  ];
  const sensitivity = table(
    ['model', 'renders per visit', 'peak renders a second', 'peak API calls a second', 'Workers as built'],
    variants.map(([name, change]) => {
      const varied = { ...model, ...change };
      const b = computeBill(varied);
      const all = Object.values(b.apiPerVisit).reduce((x, y) => x + y, 0);
      return [
        name,
        dec(b.rendersPerDay / b.visitsPerDay, 2),
        dec(b.peakRendersPerSecond, 2),
        dec(all * b.peakVisitsPerSecond),
        usd(monthlyBills(b, varied).workers.asBuilt.usd),
      ];
    }),
  );
  const poll = `API GET ${API}/cart (poll)`;
  const put = `API PUT ${API}/cart`;
  const receipt = `API GET ${API}/receipt/:receiptId`;
  const cuts: [string, (journey: Journey, onPage: boolean) => Journey][] = [
    ['none (as measured)', (j) => j],
    [
      'the first poll after the app opens waits 15 s like the others',
      (j, onPage) => (onPage ? j : { ...j, [poll]: 2 }),
    ],
    [
      'no emptied-cart PUT after the payment (the API clears it)',
      (j) => ({ ...j, [put]: (j[put] ?? 0) - 1 }),
    ],
    ['the receipt comes with the completed session answer', (j) => ({ ...j, [receipt]: 0 })],
    ['a held request (long poll or push) instead of the polls', (j) => ({ ...j, [poll]: 2 })],
  ];
  const total = (perVisit: Record<string, number>) => Object.values(perVisit).reduce((a, b) => a + b, 0);
  const cutRows = cuts.map(([name, cut]) => {
    const perVisit = total(
      apiPerVisit(model, { app: cut(JOURNEYS.app, false), onPage: cut(JOURNEYS.onPage, true) }),
    );
    return [
      name,
      dec(perVisit, 2),
      `${dec((100 * (perVisit - apiTotal)) / apiTotal, 0)} %`,
      dec(perVisit * bill.peakVisitsPerSecond),
    ];
  });
  const cutsTable = table(['cut', 'API calls per visit', 'change', 'a second, peak hour'], cutRows);
  const kinds = [...new Set([...Object.keys(JOURNEYS.app), ...Object.keys(JOURNEYS.onPage)])];
  const journey = table(
    ['request', 'on a phone, in the Swish app', 'on the page', 'KiB answered (app · page)'],
    kinds
      .map((kind) => [
        `\`${kind.replace(/^API /, '')}\``,
        String((JOURNEYS.app as Journey)[kind] ?? 0),
        String((JOURNEYS.onPage as Journey)[kind] ?? 0),
        '',
      ])
      .concat([
        [
          '**the provider’s API, all**',
          String(total(JOURNEYS.app)),
          String(total(JOURNEYS.onPage)),
          `${dec(HOST_FILES.apiKib.app)} · ${dec(HOST_FILES.apiKib.onPage)}`,
        ],
        ...(
          [
            ['the store page (host: rendered or cached)', HOST_FILES.document],
            ['scripts `/assets/*` (host; none with a warm cache)', HOST_FILES.scripts],
            ['`/static/*`, the favicon ×3 (host, revalidated)', HOST_FILES.staticFiles],
          ] as const
        ).map(([name, files]) => [name, String(files.requests), String(files.requests), dec(files.kib)]),
      ]),
  );
  return { figures, journey, calls, costs, sensitivity, cuts: cutsTable };
}
