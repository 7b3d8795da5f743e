// Reduces a compiler's ABI to the fields viem reads, so the generated `as const` ABIs stay small
// and the Uniswap artifacts' legacy keys (`payable`, `constant`) do not leak into our types.
type JsonAbiParameter = {
  name?: string
  type: string
  indexed?: boolean
  components?: JsonAbiParameter[]
}

type JsonAbiItem = {
  type: string
  name?: string
  inputs?: JsonAbiParameter[]
  outputs?: JsonAbiParameter[]
  stateMutability?: string
  anonymous?: boolean
}

function normalizeParameter(parameter: JsonAbiParameter): JsonAbiParameter {
  return {
    name: parameter.name ?? '',
    type: parameter.type,
    ...(parameter.indexed !== undefined ? { indexed: parameter.indexed } : {}),
    ...(parameter.components ? { components: parameter.components.map(normalizeParameter) } : {}),
  }
}

export function normalizeAbi(abi: readonly unknown[]): JsonAbiItem[] {
  return (abi as JsonAbiItem[]).map((item) => ({
    type: item.type,
    ...(item.name !== undefined ? { name: item.name } : {}),
    ...(item.inputs ? { inputs: item.inputs.map(normalizeParameter) } : {}),
    ...(item.outputs ? { outputs: item.outputs.map(normalizeParameter) } : {}),
    ...(item.stateMutability ? { stateMutability: item.stateMutability } : {}),
    ...(item.anonymous !== undefined ? { anonymous: item.anonymous } : {}),
  }))
}
