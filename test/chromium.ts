// The Chromium the browser tests drive. By default the headless Chromium that the npm package
// @sparticuz/chromium carries (unpacked into the temporary folder at its first use, ~2 s), so a
// machine with only Node and npm runs these tests; CHROMIUM_PATH names another one instead, e.g.
// Debian's /usr/bin/chromium.
import chromium from '@sparticuz/chromium';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * The package's own flags, but for those that switch the browser's security off: the tests check
 * CORS and integrity as a real browser enforces them. WebGL is not needed (no SwiftShader to unpack).
 */
function packagedChromiumArgs(): string[] {
  chromium.setGraphicsMode = false;
  const insecure = ['--disable-web-security', '--allow-running-insecure-content', '--disable-site-isolation-trials'];
  return chromium.args.filter((flag) => !insecure.includes(flag));
}

/**
 * Flags for a system Chromium: headless, as root (no sandbox), and no background connections,
 * which a machine without a network refuses many times over at every start.
 */
const systemChromiumArgs = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export async function launchChromium(): Promise<Browser> {
  const systemPath = process.env.CHROMIUM_PATH;
  if (systemPath) {
    if (!existsSync(systemPath)) throw new Error(`CHROMIUM_PATH=${systemPath}: no such file`);
    return puppeteer.launch({ executablePath: systemPath, headless: true, args: systemChromiumArgs });
  }
  return puppeteer.launch({ executablePath: await chromium.executablePath(), headless: 'shell', args: packagedChromiumArgs() });
}
