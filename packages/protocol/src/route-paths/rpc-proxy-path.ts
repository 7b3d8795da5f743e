// The RPC proxy: `POST /v1?chainId=...` with a JSON-RPC body (the page's wagmi transport and the frame).
export const RPC_PROXY_PATH = '/v1'
