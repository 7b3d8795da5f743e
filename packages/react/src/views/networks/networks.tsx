import { NetworkList } from './network-list'

export default function Networks() {
  return (
    <div className="portico-view portico-stack">
      <NetworkList />
    </div>
  )
}
