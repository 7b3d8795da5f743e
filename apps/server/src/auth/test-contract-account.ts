// Test support: a tiny ERC-1271 contract account (its owner's personal_sign signatures are valid
// for it), compiled with the npm solc and deployed on a local anvil.
import { type Address, createWalletClient, type Hex, http, publicActions } from 'viem'
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
`

interface Solc {
  compile(input: string): string
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>
}

const ownedAccountAbi = [
  {
    type: 'constructor',
    inputs: [{ name: 'owner_', type: 'address' }],
    stateMutability: 'nonpayable',
  },
] as const

async function compileOwnedAccount(): Promise<Hex> {
  const solc: Solc = (await import('solc')).default
  const input = {
    language: 'Solidity',
    sources: { 'OwnedAccount.sol': { content: SOURCE } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
  }
  const output: SolcOutput = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'))
  const object = output.contracts['OwnedAccount.sol']?.OwnedAccount?.evm.bytecode.object
  if (!object) throw new Error('solc gave no bytecode for OwnedAccount')
  return `0x${object}`
}

/** Deploys an OwnedAccount for `owner`, paid by `deployerKey`; answers its address. */
export async function deployOwnedAccount(
  rpcUrl: string,
  deployerKey: Hex,
  owner: Address,
): Promise<Address> {
  const client = createWalletClient({
    account: privateKeyToAccount(deployerKey),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const hash = await client.deployContract({
    abi: ownedAccountAbi,
    bytecode: await compileOwnedAccount(),
    args: [owner],
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (!receipt.contractAddress) throw new Error('OwnedAccount was not deployed')
  return receipt.contractAddress
}
