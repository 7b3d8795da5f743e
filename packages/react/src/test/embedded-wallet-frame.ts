// A Portico client whose embedded wallet frame is scripted (the test kit's frame environment):
// the code views talk to it as they would to the real frame, through core's flows.
import { createPorticoClient, mainnet, type PorticoClient } from '@portico/core'
import {
  attachScriptedFrame,
  type ScriptedAnswer,
  scriptedFrameEnvironment,
} from '@portico/test-kit'

export const VISITOR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The frame as the server behind it would answer: code 123456 is right, anything else wrong. */
export function scriptedEmbeddedWallet(
  overrides: Partial<Record<string, (payload: Record<string, unknown>) => ScriptedAnswer>> = {},
): { client: PorticoClient; requests: { type: string; payload: unknown }[] } {
  const requests: { type: string; payload: unknown }[] = []
  const frame = scriptedFrameEnvironment((type, payload) => {
    requests.push({ type, payload })
    const body = payload as Record<string, unknown>
    const override = overrides[type]
    if (override) return override(body)
    switch (type) {
      case 'CONNECT_EMAIL':
        return { ok: { action: 'VERIFY_OTP' } }
      case 'CONNECT_OTP':
      case 'UPDATE_EMAIL_PRIMARY_OTP':
        return body.otp === '123456' ? { ok: {} } : { error: 'Invalid code' }
      case 'UPDATE_EMAIL':
        return { ok: { action: 'VERIFY_PRIMARY_OTP' } }
      case 'UPDATE_EMAIL_SECONDARY_OTP':
        return body.otp === '654321'
          ? { ok: { newEmail: 'new@example.test' } }
          : { error: 'Invalid code' }
      case 'GET_USER':
        return {
          ok: {
            email: 'visitor@example.test',
            address: VISITOR,
            chainId: 1,
            smartAccountDeployed: false,
            preferredAccountType: 'eoa',
            accounts: [{ address: VISITOR, type: 'eoa' }],
          },
        }
      default:
        return { ok: {} }
    }
  })
  const client = createPorticoClient(
    {
      projectId: 'p1',
      apiUrl: 'http://127.0.0.1:1',
      frameUrl: frame.frameUrl,
      networks: [mainnet],
    },
    { storage: null },
  )
  attachScriptedFrame(client, frame)
  return { client, requests }
}
