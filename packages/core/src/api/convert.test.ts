import type {
  ConvertAllowanceAnswer,
  ConvertGasPriceAnswer,
  ConvertQuotesAnswer,
  ConvertTokensAnswer,
  ConvertTransactionAnswer,
} from '@portico/protocol/convert'
import { CONVERT_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/convert-slippage'
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import { describe, expect, it, vi } from 'vitest'
import { createConvertApi, SwapAnswerError } from './convert'
import { createHttpClient, HttpStatusError } from './http'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const eth = `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`
const usdc = 'eip155:1:0x8ce361602B935680E8DeC218b820ff5056BeB7af'

function apiAnswering(answer: unknown, status = 200) {
  const calls: { url: URL; init: RequestInit }[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: new URL(String(input)), init })
    return Response.json(answer, { status })
  }) as unknown as typeof globalThis.fetch
  const api = createConvertApi(
    createHttpClient({ baseUrl: 'http://api.test', projectId: 'p1', fetch }),
  )
  return { api, calls }
}

const query = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? [])
const transaction = {
  tx: {
    from: `eip155:1:${alice}`,
    to: usdc,
    data: '0x095ea7b3',
    amount: '0',
    eip155: { gas: '60000', gasPrice: '1000000000' },
  },
} satisfies ConvertTransactionAnswer

describe('the convert API client', () => {
  it('asks for the network’s tokens and keeps the popular ids', async () => {
    const token = { name: 'USD Coin', symbol: 'USDC', address: usdc, decimals: 6, logoUri: '' }
    const { api, calls } = apiAnswering({
      tokens: [token],
      suggested: [usdc],
      popular: [usdc],
      router: 'eip155:1:0xb19b36b1456E65E3A6D514D3F715f204BD59f431',
    } satisfies ConvertTokensAnswer)
    expect(await api.fetchTokens('eip155:1')).toEqual({
      tokens: [token],
      suggested: [usdc],
      popular: [usdc],
    })
    expect(calls[0]?.url.pathname).toBe('/v1/convert/tokens')
    expect(query(calls[0]?.url)).toMatchObject({ chainId: 'eip155:1', projectId: 'p1' })
  })

  it('refuses a network id that is not CAIP-2 before asking', async () => {
    const { api, calls } = apiAnswering({ tokens: [] })
    await expect(api.fetchTokens('1')).rejects.toThrow('Invalid CAIP-2 network id')
    expect(calls).toHaveLength(0)
  })

  it('reads the first quote in base units with its price impact and gas', async () => {
    const { api, calls } = apiAnswering({
      quotes: [
        {
          id: 'uniswap-v2:x',
          fromAmount: '100000000000000000',
          fromAccount: eth,
          toAmount: '299102000',
          toAccount: usdc,
          priceImpact: 0.33,
          path: ['0xa', '0xb'],
          gas: '120000',
        },
      ],
    } satisfies ConvertQuotesAnswer)
    const quote = await api.fetchQuote({
      amount: 100_000_000_000_000_000n,
      userAddress: alice,
      from: eth,
      to: usdc,
      gasPrice: 7n,
    })
    expect(quote).toEqual({
      fromAmount: 100_000_000_000_000_000n,
      toAmount: 299_102_000n,
      priceImpact: 0.33,
      gas: 120_000n,
    })
    expect(query(calls[0]?.url)).toMatchObject({
      amount: '100000000000000000',
      userAddress: alice,
      from: eth,
      to: usdc,
      gasPrice: '7',
    })
  })

  it('says there is no quote when the answer has none or a malformed amount', async () => {
    await expect(
      apiAnswering({ quotes: [] }).api.fetchQuote({
        amount: 1n,
        userAddress: alice,
        from: eth,
        to: usdc,
      }),
    ).rejects.toThrow(SwapAnswerError)
    await expect(
      apiAnswering({ quotes: [{ fromAmount: '1', toAmount: '-5' }] }).api.fetchQuote({
        amount: 1n,
        userAddress: alice,
        from: eth,
        to: usdc,
      }),
    ).rejects.toThrow('No quote for this swap')
  })

  it("throws the spec's 'HTTP status code: {status}' on a refusal", async () => {
    const { api } = apiAnswering(
      {
        error: { code: 'UNSUPPORTED_NETWORK', message: 'Network not supported for Swaps' },
      } satisfies ErrorAnswer,
      400,
    )
    const failure = api.fetchTokens('eip155:999')
    await expect(failure).rejects.toThrow(HttpStatusError)
    await expect(failure).rejects.toThrow('HTTP status code: 400')
  })

  it('reads the allowance and the standard gas price', async () => {
    const allowance = apiAnswering({ allowance: '5000000' } satisfies ConvertAllowanceAnswer)
    expect(await allowance.api.fetchAllowance(usdc, alice)).toBe(5_000_000n)
    expect(allowance.calls[0]?.url.pathname).toBe('/v1/convert/allowance')
    expect(query(allowance.calls[0]?.url)).toMatchObject({ tokenAddress: usdc, userAddress: alice })
    const gas = apiAnswering({
      standard: '1000000000',
      fast: '1250000000',
      instant: '1500000000',
    } satisfies ConvertGasPriceAnswer)
    expect(await gas.api.fetchGasPrice('eip155:1')).toBe(1_000_000_000n)
    expect(query(gas.calls[0]?.url)).toMatchObject({ chainId: 'eip155:1' })
  })

  it('builds the approval for the amount and the swap with the accepted quote', async () => {
    const approve = apiAnswering(transaction)
    expect(
      await approve.api.buildApprove({
        userAddress: alice,
        from: usdc,
        to: eth,
        amount: 50_000_000n,
      }),
    ).toEqual(transaction.tx)
    expect(approve.calls[0]?.url.pathname).toBe('/v1/convert/build-approve')
    expect(query(approve.calls[0]?.url)).toMatchObject({
      userAddress: alice,
      from: usdc,
      to: eth,
      amount: '50000000',
    })
    const swap = apiAnswering(transaction)
    await swap.api.buildTransaction({
      amount: 50_000_000n,
      userAddress: alice,
      from: usdc,
      to: eth,
      slippage: 1,
      toAmount: 16_000_000_000_000_000n,
    })
    expect(swap.calls[0]?.init.method).toBe('POST')
    expect(JSON.parse(String(swap.calls[0]?.init.body))).toEqual({
      projectId: 'p1',
      userAddress: alice,
      from: usdc,
      to: eth,
      amount: '50000000',
      eip155: { slippage: 1 },
      toAmount: '16000000000000000',
      disableEstimate: true,
    })
  })

  it('says there is no transaction when the answer has none', async () => {
    await expect(
      apiAnswering({}).api.buildApprove({ userAddress: alice, from: usdc, to: eth, amount: 1n }),
    ).rejects.toThrow('No transaction for this swap')
  })
})
