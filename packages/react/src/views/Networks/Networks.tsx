import { NetworkList } from './NetworkList'

export default function Networks() {
  return (
    <div className="portico-view portico-stack">
      <NetworkList />
    </div>
  )
}
