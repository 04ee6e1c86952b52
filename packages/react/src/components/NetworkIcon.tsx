import type { CaipNetwork } from '@foyer/core'
import type { ImgHTMLAttributes } from 'react'
import { svgDataUrl } from './Identicon.tsx'

type NetworkLike = Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace'>
type Mark = { background: string; paths: readonly (readonly [d: string, fill: string])[] }

// Our own drawings of the networks' marks on a 24×24 disc, inlined: nothing is fetched.
const diamond = (fill: string) =>
  [
    ['M12 3.5 6.75 12.2 12 15.3l5.25-3.1L12 3.5Z', fill],
    ['M6.75 13.2 12 20.5l5.25-7.3L12 16.3l-5.25-3.1Z', fill],
  ] as const

const marks = {
  ethereum: { background: '#627eea', paths: diamond('#fff') },
  sepolia: { background: '#cfd6ff', paths: diamond('#3c4fb8') },
  evm: { background: '#6b7280', paths: diamond('#fff') },
  base: {
    background: '#0052ff',
    paths: [['M12 5.5a6.5 6.5 0 1 1-6.47 7.1h8.6v-1.2h-8.6A6.5 6.5 0 0 1 12 5.5Z', '#fff']],
  },
  optimism: {
    background: '#ff0420',
    paths: [
      [
        'M8.6 15.2c-1.6 0-2.6-1-2.6-2.5 0-2 1.3-3.9 3.4-3.9 1.6 0 2.6 1 2.6 2.5 0 2-1.3 3.9-3.4 3.9Zm.2-1.4c.9 0 1.5-1 1.5-2.2 0-.7-.4-1.3-1.1-1.3-.9 0-1.5 1-1.5 2.2 0 .8.4 1.3 1.1 1.3Zm3.9 1.3 1.3-6.2h2.6c1.4 0 2.2.7 2 1.9-.2 1.3-1.2 2.1-2.6 2.1h-1.2l-.4 2.2h-1.7Zm2.4-3.5h.8c.5 0 .9-.3 1-.8.1-.4-.2-.7-.6-.7h-.8l-.4 1.5Z',
        '#fff',
      ],
    ],
  },
  arbitrum: {
    background: '#213147',
    paths: [
      ['M12 4.5 18.5 8.2v7.6L12 19.5l-6.5-3.7V8.2L12 4.5Z', '#28a0f0'],
      ['M10.9 8.5h1.6l-3 8.3-1.3-.7 2.7-7.6Zm2.6 0h1.6l2.5 6.9-1.3.7-2.8-7.6Z', '#fff'],
    ],
  },
  polygon: {
    background: '#8247e5',
    paths: [
      [
        'M15.4 9.6a1 1 0 0 0-1 0l-2.2 1.3-1.5.9-2.2 1.3a1 1 0 0 1-1 0L5.8 12.1a1 1 0 0 1-.5-.9V9.3c0-.4.2-.7.5-.9l1.7-1a1 1 0 0 1 1 0l1.7 1c.3.2.5.5.5.9v1.3l1.5-.9V8.4c0-.4-.2-.7-.5-.9L8.5 5.6a1 1 0 0 0-1 0L4.2 7.5a1 1 0 0 0-.5.9v3.8c0 .4.2.7.5.9l3.3 1.9c.3.2.7.2 1 0l2.2-1.3 1.5-.9 2.2-1.3a1 1 0 0 1 1 0l1.7 1c.3.2.5.5.5.9v1.9c0 .4-.2.7-.5.9l-1.7 1a1 1 0 0 1-1 0l-1.7-1a1 1 0 0 1-.5-.9v-1.2l-1.5.9v1.3c0 .4.2.7.5.9l3.3 1.9c.3.2.7.2 1 0l3.3-1.9c.3-.2.5-.5.5-.9v-3.8c0-.4-.2-.7-.5-.9l-3.3-1.9Z',
        '#fff',
      ],
    ],
  },
  // The local world's chains (anvil): an anvil.
  anvil: {
    background: '#3b3f45',
    paths: [
      [
        'M5 8.3h10.5c0 1.9 1.5 3 3.7 3v1.5h-4.1l-.8 1.9 2.3 2.6H8.2l2.2-2.6-.6-1.6C6.5 13 5 11.5 5 8.3Z',
        '#fff',
      ],
    ],
  },
  solana: {
    background: '#14151a',
    paths: [
      [
        'M7.6 14.9a.5.5 0 0 1 .4-.2h10.2c.2 0 .4.3.2.5l-2 2a.5.5 0 0 1-.4.2H5.8c-.2 0-.4-.3-.2-.5l2-2Z',
        '#19fb9b',
      ],
      [
        'M7.6 6.8a.5.5 0 0 1 .4-.2h10.2c.2 0 .4.3.2.5l-2 2a.5.5 0 0 1-.4.2H5.8c-.2 0-.4-.3-.2-.5l2-2Z',
        '#9945ff',
      ],
      [
        'M16.4 10.8a.5.5 0 0 0-.4-.2H5.8c-.2 0-.4.3-.2.5l2 2c.1.1.2.2.4.2h10.2c.2 0 .4-.3.2-.5l-2-2Z',
        '#6e8ef5',
      ],
    ],
  },
  bitcoin: {
    background: '#f7931a',
    paths: [
      [
        'M16.3 10.6c.2-1.4-.9-2.2-2.4-2.7l.5-2-1.2-.3-.5 1.9-1-.2.5-2-1.2-.3-.5 2-.8-.2-1.7-.4-.3 1.3.9.2c.5.1.6.5.6.7l-1.4 5.5c-.1.2-.3.4-.6.3l-.9-.2-.6 1.4 1.6.4.9.2-.5 2 1.2.3.5-2 1 .2-.5 2 1.2.3.5-2c2.1.4 3.7.2 4.3-1.7.5-1.5 0-2.4-1.1-3 .8-.2 1.4-.7 1.6-1.8Zm-2.8 3.9c-.4 1.5-2.9.7-3.7.5l.7-2.7c.8.2 3.4.6 3 2.2Zm.4-4c-.3 1.4-2.4.7-3.1.5l.6-2.4c.7.2 2.9.5 2.5 1.9Z',
        '#fff',
      ],
    ],
  },
  polkadot: {
    background: '#e6007a',
    paths: [
      [
        'M12 5.2c1.4 0 2.6.7 2.6 1.5s-1.2 1.5-2.6 1.5-2.6-.7-2.6-1.5 1.2-1.5 2.6-1.5Zm0 10.6c1.4 0 2.6.7 2.6 1.5s-1.2 1.5-2.6 1.5-2.6-.7-2.6-1.5 1.2-1.5 2.6-1.5ZM6.3 8.5c.7-1.2 1.9-1.9 2.6-1.5.7.4.7 1.8 0 3s-1.9 1.9-2.6 1.5c-.7-.4-.7-1.8 0-3Zm9.2 5.3c.7-1.2 1.9-1.9 2.6-1.5.7.4.7 1.8 0 3s-1.9 1.9-2.6 1.5c-.7-.4-.7-1.8 0-3ZM6.3 15.5c-.7-1.2-.7-2.6 0-3 .7-.4 1.9.3 2.6 1.5s.7 2.6 0 3c-.7.4-1.9-.3-2.6-1.5Zm9.2-5.3c-.7-1.2-.7-2.6 0-3 .7-.4 1.9.3 2.6 1.5s.7 2.6 0 3c-.7.4-1.9-.3-2.6-1.5Z',
        '#fff',
      ],
    ],
  },
  cosmos: {
    background: '#2e3148',
    paths: [
      [
        'M12 4.5c1 0 1.8 3.4 1.8 7.5s-.8 7.5-1.8 7.5-1.8-3.4-1.8-7.5.8-7.5 1.8-7.5Zm0 1.2c-.4 0-1 2.7-1 6.3s.6 6.3 1 6.3 1-2.7 1-6.3-.6-6.3-1-6.3Z',
        '#fff',
      ],
      [
        'M5.5 8.2c.5-.9 3.9.1 7.4 2.2s6 4.6 5.5 5.4c-.5.9-3.9-.1-7.4-2.2s-6-4.6-5.5-5.4Zm1 .5c-.2.4 1.8 2.3 4.9 4.1s5.7 2.6 5.9 2.2c.2-.4-1.8-2.3-4.9-4.1S6.7 8.3 6.5 8.7Z',
        '#b7bbe8',
      ],
      ['M12 13.3a1.3 1.3 0 1 0 0-2.6 1.3 1.3 0 0 0 0 2.6Z', '#fff'],
    ],
  },
} as const satisfies Record<string, Mark>

