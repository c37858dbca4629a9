// Prints the production bundle's sizes: the initial load (what index.html pulls in) and every lazy chunk,
// raw, gzip and brotli, which heavy SDKs each initial chunk holds, and each package's share of the initial
// load (every minified byte traced to its source through the source maps, each file's gzip size shared in
// proportion: an estimate, since gzip does not compress every part alike). Run after `npm run build:stats`.
// Fails (exit 1) when the initial load's gzip size is over the budget: sizes are deterministic, so CI
// (.ci/run) enforces it. The budget is what the store's first screen needs today; see docs/performance.md
// ("Budget") for what it is made of and why it is not lower.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { TraceMap, eachMapping } = require('@jridgewell/trace-mapping');

const dist = path.resolve(__dirname, '..', 'dist');
/**
 * Initial JS budget, gzip level 9: the 156,366 B of issue 25's end plus the 1 KiB issue 26 allows the menu's
 * search button and its URL state, plus 640 B of issue 34's for what keeps every tap counting (a lazy part
 * that failed to load is loaded again, the kiosk's store waits for its code, one language rule), plus 128 B
 * of issue 35's for a kiosk that opens without the network (the connection watch hears how the page's first
 * requests went; a browser that is no longer a kiosk loses its worker; all else of the worker is in the lazy
 * kiosk chunk), plus 64 B for two fixes of that session: a new pending payment is watched at once (§4,
 * found by the payment model) and an amount never breaks between its number and currency (issue 11 set
 * 153 KiB; see docs/performance.md "Budget"). Issue 36's field metrics and issue 39's language rule and
 * choice fit in it: the merchant screens' slices left the first load for them (app/store.ts `ScreenState`).
 * Plus 96 B for the kiosk's next customer (docs/kiosk.md "The next customer"): the shop state knows a carried
 * menu from a live answer, drops it when the live answer fails, and a reset in place reads the menu anew
 * (reading and keeping the menu is in the lazy kiosk chunk). Plus 96 B for the next customer's first frame
 * and the worker's removal: a lazy screen whose code is in is drawn at once (the order panel with the store),
 * and a worker a kiosk page was still installing is removed once it takes over a page that is no kiosk.
 */
const BUDGET_GZIP_BYTES = 156366 + 1024 + 640 + 128 + 64 + 96 + 96;
const statsPath = path.join(dist, 'stats.json');
if (!fs.existsSync(statsPath)) {
  console.error('dist/stats.json is missing: run `npm run build:stats` first.');
  process.exit(1);
}
const written = JSON.parse(fs.readFileSync(statsPath, 'utf8'));
// The build is the page's bundle and the host's render (webpack.config.ts); the page's is measured here.
const stats = written.children ? written.children.find((child) => child.name === 'client') : written;
const kb = (n) => (n / 1024).toFixed(1).padStart(8) + ' KiB';
const sizes = (file) => {
  const buf = fs.readFileSync(path.join(dist, file));
  return {
    raw: buf.length,
    gzip: zlib.gzipSync(buf, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buf).length,
  };
};

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initialFiles = [...html.matchAll(/<script[^>]+src="?\/([^"\s>]+)/g)].map((m) => m[1]);
const heavy = ['@stripe', 'firebase', '@firebase', '@sentry', 'pdf-lib'];
const chunkOf = (file) => stats.chunks.find((c) => c.files.includes(file));

const print = (title, files) => {
  console.log(`\n${title}`);
  console.log('  file'.padEnd(52) + 'raw'.padStart(13) + 'gzip'.padStart(13) + 'brotli'.padStart(13));
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const s = sizes(file);
    for (const k of Object.keys(total)) total[k] += s[k];
    console.log(`  ${file.padEnd(50)}${kb(s.raw)}${kb(s.gzip)}${kb(s.brotli)}`);
  }
  console.log(`  ${'TOTAL'.padEnd(50)}${kb(total.raw)}${kb(total.gzip)}${kb(total.brotli)}`);
  return total;
};

const initial = print('Initial load (scripts in index.html)', initialFiles);
const lazy = stats.assets
  .map((a) => a.name)
  .filter((n) => n.endsWith('.js') && !initialFiles.includes(n))
  .sort();
print('Lazy chunks', lazy);

console.log('\nHeavy SDKs in the initial load:');
let found = false;
for (const file of initialFiles) {
  const modules = (chunkOf(file)?.modules ?? []).flatMap((m) => [
    m.name,
    ...(m.modules ?? []).map((n) => n.name),
  ]);
  for (const sdk of heavy) {
    if (modules.some((name) => name && name.includes(`node_modules/${sdk}`))) {
      console.log(`  ${sdk} in ${file}`);
      found = true;
    }
  }
}
if (!found) console.log('  none (' + heavy.join(', ') + ')');
/** A source's owner: its npm package, or `app: <folder>` for this repository's code. */
const ownerOf = (source) => {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const app = /(?:^|\/)src\/([^/]+(?:\/[^/.]+)?)/.exec(source);
  return app ? `app: ${app[1]}` : 'webpack runtime and module glue';
};
const share = new Map();
for (const file of initialFiles) {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const lines = code.split('\n');
  const map = new TraceMap(fs.readFileSync(path.join(dist, `${file}.map`), 'utf8'));
  const bytes = new Map();
  let previous = null;
  const close = (line, column) => {
    if (!previous) return;
    const end = line === previous.line ? column : lines[previous.line - 1].length;
    bytes.set(previous.owner, (bytes.get(previous.owner) ?? 0) + end - previous.column);
  };
  eachMapping(map, (m) => {
    close(m.generatedLine, m.generatedColumn);
    previous = { line: m.generatedLine, column: m.generatedColumn, owner: ownerOf(m.source ?? '') };
  });
  close(Infinity, 0);
  const mapped = [...bytes.values()].reduce((a, b) => a + b, 0);
  const gzip = sizes(file).gzip;
  for (const [owner, n] of bytes) share.set(owner, (share.get(owner) ?? 0) + (gzip * n) / mapped);
}
console.log('\nShare of the initial load by package (gzip, estimated; the app by folder under src/):');
const ranked = [...share].sort((a, b) => b[1] - a[1]);
for (const [owner, n] of ranked.filter(([, n]) => n >= 512)) console.log(`  ${owner.padEnd(48)}${kb(n)}`);
const small = ranked.filter(([, n]) => n < 512);
console.log(
  `  ${`${small.length} others under 0.5 KiB`.padEnd(48)}${kb(small.reduce((a, [, n]) => a + n, 0))}`,
);
const appTotal = ranked.filter(([owner]) => owner.startsWith('app: ')).reduce((a, [, n]) => a + n, 0);
console.log(`  ${'(all of app)'.padEnd(48)}${kb(appTotal)}`);

console.log(`\ninitial_load_gzip_bytes=${initial.gzip}`);
const verdict = initial.gzip <= BUDGET_GZIP_BYTES ? 'within' : 'OVER';
console.log(`budget: ${kb(initial.gzip).trim()} of ${kb(BUDGET_GZIP_BYTES).trim()} gzip: ${verdict} budget`);
if (initial.gzip > BUDGET_GZIP_BYTES) process.exit(1);
