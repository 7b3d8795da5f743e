import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { TOKEN_LIST_MAX_LENGTH } from './token-lists-config'

const USDC = '0x8ce361602B935680E8DeC218b820ff5056BeB7af'
const PRTC = '0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629'

describe('the tokenLists configuration', () => {
  it('reads JSON from the environment, one entry per token whatever its case', () => {
    const config = loadConfig({
      PORTICO_TOKEN_LISTS: JSON.stringify({ 1: [USDC, PRTC, USDC.toLowerCase()] }),
    })
    expect(config.tokenLists).toEqual({ 'eip155:1': [USDC.toLowerCase(), PRTC] })
  })

  it('takes the start script overrides before the environment', () => {
    const config = loadConfig(
      { PORTICO_TOKEN_LISTS: JSON.stringify({ 1: [USDC] }) },
      { tokenLists: { 'eip155:8453': [PRTC] } },
    )
    expect(config.tokenLists).toEqual({ 'eip155:8453': [PRTC] })
  })

  it.each([
    ['not JSON', '['],
    ['a list', '[]'],
    ['a bad chain id', `{"x":["${USDC}"]}`],
    ['a non-address', '{"1":["USDC"]}'],
    ['a list that is too long', JSON.stringify({ 1: Array(TOKEN_LIST_MAX_LENGTH + 1).fill(USDC) })],
  ])('refuses %s with a ConfigError', (_what, json) => {
    expect(() => loadConfig({ PORTICO_TOKEN_LISTS: json })).toThrow(ConfigError)
  })
})
