// Random token traffic on a devnet chain (deployed, unseeded): mints, then rounds of blocks
// holding ETH, ERC-20, ERC-721 and ERC-1155 (single and batch) transfers, failed transfers and
// a value-carrying deployment, with runs of empty blocks between them. Sent from anvil's
// unlocked dev accounts; some transfers may revert, which the indexer must get right too.
import {
  DEPLOYER,
  DEV_ACCOUNTS,
  DEVNET_CONTRACTS,
  freeClaimRewardsAbi,
  porticoBadgesAbi,
  porticoExplorersAbi,
  porticoTokenAbi,
} from '@portico/devnet'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  zeroAddress,
} from 'viem'

/** A seeded pseudo-random generator (mulberry32): a failing run can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface TransactionRequest {
  from: Address
  to: Address | null
  data?: Hex
  value?: Hex
  gas: Hex
}

const EXPLORERS_MINTED = 8
const BADGE_IDS = [1n, 2n, 3n]
const GAS = numberToHex(300_000)

export class RandomTraffic {
  readonly #client
  readonly #random: () => number

  constructor(
    readonly rpcUrl: string,
    seed: number,
  ) {
    this.#client = createPublicClient({ transport: http(rpcUrl) })
    this.#random = seededRandom(seed)
  }

  rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    // biome-ignore lint/suspicious/noExplicitAny: anvil's own methods are not in viem's schema
    return this.#client.request({ method, params } as any) as Promise<T>
  }

  #pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#random() * items.length)] as T
  }

  #account(count = 8): Address {
    return (DEV_ACCOUNTS[Math.floor(this.#random() * count)] as { address: Address }).address
  }

  send(request: TransactionRequest): Promise<Hex> {
    return this.rpc<Hex>('eth_sendTransaction', [request])
  }

  async #read(to: Address, data: Hex): Promise<bigint> {
    const answer = await this.rpc<Hex>('eth_call', [{ to, data }, 'latest'])
    return BigInt(answer)
  }

  /** Token balances and NFTs for the accounts; one block. */
  async mint(): Promise<void> {
    await this.rpc('evm_setAutomine', [false])
    const owner = DEPLOYER.address
    const call = (to: Address, data: Hex) => this.send({ from: owner, to, data, gas: GAS })
    for (const { address } of DEV_ACCOUNTS.slice(0, 5)) {
      await call(
        DEVNET_CONTRACTS.usdc,
        encodeFunctionData({
          abi: porticoTokenAbi,
          functionName: 'mint',
          args: [address, 10n ** 10n],
        }),
      )
      await call(
        DEVNET_CONTRACTS.token,
        encodeFunctionData({
          abi: porticoTokenAbi,
          functionName: 'mint',
          args: [address, 10n ** 21n],
        }),
      )
    }
    for (let index = 0; index < EXPLORERS_MINTED; index++) {
      const data = encodeFunctionData({
        abi: porticoExplorersAbi,
        functionName: 'mint',
        args: [this.#account()],
      })
      await call(DEVNET_CONTRACTS.nft, data)
    }
    for (let index = 0; index < 6; index++) {
      const data = encodeFunctionData({
        abi: porticoBadgesAbi,
        functionName: 'mint',
        args: [this.#account(5), this.#pick(BADGE_IDS), BigInt(1 + Math.floor(this.#random() * 5))],
      })
      await call(DEVNET_CONTRACTS.badges, data)
    }
    const recipients = [this.#account(), this.#account(), this.#account()]
    await call(
      DEVNET_CONTRACTS.spamNft,
      encodeFunctionData({ abi: freeClaimRewardsAbi, functionName: 'airdrop', args: [recipients] }),
    )
    await this.rpc('evm_mine')
    await this.rpc('evm_setAutomine', [true])
  }

  /** One random transfer (it may revert), as a request. */
  async randomRequest(): Promise<TransactionRequest | undefined> {
    const from = this.#account()
    const to = this.#account()
    const value = numberToHex(1n + BigInt(Math.floor(this.#random() * 1e15)))
    switch (Math.floor(this.#random() * 8)) {
      case 0:
        return { from, to, value, gas: GAS }
      case 1: {
        const token = this.#pick([DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.token])
        const amount = BigInt(1 + Math.floor(this.#random() * 1000))
        const data = encodeFunctionData({
          abi: porticoTokenAbi,
          functionName: 'transfer',
          args: [to, amount],
        })
        return { from: this.#account(5), to: token, data, gas: GAS }
      }
      case 2: {
        const tokenId = BigInt(1 + Math.floor(this.#random() * EXPLORERS_MINTED))
        const ownerOf = encodeFunctionData({
          abi: porticoExplorersAbi,
          functionName: 'ownerOf',
          args: [tokenId],
        })
        const owner =
          `0x${(await this.#read(DEVNET_CONTRACTS.nft, ownerOf)).toString(16).padStart(40, '0')}` as Address
        const data = encodeFunctionData({
          abi: porticoExplorersAbi,
          functionName: 'transferFrom',
          args: [owner, to, tokenId],
        })
        return { from: owner, to: DEVNET_CONTRACTS.nft, data, gas: GAS }
      }
      case 3:
      case 4: {
        const holder = this.#account(5)
        const balances = await Promise.all(
          BADGE_IDS.map((id) =>
            this.#read(
              DEVNET_CONTRACTS.badges,
              encodeFunctionData({
                abi: porticoBadgesAbi,
                functionName: 'balanceOf',
                args: [holder, id],
              }),
            ),
          ),
        )
        const held = BADGE_IDS.filter((_, index) => (balances[index] as bigint) > 0n)
        if (held.length === 0) return undefined
        const data =
          held.length > 1 && this.#random() < 0.5
            ? encodeFunctionData({
                abi: porticoBadgesAbi,
                functionName: 'safeBatchTransferFrom',
                args: [holder, to, held, held.map(() => 1n), '0x'],
              })
            : encodeFunctionData({
                abi: porticoBadgesAbi,
                functionName: 'safeTransferFrom',
                args: [holder, to, this.#pick(held), 1n, '0x'],
              })
        return { from: holder, to: DEVNET_CONTRACTS.badges, data, gas: GAS }
      }
      case 5:
        // Reverts: the token has no payable fallback. A failed value transfer.
        return { from, to: DEVNET_CONTRACTS.usdc, value, gas: GAS }
      case 6:
        // A deployment carrying value (init code STOP: an empty contract).
        return { from, to: null, data: '0x00', value, gas: GAS }
      default: {
        // Reverts: account 7 holds no tokens. Nothing moves, nothing is stored.
        const data = encodeFunctionData({
          abi: porticoTokenAbi,
          functionName: 'transfer',
          args: [zeroAddress === to ? from : to, 5n],
        })
        return {
          from: (DEV_ACCOUNTS[7] as { address: Address }).address,
          to: DEVNET_CONTRACTS.usdc,
          data,
          gas: GAS,
        }
      }
    }
  }

  /** A block of 1-4 random transfers. */
  async block(): Promise<void> {
    await this.rpc('evm_setAutomine', [false])
    const count = 1 + Math.floor(this.#random() * 4)
    for (let index = 0; index < count; index++) {
      const request = await this.randomRequest()
      if (request) await this.send(request)
    }
    await this.rpc('evm_mine')
    await this.rpc('evm_setAutomine', [true])
  }

  /** `rounds` blocks of transfers, each followed by up to `maxEmptyBlocks` empty blocks. */
  async rounds(rounds: number, maxEmptyBlocks: number): Promise<void> {
    for (let round = 0; round < rounds; round++) {
      await this.block()
      const empty = Math.floor(this.#random() * (maxEmptyBlocks + 1))
      if (empty > 0) await this.rpc('anvil_mine', [numberToHex(empty)])
    }
  }

  async head(): Promise<{ number: number; hash: string }> {
    const block = await this.rpc<{ number: Hex; hash: Hex }>('eth_getBlockByNumber', [
      'latest',
      false,
    ])
    return { number: Number(block.number), hash: block.hash.toLowerCase() }
  }
}
