import { existsSync } from 'node:fs'

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
]

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Debian's Chromium (or CHROME_PATH). Never downloads a browser: without one, the run fails with one line. */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv
    throw new Error(
      `CHROME_PATH=${fromEnv} does not exist: install Chromium with \`apt-get install -y chromium\``,
    )
  }
  const found = CANDIDATES.find((candidate) => existsSync(candidate))
  if (found) return found
  throw new Error(
    'Chromium not found (looked at CHROME_PATH and /usr/bin/chromium): install it with `apt-get install -y chromium`',
  )
}
