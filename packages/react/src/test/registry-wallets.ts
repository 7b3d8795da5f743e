// Registry entries as the Wallet API answers them, for the views' tests.
import type { ModalWallet } from '@portico/core'

/** A desktop wallet with a deep link and no phone app. */
export const frame: ModalWallet = {
  id: 'f'.repeat(64),
  name: 'Frame',
  image_id: 'img',
  rdns: 'sh.frame',
  chains: ['eip155:1'],
  mobile_link: null,
  desktop_link: 'frame://',
  webapp_link: null,
  homepage: 'https://frame.sh',
  app: { linux: 'https://github.com/floating/frame/releases', chrome: null },
}

/** A phone wallet: an app link and its Android store. */
export const rainbow: ModalWallet = {
  ...frame,
  id: 'a'.repeat(64),
  name: 'Rainbow',
  rdns: 'me.rainbow',
  mobile_link: 'rainbow://',
  desktop_link: null,
  homepage: 'https://rainbow.me',
  app: { android: 'https://play.google.com/store/apps/details?id=me.rainbow' },
}
