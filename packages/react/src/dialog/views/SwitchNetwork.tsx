import { NetworkList } from '../components/NetworkList.tsx'

/** The configured networks, the active one marked; picking one switches the wallet. */
export default function SwitchNetwork() {
  return <NetworkList markCurrent />
}
