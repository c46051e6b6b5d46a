/**
 * A browser's User-Agent header in words, as the list of signed-in devices shows it ("Chrome on Windows",
 * docs/product/accounts.md#signed-in-devices). Only the families people recognise are named; anything else is "Unknown
 * browser" or "an unknown system", never the raw header (which is long, and typed by whoever sent it).
 *
 * Order matters: most browsers also claim to be the ones they descend from (Edge and Opera say "Chrome", Chrome
 * says "Safari"), so the more specific tokens are tried first.
 */

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Vivaldi)\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome)\//, 'Headless Chrome'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(?:MSIE |Trident\/)/, 'Internet Explorer'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\b(?:Linux|X11)\b/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Unknown browser';

/** Longer headers are not read (a header can be up to 500 characters as stored; real ones are far shorter). */
const MAX_READ = 500;

/** "Chrome on Windows", "Safari on iPhone", "Firefox", "Unknown browser on Linux", or "Unknown browser". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const header = (userAgent ?? '').slice(0, MAX_READ);
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `${UNKNOWN_BROWSER} on ${system}`;
  return UNKNOWN_BROWSER;
}
