// The browser suite runs Debian's Chromium, and runs nginx with the config the build writes (issue 12); say
// how to get them instead of failing obscurely.
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(path)) {
  console.error(
    `Chromium was not found at ${path}.\n` +
      "Install Debian's package:  apt-get update && apt-get install -y chromium\n" +
      '(or set CHROMIUM_PATH to a Chromium binary). Never run `npx playwright install`: this machine has no internet.',
  );
  process.exit(1);
}
try {
  execFileSync('nginx', ['-v'], { stdio: 'ignore' });
} catch {
  console.error("nginx was not found. Install Debian's package:  apt-get update && apt-get install -y nginx");
  process.exit(1);
}
