import { afterEach, describe, expect, it, vi } from 'vitest'
import { base, mainnet, optimism, solana } from '../networks'
import type { SiweConfig, SiwxConfig } from '../siwx/siwx-types'
import { InvalidOptionsError } from './option-errors'
import type { CustomWallet, PorticoOptions } from './option-types'
import { resolveOptions, WALLET_CONNECT_NETWORK_RELAY_URL } from './resolve-options'

const minimal: PorticoOptions = {
  projectId: 'ae1ec0f5c6a0d3c3f1a6e0b8b1d4c2f7',
  networks: [mainnet, base],
  apiUrl: 'http://127.0.0.1:8787',
}

const rainbowId = '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369'

const siwx: SiwxConfig = {
  createMessage: async () => ({ data: {} as never, message: '' }),
  addSession: async () => {},
  revokeSession: async () => {},
  setSessions: async () => {},
  getSessions: async () => [],
}

const siweConfig: SiweConfig = {
  getNonce: async () => 'nonce',
  createMessage: () => '',
  verifyMessage: async () => true,
  getSession: async () => null,
  signOut: async () => true,
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('resolving options', () => {
  it('fills in the spec defaults', () => {
    const options = resolveOptions(minimal)
    expect(options).toMatchObject({
      projectId: minimal.projectId,
      networks: [mainnet, base],
      defaultNetwork: mainnet,
      allowUnsupportedChain: false,
      enableNetworkSwitch: true,
      apiUrl: 'http://127.0.0.1:8787',
      relayUrl: undefined,
      walletConnectNetwork: undefined,
      featuredWalletIds: [],
      includeWalletIds: [],
      excludeWalletIds: [],
      themeMode: 'dark',
      themeVariables: {},
    })
  })

  it('turns on swaps, onramp, receive, send, email, history, analytics and all wallets by default', () => {
    expect(resolveOptions(minimal).features).toEqual({
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      history: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    })
  })

  it('keeps the features a host sets and defaults the rest', () => {
    const { features } = resolveOptions({
      ...minimal,
      features: { swaps: false, pay: true, socials: ['github'] },
    })
    expect(features).toMatchObject({ swaps: false, pay: true, onramp: true, socials: ['github'] })
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])("refuses a %s project id with 'Project ID Not Configured'", (_case, projectId) => {
    expect(() => resolveOptions({ ...minimal, projectId: projectId as string })).toThrow(
      'Project ID Not Configured',
    )
  })

  it("refuses options that are not there at all with 'Project ID Not Configured'", () => {
    expect(() => resolveOptions(undefined as unknown as PorticoOptions)).toThrow(
      'Project ID Not Configured',
    )
  })

  it('refuses siweConfig and siwx together', () => {
    expect(() => resolveOptions({ ...minimal, siwx, siweConfig })).toThrow(
      'siweConfig and siwx cannot both be set',
    )
    expect(resolveOptions({ ...minimal, siwx }).siwx).toBe(siwx)
    expect(resolveOptions({ ...minimal, siweConfig }).siweConfig).toBe(siweConfig)
  })

  it('needs at least one network', () => {
    expect(() => resolveOptions({ ...minimal, networks: [] })).toThrow(
      'At least one network is required',
    )
  })

  it('refuses a network listed twice', () => {
    expect(() => resolveOptions({ ...minimal, networks: [mainnet, mainnet] })).toThrow(
      'Network eip155:1 is listed twice',
    )
  })

  it('refuses a network whose CAIP-2 id is malformed', () => {
    const broken = { ...mainnet, caipNetworkId: 'eip155' as 'eip155:1' }
    expect(() => resolveOptions({ ...minimal, networks: [broken] })).toThrow(
      'Invalid CAIP-2 network id',
    )
  })

  it('uses the default network the host picks', () => {
    expect(
      resolveOptions({ ...minimal, networks: [mainnet, base, solana], defaultNetwork: solana })
        .defaultNetwork,
    ).toBe(solana)
  })

  it("refuses a default network that is not among the networks with 'Network Not Found'", () => {
    expect(() => resolveOptions({ ...minimal, defaultNetwork: optimism })).toThrow(
      'Network Not Found',
    )
  })

  it('defaults apiUrl to the page origin in a browser', () => {
    vi.stubGlobal('location', { origin: 'https://shop.example' })
    const { apiUrl: _none, ...withoutApiUrl } = minimal
    expect(resolveOptions(withoutApiUrl).apiUrl).toBe('https://shop.example')
  })

  it('needs apiUrl where there is no page origin', () => {
    const { apiUrl: _none, ...withoutApiUrl } = minimal
    expect(() => resolveOptions(withoutApiUrl)).toThrow(
      'apiUrl is required where the page has no origin',
    )
  })

  it('drops the trailing slash of apiUrl and refuses a non-http one', () => {
    expect(resolveOptions({ ...minimal, apiUrl: 'https://api.example/portico/' }).apiUrl).toBe(
      'https://api.example/portico',
    )
    expect(() => resolveOptions({ ...minimal, apiUrl: 'api.example' })).toThrow(
      'apiUrl must be an absolute URL',
    )
    expect(() => resolveOptions({ ...minimal, apiUrl: 'ftp://api.example' })).toThrow(
      'apiUrl must use http: or https:',
    )
  })

  it('accepts a WebSocket relay url only', () => {
    expect(resolveOptions({ ...minimal, relayUrl: 'wss://relay.example' }).relayUrl).toBe(
      'wss://relay.example',
    )
    expect(() => resolveOptions({ ...minimal, relayUrl: 'https://relay.example' })).toThrow(
      'relayUrl must use ws: or wss:',
    )
  })

  it("pairs over the WalletConnect network with its Cloud project id, kept apart from Portico's", () => {
    expect(resolveOptions(minimal).walletConnectNetwork).toBeUndefined()
    const cloud = 'c10dc10dc10dc10dc10dc10dc10dc10d'
    expect(
      resolveOptions({ ...minimal, walletConnectNetwork: { projectId: cloud } })
        .walletConnectNetwork,
    ).toEqual({
      projectId: cloud,
      relayUrl: WALLET_CONNECT_NETWORK_RELAY_URL,
    })
    expect(
      resolveOptions({
        ...minimal,
        walletConnectNetwork: { projectId: cloud, relayUrl: 'wss://relay.example/' },
      }).walletConnectNetwork,
    ).toEqual({ projectId: cloud, relayUrl: 'wss://relay.example' })
    const refusals: [PorticoOptions['walletConnectNetwork'] & object, string][] = [
      [
        { projectId: 'not-a-cloud-id' },
        'walletConnectNetwork.projectId must be a WalletConnect Cloud project id (32 hex digits)',
      ],
      [
        { projectId: minimal.projectId },
        "walletConnectNetwork.projectId must be the WalletConnect Cloud project id, not Portico's projectId",
      ],
      [
        { projectId: cloud, relayUrl: 'https://relay.example' },
        'walletConnectNetwork.relayUrl must use ws: or wss:',
      ],
    ]
    for (const [walletConnectNetwork, message] of refusals) {
      expect(() => resolveOptions({ ...minimal, walletConnectNetwork })).toThrow(message)
    }
    expect(() =>
      resolveOptions({
        ...minimal,
        relayUrl: 'wss://relay.example',
        walletConnectNetwork: { projectId: cloud },
      }),
    ).toThrow('relayUrl and walletConnectNetwork cannot both be set')
  })

  it('takes the embedded wallet frame url over http or https only', () => {
    expect(resolveOptions(minimal).frameUrl).toBeUndefined()
    expect(resolveOptions({ ...minimal, frameUrl: 'http://127.0.0.1:8788/' }).frameUrl).toBe(
      'http://127.0.0.1:8788',
    )
    expect(() => resolveOptions({ ...minimal, frameUrl: 'javascript:alert(1)' })).toThrow(
      'frameUrl must use http: or https:',
    )
  })

  it('refuses a feature that is not true or false, and unknown social logins', () => {
    expect(() =>
      resolveOptions({ ...minimal, features: { swaps: 'yes' as unknown as boolean } }),
    ).toThrow('features.swaps must be true or false')
    expect(() =>
      resolveOptions({ ...minimal, features: { socials: ['myspace' as 'google'] } }),
    ).toThrow(
      'features.socials must list only google, x, discord, farcaster, github, apple, facebook',
    )
  })

  it('refuses wallet id lists that are not lists of strings', () => {
    expect(() =>
      resolveOptions({ ...minimal, excludeWalletIds: 'metamask' as unknown as string[] }),
    ).toThrow('excludeWalletIds must be a list of wallet ids')
  })

  it("takes 'system' as a theme mode", () => {
    expect(resolveOptions({ ...minimal, themeMode: 'system' }).themeMode).toBe('system')
  })

  it('refuses an unknown theme mode', () => {
    expect(() => resolveOptions({ ...minimal, themeMode: 'sepia' as 'dark' })).toThrow(
      'Invalid theme mode: sepia',
    )
  })

  it("logs at the spec's default level 'error' unless the host picks another", () => {
    expect(resolveOptions(minimal).logLevel).toBe('error')
    expect(resolveOptions({ ...minimal, logLevel: 'debug' }).logLevel).toBe('debug')
  })

  it('refuses a log level the logger does not know, listing the known ones', () => {
    expect(() => resolveOptions({ ...minimal, logLevel: 'verbose' as 'debug' })).toThrow(
      new InvalidOptionsError(
        'logLevel must be one of trace, debug, info, warn, error, fatal, silent',
      ),
    )
  })

  it('refuses a wallet id the Wallet API would not know, naming it', () => {
    expect(() => resolveOptions({ ...minimal, includeWalletIds: [rainbowId, 'metamask'] })).toThrow(
      new InvalidOptionsError('includeWalletIds: "metamask" is not a wallet id (64 hex digits)'),
    )
    expect(() => resolveOptions({ ...minimal, excludeWalletIds: [`${rainbowId}0`] })).toThrow(
      `excludeWalletIds: "${rainbowId}0" is not a wallet id (64 hex digits)`,
    )
    expect(() => resolveOptions({ ...minimal, featuredWalletIds: [''] })).toThrow(
      'featuredWalletIds: "" is not a wallet id (64 hex digits)',
    )
  })

  it('takes wallet ids in either case, as the registry spells them', () => {
    const options = resolveOptions({ ...minimal, featuredWalletIds: [rainbowId.toUpperCase()] })
    expect(options.featuredWalletIds).toEqual([rainbowId])
  })

  it('keeps the custom wallets a host lists, in its order', () => {
    const customWallets: CustomWallet[] = [
      { id: 'acme', name: 'Acme Wallet', image_url: '/wallets/acme.svg', rdns: 'com.acme' },
      { id: 'bolt', name: 'Bolt', image_url: 'data:image/svg+xml,%3Csvg%2F%3E' },
    ]
    expect(resolveOptions(minimal).customWallets).toEqual([])
    expect(resolveOptions({ ...minimal, customWallets }).customWallets).toEqual(customWallets)
  })

  it('refuses a custom wallet without an id or a name, naming the entry', () => {
    const acme = { id: 'acme', name: 'Acme Wallet' }
    expect(() =>
      resolveOptions({ ...minimal, customWallets: [acme, { id: ' ', name: 'Bolt' }] }),
    ).toThrow(new InvalidOptionsError('customWallets[1] (Bolt) needs an id'))
    expect(() =>
      resolveOptions({ ...minimal, customWallets: [{ name: 'Bolt' } as CustomWallet] }),
    ).toThrow('customWallets[0] (Bolt) needs an id')
    expect(() => resolveOptions({ ...minimal, customWallets: [{ id: 'bolt', name: '' }] })).toThrow(
      'customWallets[0] (bolt) needs a name',
    )
    expect(() => resolveOptions({ ...minimal, customWallets: [null as never] })).toThrow(
      'customWallets[0] needs an id',
    )
    expect(() => resolveOptions({ ...minimal, customWallets: acme as never })).toThrow(
      'customWallets must be a list',
    )
  })

  it('refuses a custom wallet listed twice, or with a field that is not text', () => {
    const acme = { id: 'acme', name: 'Acme Wallet' }
    expect(() => resolveOptions({ ...minimal, customWallets: [acme, acme] })).toThrow(
      'customWallets[1] (acme) is listed twice',
    )
    expect(() =>
      resolveOptions({ ...minimal, customWallets: [{ ...acme, mobile_link: 7 as never }] }),
    ).toThrow('customWallets[0] (acme): mobile_link must be a string')
  })

  it('refuses a custom wallet image from another server: the modal loads none', () => {
    for (const image_url of [
      'https://cdn.example/acme.png',
      '//cdn.example/acme.png',
      '/\\cdn.example/acme.png',
      'javascript:alert(1)',
      'data:text/html,<b>',
    ]) {
      expect(() =>
        resolveOptions({ ...minimal, customWallets: [{ id: 'acme', name: 'Acme', image_url }] }),
      ).toThrow('customWallets[0] (acme): image_url must be a relative URL or a data:image URI')
    }
    for (const image_url of ['acme.png', '/wallets/acme.svg', 'data:image/png;base64,iVBORw0K']) {
      expect(() =>
        resolveOptions({ ...minimal, customWallets: [{ id: 'acme', name: 'Acme', image_url }] }),
      ).not.toThrow()
    }
  })

  it('does not share arrays with the host, so later host changes do not leak in', () => {
    const networks = [mainnet]
    const featuredWalletIds = [rainbowId]
    const customWallets = [{ id: 'acme', name: 'Acme Wallet' }]
    const options = resolveOptions({ ...minimal, networks, featuredWalletIds, customWallets })
    networks.push(base)
    featuredWalletIds.push(rainbowId.replace('e', 'f'))
    customWallets.push({ id: 'bolt', name: 'Bolt' })
    ;(customWallets[0] as { name: string }).name = 'Renamed'
    expect(options.networks).toEqual([mainnet])
    expect(options.featuredWalletIds).toEqual([rainbowId])
    expect(options.customWallets).toEqual([{ id: 'acme', name: 'Acme Wallet' }])
  })
})

describe('the legal links', () => {
  it('keeps the terms and privacy links a host gives', () => {
    const options = resolveOptions({
      ...minimal,
      termsConditionsUrl: 'https://host.example/terms',
      privacyPolicyUrl: 'https://host.example/privacy',
    })
    expect(options.termsConditionsUrl).toBe('https://host.example/terms')
    expect(options.privacyPolicyUrl).toBe('https://host.example/privacy')
  })

  it('refuses a link that is not an http or https URL', () => {
    expect(() => resolveOptions({ ...minimal, termsConditionsUrl: 'javascript:alert(1)' })).toThrow(
      new InvalidOptionsError('termsConditionsUrl must use http: or https:'),
    )
    expect(() => resolveOptions({ ...minimal, privacyPolicyUrl: '/privacy' })).toThrow(
      new InvalidOptionsError('privacyPolicyUrl must be an absolute URL'),
    )
  })

  it('refuses the legal checkbox without a link to agree to', () => {
    expect(() => resolveOptions({ ...minimal, features: { legalCheckbox: true } })).toThrow(
      new InvalidOptionsError(
        'features.legalCheckbox needs termsConditionsUrl or privacyPolicyUrl',
      ),
    )
  })
})
