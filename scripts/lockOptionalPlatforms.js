// The registry reachable here serves only the Linux builds of unrs-resolver's native bindings (Jest 30's
// resolver), so `npm install` writes no lock entries for the other platforms and `npm ci` then refuses the
// lock as out of sync. This adds those optional entries tagged with their os/cpu, exactly as npm writes
// them from a full registry; npm skips them on other platforms without fetching anything.
// Run after regenerating package-lock.json: `node scripts/lockOptionalPlatforms.js`.
const fs = require('node:fs');

const file = require('node:path').resolve(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const parent = lock.packages['node_modules/unrs-resolver'];
let added = 0;
for (const [name, version] of Object.entries(parent?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  const platform = name.match(/resolver-binding-([a-z0-9]+)-([a-z0-9]+)/);
  if (lock.packages[key] || !platform) continue;
  lock.packages[key] = { version, dev: true, optional: true, os: [platform[1]], cpu: [platform[2]] };
  added++;
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
