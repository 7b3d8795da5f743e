import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX } from 'simple-icons'
import { describe, expect, it } from 'vitest'
import { SOCIAL_LOGOS } from './social-logos'

describe('the social buttons’ marks', () => {
  it('are simple-icons’ own, so a bump of the package without rerunning the script shows', () => {
    const fromPackage = {
      google: siGoogle,
      x: siX,
      discord: siDiscord,
      farcaster: siFarcaster,
      github: siGithub,
      apple: siApple,
      facebook: siFacebook,
    }
    expect(SOCIAL_LOGOS).toEqual(
      Object.fromEntries(
        Object.entries(fromPackage).map(([id, icon]) => [
          id,
          { title: icon.title, path: icon.path },
        ]),
      ),
    )
  })
})
