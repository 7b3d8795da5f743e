import { usePorticoClient } from '../../context'
import { NetworkList } from '../shared/network-list'

export default function Networks() {
  const client = usePorticoClient()
  return (
    <div className="portico-view portico-stack">
      <NetworkList onStay={() => client.goBack()} />
    </div>
  )
}
