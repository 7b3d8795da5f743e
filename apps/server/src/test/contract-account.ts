// Test support: a tiny ERC-1271 contract account (its owner's personal_sign signatures are valid
// for it) and a CREATE2 factory for it (an ERC-6492 counterfactual account), compiled with the
// npm solc and deployed on a local anvil.
import {
  type Address,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract OwnedAccount {
  address public immutable owner;

  constructor(address owner_) {
    owner = owner_;
  }

  function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
    if (signature.length != 65) return 0xffffffff;
    bytes32 r;
    bytes32 s;
    uint8 v;
    assembly {
      r := calldataload(signature.offset)
      s := calldataload(add(signature.offset, 32))
      v := byte(0, calldataload(add(signature.offset, 64)))
    }
    return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
  }
}

contract OwnedAccountFactory {
  function deploy(address owner_, bytes32 salt) external returns (address) {
    return address(new OwnedAccount{salt: salt}(owner_));
  }
}
`

interface Solc {
  compile(input: string): string
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>
}

type ContractName = 'OwnedAccount' | 'OwnedAccountFactory'

const ownedAccountAbi = [
  {
    type: 'constructor',
    inputs: [{ name: 'owner_', type: 'address' }],
    stateMutability: 'nonpayable',
  },
] as const

const factoryAbi = [
  {
    type: 'function',
    name: 'deploy',
    inputs: [
      { name: 'owner_', type: 'address' },
      { name: 'salt', type: 'bytes32' },
    ],
    outputs: [{ name: '', type: 'address' }],
    stateMutability: 'nonpayable',
  },
] as const

let compiled: Promise<Record<ContractName, Hex>> | undefined

function compileContracts(): Promise<Record<ContractName, Hex>> {
  compiled ??= compile()
  return compiled
}

async function compile(): Promise<Record<ContractName, Hex>> {
  const solc: Solc = (await import('solc')).default
  const input = {
    language: 'Solidity',
    sources: { 'OwnedAccount.sol': { content: SOURCE } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
  }
  const output: SolcOutput = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const bytecode = (name: ContractName): Hex => {
    const object = output.contracts['OwnedAccount.sol']?.[name]?.evm.bytecode.object
    if (!object) throw new Error(`solc gave no bytecode for ${name}`)
    return `0x${object}`
  }
  return {
    OwnedAccount: bytecode('OwnedAccount'),
    OwnedAccountFactory: bytecode('OwnedAccountFactory'),
  }
}

function deployerClient(rpcUrl: string, deployerKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(deployerKey),
    transport: http(rpcUrl),
  }).extend(publicActions)
}

/** Deploys an OwnedAccount for `owner`, paid by `deployerKey`; answers its address. */
export async function deployOwnedAccount(
  rpcUrl: string,
  deployerKey: Hex,
  owner: Address,
): Promise<Address> {
  const client = deployerClient(rpcUrl, deployerKey)
  const hash = await client.deployContract({
    abi: ownedAccountAbi,
    bytecode: (await compileContracts()).OwnedAccount,
    args: [owner],
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (!receipt.contractAddress) throw new Error('OwnedAccount was not deployed')
  return receipt.contractAddress
}

export interface CounterfactualAccount {
  /** Where the factory would put the account; nothing is deployed there yet. */
  address: Address
  factory: Address
  /** The call that deploys it, as ERC-6492 wraps it into a signature. */
  factoryData: Hex
}

/** Deploys only the factory; answers an account for `owner` that exists on paper alone. */
export async function prepareCounterfactualAccount(
  rpcUrl: string,
  deployerKey: Hex,
  owner: Address,
): Promise<CounterfactualAccount> {
  const client = deployerClient(rpcUrl, deployerKey)
  const bytecodes = await compileContracts()
  const hash = await client.deployContract({
    abi: factoryAbi,
    bytecode: bytecodes.OwnedAccountFactory,
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  const factory = receipt.contractAddress
  if (!factory) throw new Error('OwnedAccountFactory was not deployed')
  const salt: Hex = `0x${'00'.repeat(31)}01`
  const initCode = encodeDeployData({
    abi: ownedAccountAbi,
    bytecode: bytecodes.OwnedAccount,
    args: [owner],
  })
  return {
    address: getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: initCode }),
    factory,
    factoryData: encodeFunctionData({
      abi: factoryAbi,
      functionName: 'deploy',
      args: [owner, salt],
    }),
  }
}
