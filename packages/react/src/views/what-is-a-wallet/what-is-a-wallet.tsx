// 'What is a wallet?', for a visitor who has none: what a wallet is for, in two short points,
// then the way to get one. Opened from Connect; the header's back arrow returns there.
import { usePorticoClient } from '../../context'
import { Button } from '../../ui/button'
import { helpPointStyle, helpPointTextStyle, helpPointTitleStyle } from './help-styles'

const POINTS = [
  {
    title: 'A home for your digital assets',
    text: 'A wallet is an app that holds your crypto and NFTs. It lets you send, receive and see them in one place.',
  },
  {
    title: 'A new way to log in',
    text: 'Instead of making an account and a password on every website, you connect your wallet and approve from it.',
  },
] as const

export default function WhatIsAWallet() {
  const client = usePorticoClient()
  return (
    <div className="portico-view portico-stack">
      <ul className="portico-list" aria-label="What a wallet is">
        {POINTS.map((point) => (
          <li key={point.title} style={helpPointStyle}>
            <h3 style={helpPointTitleStyle}>{point.title}</h3>
            <p className="portico-muted" style={helpPointTextStyle}>
              {point.text}
            </p>
          </li>
        ))}
      </ul>
      <Button onClick={() => client.navigate('GetAWallet')}>Get a wallet</Button>
    </div>
  )
}
