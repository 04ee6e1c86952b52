/** A device as a person recognises it: `Chrome 126` on `Windows`. */
export type DeviceDescription = { browser: string; os: string }

const browsers: readonly (readonly [name: string, pattern: RegExp])[] = [
  // Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
  ['Edge', /\b(?:Edg|EdgA|EdgiOS)\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:CriOS|HeadlessChrome|Chrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
]

const systems: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['iOS', /\biPhone|\biPod/],
  ['iPadOS', /\biPad/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
]

/**
 * The browser (with its major version) and operating system of a User-Agent header, from a fixed
 * list of names (so the result is safe to show anywhere); `Unknown browser` / `unknown system`
 * otherwise. Only the first 512 characters are read.
 */
export function describeUserAgent(userAgent: string | undefined): DeviceDescription {
  const ua = (userAgent ?? '').slice(0, 512)
  let browser = 'Unknown browser'
  for (const [name, pattern] of browsers) {
    const match = pattern.exec(ua)
    if (match) {
      browser = `${name} ${match[1]}`
      break
    }
  }
  const os = systems.find(([, pattern]) => pattern.test(ua))?.[0] ?? 'unknown system'
  return { browser, os }
}
