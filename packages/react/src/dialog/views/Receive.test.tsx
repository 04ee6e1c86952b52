// @vitest-environment happy-dom
import { connect, open } from '@foyer/core'
import { solana } from '@foyer/core/networks'
import { startAnvil } from '@foyer/devnet'
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import jsQR from 'jsqr'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, createTestSetup, findDialog } from '../../testUtils.tsx'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let anvil: Awaited<ReturnType<typeof startAnvil>>
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
})
afterAll(async () => {
  await anvil?.stop()
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

/**
 * Rasterises the QR code's SVG (one `M x y h w v1 h-w z` run per dark stretch) into pixels, with
 * the 4-module quiet zone scanners expect, and reads it with jsQR as a camera would.
 */
function decodeQrSvg(svg: SVGElement): string | undefined {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2])
  const path = svg.querySelector('path')!.getAttribute('d')!
  const scale = 4
  const quiet = 4
  const width = (size + 2 * quiet) * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)/g))
    for (let column = Number(x); column < Number(x) + Number(w); column++)
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const px = (column + quiet) * scale + dx
          const py = (Number(y) + quiet) * scale + dy
          pixels.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3)
        }
  return jsQR(pixels, width, width)?.data
}

async function openReceive() {
  const { foyer } = createTestSetup({
    rpcUrl: anvil.rpcUrl,
    config: {
      networks: [anvilChain(anvil.rpcUrl), anvilChain(anvil.rpcUrl, 31338, 'Anvil B'), solana],
    },
  })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
  act(() => open(foyer, { view: 'Receive' }))
  return { foyer, ...(await findDialog()) }
}

describe('Receive', () => {
  test('shows the address and a QR code that decodes to exactly that address', async () => {
    const { within: inDialog, dialog } = await openReceive()
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Receive'))
    const qr = await inDialog.findByRole('img', { name: 'QR code of your address' })
    expect(decodeQrSvg(qr as unknown as SVGElement)).toBe(address)
    expect(inDialog.getByText(address)).toBeTruthy()
  })

  test('lists the networks of the same namespace the address works on', async () => {
    const { within: inDialog } = await openReceive()
    const section = await inDialog.findByRole('region', { name: 'Works on these networks' })
    const names = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(names).toEqual(['Anvil', 'Anvil B'])
  })

  test('copies the address', async () => {
    const { within: inDialog } = await openReceive()
    fireEvent.click(await inDialog.findByRole('button', { name: 'Copy address' }))
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(address))
  })
})
