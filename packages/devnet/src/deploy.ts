// Deploys the devnet's contracts from the dedicated deployer, one transaction per contract in a
// fixed order. A contract's address depends only on the deployer and its nonce, so the order
// below is what makes DEVNET_CONTRACTS hold on every run and every chain.
import { type Address, encodeDeployData, getContractAddress, type Hex } from 'viem'
import { DEPLOYER } from './accounts'
import { DEVNET_CONTRACTS } from './addresses'
import type { CompiledContracts } from './compile'
import { GAS_LIMITS } from './constants'
import type { DevnetContractName, DevnetDeployment } from './deployment'
import type { TransactionSender } from './transaction-sender'
import type { UniswapArtifacts } from './uniswap-artifacts'

/** Deployment order = deployer nonce order. Never reorder: it would move every address. */
export const DEPLOYMENT_ORDER = [
  'weth',
  'uniswapV2Factory',
  'uniswapV2Router',
  'usdc',
  'token',
  'nft',
  'spamNft',
  'badges',
  'idRegistry',
] as const satisfies readonly DevnetContractName[]

export function deploymentAddress(nonce: number): Address {
  return getContractAddress({ from: DEPLOYER.address, nonce: BigInt(nonce) })
}

export interface DeployInputs {
  compiled: CompiledContracts
  uniswap: UniswapArtifacts
}

function creationCode(name: DevnetContractName, { compiled, uniswap }: DeployInputs): Hex {
  switch (name) {
    case 'weth':
      return uniswap.weth9.bytecode
    case 'uniswapV2Factory':
      // The deployer may set the protocol fee recipient; nobody does on the devnet.
      return encodeDeployData({
        abi: [{ type: 'constructor', inputs: [{ name: 'feeToSetter', type: 'address' }] }],
        bytecode: uniswap.factory.bytecode,
        args: [DEPLOYER.address],
      })
    case 'uniswapV2Router':
      return encodeDeployData({
        abi: [
          {
            type: 'constructor',
            inputs: [
              { name: 'factory', type: 'address' },
              { name: 'weth', type: 'address' },
            ],
          },
        ],
        bytecode: uniswap.router.bytecode,
        args: [DEVNET_CONTRACTS.uniswapV2Factory, DEVNET_CONTRACTS.weth],
      })
    case 'usdc':
      return compiled.PorticoUSD.bytecode
    case 'token':
      return compiled.PorticoToken.bytecode
    case 'nft':
      return compiled.PorticoExplorers.bytecode
    case 'spamNft':
      return compiled.FreeClaimRewards.bytecode
    case 'badges':
      return compiled.PorticoBadges.bytecode
    case 'idRegistry':
      // The deployer is the registry's gateway: the seed registers fids from it.
      return encodeDeployData({
        abi: [{ type: 'constructor', inputs: [{ name: 'gateway', type: 'address' }] }],
        bytecode: compiled.IdRegistry.bytecode,
        args: [DEPLOYER.address],
      })
  }
}

/** Sends the deployments; the caller confirms them (with the seed) in one pass. */
export async function deployContracts(
  sender: TransactionSender,
  inputs: DeployInputs,
): Promise<DevnetDeployment> {
  const firstNonce = await sender.nextNonce(DEPLOYER)
  if (firstNonce !== 0) {
    throw new Error(
      `the devnet deployer ${DEPLOYER.address} has already sent ${firstNonce} transactions on this chain; contracts would not land on DEVNET_CONTRACTS (start from a fresh anvil)`,
    )
  }
  for (const name of DEPLOYMENT_ORDER) {
    await sender.send({
      from: DEPLOYER,
      data: creationCode(name, inputs),
      gas: GAS_LIMITS.deploy[name],
      label: `deploy ${name}`,
    })
  }
  return { ...DEVNET_CONTRACTS }
}
