// Seeds a freshly deployed devnet with what seed-plan.ts describes: Uniswap liquidity, ERC-20
// balances, NFTs and a short history of transfers between dev accounts.
import { type Address, encodeFunctionData, type Hex, maxUint256 } from 'viem'
import {
  freeClaimRewardsAbi,
  idRegistryAbi,
  porticoBadgesAbi,
  porticoExplorersAbi,
  porticoUsdAbi,
} from './abis/portico-contracts'
import { uniswapV2RouterAbi } from './abis/uniswap-v2'
import { DEPLOYER, DEV_ACCOUNTS, type DevAccount } from './accounts'
import { GAS_LIMITS } from './constants'
import type { DevnetDeployment } from './deployment'
import {
  SEEDED_ERC20,
  SEEDED_FIDS,
  SEEDED_NFTS,
  SEEDED_POOLS,
  SEEDED_SWAP,
  SEEDED_TRANSFERS,
  type SeededTransfer,
} from './seed-plan'
import type { TransactionSender } from './transaction-sender'

function devAccount(index: number): DevAccount {
  const account = DEV_ACCOUNTS[index]
  if (!account) throw new Error(`the seed plan names dev account ${index}; there are 10 (0-9)`)
  return account
}

// USDC and PRTC share the ERC-20 surface the seed uses (mint, approve, transfer).
const erc20Abi = porticoUsdAbi

/** Liquidity and mints, all from the deployer, so their nonce order fixes their outcome. */
async function seedFromDeployer(sender: TransactionSender, deployment: DevnetDeployment) {
  const { usdc, token, uniswapV2Router: router } = deployment
  const call = (to: Address, data: Hex, gas: bigint, label: string, value = 0n) =>
    sender.send({ from: DEPLOYER, to, data, gas, value, label })

  const poolUsdc = SEEDED_POOLS.wethUsdc.usdc + SEEDED_POOLS.tokenUsdc.usdc
  await call(
    usdc,
    encodeFunctionData({ abi: erc20Abi, functionName: 'mint', args: [DEPLOYER.address, poolUsdc] }),
    GAS_LIMITS.mintErc20,
    'mint pool USDC',
  )
  await call(
    token,
    encodeFunctionData({
      abi: erc20Abi,
      functionName: 'mint',
      args: [DEPLOYER.address, SEEDED_POOLS.tokenUsdc.token],
    }),
    GAS_LIMITS.mintErc20,
    'mint pool PRTC',
  )
  for (const asset of [usdc, token]) {
    await call(
      asset,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] }),
      GAS_LIMITS.approve,
      'approve router',
    )
  }
  // A deadline of 2^256 - 1 keeps the calldata the same on every run (no clock in it).
  await call(
    router,
    encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'addLiquidityETH',
      args: [usdc, SEEDED_POOLS.wethUsdc.usdc, 0n, 0n, DEPLOYER.address, maxUint256],
    }),
    GAS_LIMITS.addLiquidity,
    'add WETH/USDC liquidity',
    SEEDED_POOLS.wethUsdc.eth,
  )
  await call(
    router,
    encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'addLiquidity',
      args: [
        token,
        usdc,
        SEEDED_POOLS.tokenUsdc.token,
        SEEDED_POOLS.tokenUsdc.usdc,
        0n,
        0n,
        DEPLOYER.address,
        maxUint256,
      ],
    }),
    GAS_LIMITS.addLiquidity,
    'add PRTC/USDC liquidity',
  )

  for (const index of SEEDED_ERC20.accounts) {
    const to = devAccount(index).address
    for (const [asset, amount] of [
      [usdc, SEEDED_ERC20.usdc],
      [token, SEEDED_ERC20.token],
    ] as const) {
      await call(
        asset,
        encodeFunctionData({ abi: erc20Abi, functionName: 'mint', args: [to, amount] }),
        GAS_LIMITS.mintErc20,
        `mint ERC-20 to account ${index}`,
      )
    }
  }

  for (const index of SEEDED_NFTS.explorers) {
    await call(
      deployment.nft,
      encodeFunctionData({
        abi: porticoExplorersAbi,
        functionName: 'mint',
        args: [devAccount(index).address],
      }),
      GAS_LIMITS.mintNft,
      `mint Explorer to account ${index}`,
    )
  }
  const spamRecipients = SEEDED_NFTS.spamAirdrop.map((index) => devAccount(index).address)
  await call(
    deployment.spamNft,
    encodeFunctionData({
      abi: freeClaimRewardsAbi,
      functionName: 'airdrop',
      args: [spamRecipients],
    }),
    GAS_LIMITS.mintNft * BigInt(spamRecipients.length),
    'airdrop spam NFTs',
  )
  for (const badge of SEEDED_NFTS.badges) {
    await call(
      deployment.badges,
      encodeFunctionData({
        abi: porticoBadgesAbi,
        functionName: 'mint',
        args: [devAccount(badge.account).address, badge.id, badge.amount],
      }),
      GAS_LIMITS.mintNft,
      `mint badge ${badge.id} to account ${badge.account}`,
    )
  }
  for (const { custody } of SEEDED_FIDS) {
    await call(
      deployment.idRegistry,
      encodeFunctionData({
        abi: idRegistryAbi,
        functionName: 'register',
        args: [devAccount(custody).address, '0x0000000000000000000000000000000000000000'],
      }),
      GAS_LIMITS.registerFid,
      `register a fid to account ${custody}`,
    )
  }
}

async function sendTransfer(
  sender: TransactionSender,
  deployment: DevnetDeployment,
  transfer: SeededTransfer,
) {
  const from = devAccount(transfer.from)
  const to = devAccount(transfer.to).address
  const label = `${transfer.asset} transfer ${transfer.from} -> ${transfer.to}`
  switch (transfer.asset) {
    case 'eth':
      return sender.send({ from, to, value: transfer.amount, gas: GAS_LIMITS.sendEth, label })
    case 'usdc':
    case 'token':
      return sender.send({
        from,
        to: transfer.asset === 'usdc' ? deployment.usdc : deployment.token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, transfer.amount],
        }),
        gas: GAS_LIMITS.transferErc20,
        label,
      })
    case 'nft':
      return sender.send({
        from,
        to: deployment.nft,
        data: encodeFunctionData({
          abi: porticoExplorersAbi,
          functionName: 'safeTransferFrom',
          args: [from.address, to, transfer.tokenId],
        }),
        gas: GAS_LIMITS.transferNft,
        label,
      })
  }
}

/** Transfers and a swap by the dev accounts; they spend what seedFromDeployer gave them. */
async function seedHistory(sender: TransactionSender, deployment: DevnetDeployment) {
  for (const transfer of SEEDED_TRANSFERS) await sendTransfer(sender, deployment, transfer)
  const swapper = devAccount(SEEDED_SWAP.account)
  await sender.send({
    from: swapper,
    to: deployment.uniswapV2Router,
    value: SEEDED_SWAP.eth,
    data: encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [deployment.weth, deployment.usdc], swapper.address, maxUint256],
    }),
    gas: GAS_LIMITS.swap,
    label: `swap by account ${SEEDED_SWAP.account}`,
  })
}

/**
 * Runs after deployContracts on the same sender. Waits for the deployer's transactions before
 * the dev accounts spend what they were given: the two groups come from different senders,
 * and only one sender's nonces order its own transactions.
 */
export async function seedDevnet(sender: TransactionSender, deployment: DevnetDeployment) {
  await seedFromDeployer(sender, deployment)
  await sender.confirm()
  await seedHistory(sender, deployment)
  await sender.confirm()
}
