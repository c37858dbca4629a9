// The browser suite runs Debian's Chromium; say how to get it instead of failing obscurely.
const fs = require('node:fs');

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(path)) {
  console.error(
    `Chromium was not found at ${path}.\n` +
      "Install Debian's package:  apt-get update && apt-get install -y chromium\n" +
      '(or set CHROMIUM_PATH to a Chromium binary). Never run `npx playwright install`: this machine has no internet.',
  );
  process.exit(1);
}
