// Browser journeys need a Chromium. Browser downloads from test tools fail on these machines, so
// the Debian package is used: found on the PATH or at CHROMIUM_PATH, else installed with apt-get
// when we are root (fresh CI machines), else a clear message.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const found = candidates.find((path) => path && existsSync(path));
if (found) {
  console.log(`Chromium : ${found}`);
  process.exit(0);
}
const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium absent : installation du paquet Debian « chromium »…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  process.exit(existsSync('/usr/bin/chromium') ? 0 : 1);
}
console.error(
  'Chromium est introuvable : installez-le (Debian/Ubuntu : sudo apt-get install chromium) ou indiquez son chemin dans CHROMIUM_PATH.',
);
process.exit(1);
