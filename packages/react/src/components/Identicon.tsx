import type { ImgHTMLAttributes } from 'react'

/** An SVG image as a `data:` URL, for `<img src>` (nothing is fetched). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/**
 * A deterministic picture of an address: a 5×5 mirrored pattern in two colours drawn from the
 * address's FNV-1a hash. The same address always gives the same picture (EVM addresses whatever
 * their checksum casing); any other address almost surely a different one.
 */
export function identiconSvg(address: string): string {
  // EVM's mixed case is only a checksum; other namespaces' addresses are case-sensitive.
  const seed = /^0x/i.test(address) ? address.toLowerCase() : address
  let hash = 0x811c9dc5
  for (const char of seed) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193)
  hash ||= 1
  // xorshift32 from the hash: a stream of numbers in [0, 1).
  const next = () => {
    hash ^= hash << 13
    hash ^= hash >>> 17
    hash ^= hash << 5
    return (hash >>> 0) / 2 ** 32
  }
  const hue = Math.floor(next() * 360)
  const background = `hsl(${(hue + 150 + Math.floor(next() * 60)) % 360} 70% 88%)`
  const foreground = `hsl(${hue} 65% ${40 + Math.floor(next() * 15)}%)`
  let cells = ''
  for (let y = 0; y < 5; y++)
    for (let x = 0; x < 3; x++)
      if (next() < 0.5) {
        cells += `M${x} ${y}h1v1h-1z`
        if (x < 2) cells += `M${4 - x} ${y}h1v1h-1z`
      }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 5" shape-rendering="crispEdges"><rect width="5" height="5" fill="${background}"/><path fill="${foreground}" d="${cells}"/></svg>`
}

/** `identiconSvg` as a `data:` URL. */
export function identiconUrl(address: string): string {
  return svgDataUrl(identiconSvg(address))
}

export type IdenticonProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  address: string
  /** Width and height in pixels (default 20). */
  size?: number | undefined
}

/**
 * The identicon of `address` as an image, for an account without a profile picture. Decorative
 * (`alt=""`) unless given an `alt`: the address or name is shown beside it.
 */
export function Identicon({ address, size = 20, alt = '', ...imageProps }: IdenticonProps) {
  return (
    <img
      src={identiconUrl(address)}
      alt={alt}
      width={size}
      height={size}
      data-foyer-identicon=""
      {...imageProps}
    />
  )
}