export type NetworkMark = keyof typeof marks

const byCaipNetworkId: Readonly<Record<string, NetworkMark>> = {
  'eip155:1': 'ethereum',
  'eip155:11155111': 'sepolia',
  'eip155:8453': 'base',
  'eip155:10': 'optimism',
  'eip155:42161': 'arbitrum',
  'eip155:137': 'polygon',
  'eip155:31337': 'anvil',
  'eip155:31338': 'anvil',
}

const byNamespace: Readonly<Record<string, NetworkMark>> = {
  eip155: 'evm',
  solana: 'solana',
  bip122: 'bitcoin',
  polkadot: 'polkadot',
  cosmos: 'cosmos',
}

/**
 * Which mark a network shows: its own for the built-in networks (Ethereum, Sepolia, Base, OP,
 * Arbitrum, Polygon, the local Anvil chains), its namespace's for the others (every Solana,
 * Bitcoin, Polkadot and Cosmos network; other EVM networks a grey diamond).
 */
export function networkMarkOf(network: NetworkLike): NetworkMark {
  return byCaipNetworkId[network.caipNetworkId] ?? byNamespace[network.chainNamespace] ?? 'evm'
}

/** The network's mark as SVG markup (24×24). */
export function networkIconSvg(network: NetworkLike): string {
  const mark: Mark = marks[networkMarkOf(network)]
  const paths = mark.paths.map(([d, fill]) => `<path d="${d}" fill="${fill}"/>`).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="12" fill="${mark.background}"/>${paths}</svg>`
}

/** `networkIconSvg` as a `data:` URL, for `<img src>`. */
export function networkIconUrl(network: NetworkLike): string {
  return svgDataUrl(networkIconSvg(network))
}

export type NetworkIconProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  network: NetworkLike & Pick<CaipNetwork, 'name'>
  /** Width and height in pixels (default 20). */
  size?: number | undefined
}

/** The network's mark as an image, named by the network (`alt`) unless given another `alt`. */
export function NetworkIcon({ network, size = 20, alt, ...imageProps }: NetworkIconProps) {
  return (
    <img
      src={networkIconUrl(network)}
      alt={alt ?? network.name}
      width={size}
      height={size}
      data-foyer-network-mark={networkMarkOf(network)}
      {...imageProps}
    />
  )
}
