// The messages between the modal (host page) and the embedded wallet frame (its own origin),
// over postMessage. Every request is `{ type, id, payload }` with an id the modal makes; the
// frame answers `${type}_SUCCESS` or `${type}_ERROR` with the same id. Three frame events carry
// no id: FRAME_READY, FRAME_APPROVAL_REQUESTED and FRAME_APPROVAL_SETTLED.
//
// Who validates with what (our decision): the frame checks every request against these
// schemas with TypeBox's interpreting checker (`typebox/value`'s Check, not the compiled one:
// the frame's CSP has no 'unsafe-eval', so the JIT could not run there anyway). The frame is a
// page of its own, so TypeBox's weight lands on the frame, never on the host's page. The host
// never imports this module's values: it takes the types from here (`import type`) and checks
// what the frame posts with the small hand-written guard in embedded-wallet-frame-guard.ts
// (no schema library), which is enough because it already accepts only the frame's exact
// origin and window. The names of the request types live in that guard file too, as plain data.
import { type Static, type TSchema, Type } from 'typebox'
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, RedeemToken } from './embedded-wallet-api'
import type { FrameRequestType } from './embedded-wallet-frame-requests'
import { FARCASTER_CHANNEL_TOKEN_PATTERN } from './farcaster-auth'
import { SOCIAL_RESULT_URI_MAX_LENGTH, SocialProviderName } from './social-login'

/** An id made by the sender, echoed in the answer. */
export const FrameMessageId = Type.String({ minLength: 1, maxLength: 128 })

/** The same rule as the server's (embedded-wallet-api), so the frame passes on only what it takes. */
const Email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN })
/** The 6-digit codes the server mails. */
const Otp = Type.String({ pattern: '^[0-9]{6}$' })
const ChainId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })
const Empty = Type.Object({}, { additionalProperties: false })
const AccountType = Type.Union([Type.Literal('eoa'), Type.Literal('smartAccount')])

function request<const T extends FrameRequestType, P extends TSchema>(type: T, payload: P) {
  return Type.Object(
    { type: Type.Literal(type), id: FrameMessageId, payload },
    { additionalProperties: false },
  )
}

function success<const T extends FrameRequestType, P extends TSchema>(type: T, payload: P) {
  return Type.Object(
    { type: Type.Literal(`${type}_SUCCESS` as `${T}_SUCCESS`), id: FrameMessageId, payload },
    { additionalProperties: false },
  )
}

// ---- payloads, request then answer -----------------------------------------------------------

export const ConnectEmailPayload = Type.Object({ email: Email }, { additionalProperties: false })
export const ConnectEmailAnswer = Type.Object(
  { action: Type.Union([Type.Literal('VERIFY_OTP'), Type.Literal('VERIFY_DEVICE')]) },
  { additionalProperties: false },
)
export const OtpPayload = Type.Object({ otp: Otp }, { additionalProperties: false })
/**
 * Social login in two steps (social-login.ts): with `resultUri` (a URL of the host page's own
 * origin) the frame starts the login and answers the begin URL and state, which the host posts
 * as a form from the window that is to log in; with `uri` (the result URI the popup or the
 * redirect came back to) it redeems the result for a session and loads or makes the key.
 */
export const ConnectSocialPayload = Type.Union([
  Type.Object(
    {
      provider: SocialProviderName,
      resultUri: Type.String({ minLength: 1, maxLength: SOCIAL_RESULT_URI_MAX_LENGTH }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { provider: SocialProviderName, uri: Type.String({ minLength: 1, maxLength: 4096 }) },
    { additionalProperties: false },
  ),
])
export const ConnectSocialAnswer = Type.Union([
  Type.Object({ beginUrl: Type.String(), state: Type.String() }, { additionalProperties: false }),
  Empty,
])
/**
 * Sign In With Farcaster in two steps (farcaster-auth.ts): with no field the frame makes a new
 * redeem secret, keeps it, and answers its commitment, which the host sends when it makes the
 * channel; with `channelToken` (the channel completed) the frame redeems it with that secret
 * for a session and loads or makes the key.
 */
export const ConnectFarcasterPayload = Type.Union([
  Empty,
  Type.Object(
    { channelToken: Type.String({ pattern: FARCASTER_CHANNEL_TOKEN_PATTERN }) },
    { additionalProperties: false },
  ),
])
export const ConnectFarcasterAnswer = Type.Union([
  Type.Object({ redeemChallenge: RedeemToken }, { additionalProperties: false }),
  Empty,
])
export const GetUserPayload = Type.Object(
  { chainId: Type.Optional(ChainId) },
  { additionalProperties: false },
)
export const EmbeddedAccount = Type.Object(
  { address: Address, type: Type.Literal('eoa') },
  { additionalProperties: false },
)
export const GetUserAnswer = Type.Object(
  {
    /** '' for a login without an e-mail address of ours (social login, Farcaster). */
    email: Type.String(),
    address: Address,
    chainId: ChainId,
    userName: Type.Optional(Type.String()),
    /** How a login without an e-mail address came in: a social provider, or Farcaster. */
    socialProvider: Type.Optional(Type.Union([SocialProviderName, Type.Literal('farcaster')])),
    smartAccountDeployed: Type.Literal(false),
    preferredAccountType: Type.Literal('eoa'),
    accounts: Type.Array(EmbeddedAccount),
  },
  { additionalProperties: false },
)
export const IsConnectedAnswer = Type.Object(
  { isConnected: Type.Boolean() },
  { additionalProperties: false },
)
export const SwitchNetworkPayload = Type.Object(
  { chainId: ChainId },
  { additionalProperties: false },
)
export const RpcRequestPayload = Type.Object(
  {
    method: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }),
    params: Type.Optional(
      Type.Union([Type.Array(Type.Unknown()), Type.Record(Type.String(), Type.Unknown())]),
    ),
    chainId: ChainId,
  },
  { additionalProperties: false },
)
/** Whatever JSON the method returns (a hash, a signature, a receipt, null...). */
export const RpcRequestAnswer = Type.Unknown()
export const UpdateEmailPayload = Type.Object({ email: Email }, { additionalProperties: false })
export const UpdateEmailAnswer = Type.Object(
  { action: Type.Literal('VERIFY_PRIMARY_OTP') },
  { additionalProperties: false },
)
export const UpdateEmailSecondaryAnswer = Type.Object(
  { newEmail: Type.String() },
  { additionalProperties: false },
)
export const SyncThemePayload = Type.Object(
  {
    themeMode: Type.Union([Type.Literal('dark'), Type.Literal('light')]),
    themeVariables: Type.Record(
      Type.String({ maxLength: 64 }),
      Type.Union([Type.String({ maxLength: 256 }), Type.Number()]),
    ),
  },
  { additionalProperties: false },
)
export const SyncDappDataPayload = Type.Object(
  {
    projectId: Type.String({ maxLength: 64 }),
    sdkVersion: Type.String({ maxLength: 64 }),
    metadata: Type.Object(
      {
        name: Type.String({ maxLength: 256 }),
        description: Type.String({ maxLength: 1024 }),
        url: Type.String({ maxLength: 2048 }),
        icons: Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 16 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export const PreferredAccountPayload = Type.Object(
  { type: AccountType },
  { additionalProperties: false },
)
export const SmartAccountNetworksAnswer = Type.Object(
  { smartAccountEnabledNetworks: Type.Array(ChainId) },
  { additionalProperties: false },
)
export const ExportKeyStartAnswer = Type.Object(
  { action: Type.Literal('VERIFY_OTP') },
  { additionalProperties: false },
)

// ---- requests (modal -> frame) ----------------------------------------------------------------

export const ConnectEmailRequest = request('CONNECT_EMAIL', ConnectEmailPayload)
export const ConnectDeviceRequest = request('CONNECT_DEVICE', Empty)
export const ConnectOtpRequest = request('CONNECT_OTP', OtpPayload)
export const ConnectSocialRequest = request('CONNECT_SOCIAL', ConnectSocialPayload)
export const ConnectFarcasterRequest = request('CONNECT_FARCASTER', ConnectFarcasterPayload)
export const GetUserRequest = request('GET_USER', GetUserPayload)
export const IsConnectedRequest = request('IS_CONNECTED', Empty)
export const SwitchNetworkRequest = request('SWITCH_NETWORK', SwitchNetworkPayload)
export const SignOutRequest = request('SIGN_OUT', Empty)
export const RpcRequestRequest = request('RPC_REQUEST', RpcRequestPayload)
export const UpdateEmailRequest = request('UPDATE_EMAIL', UpdateEmailPayload)
export const UpdateEmailPrimaryOtpRequest = request('UPDATE_EMAIL_PRIMARY_OTP', OtpPayload)
export const UpdateEmailSecondaryOtpRequest = request('UPDATE_EMAIL_SECONDARY_OTP', OtpPayload)
export const SyncThemeRequest = request('SYNC_THEME', SyncThemePayload)
export const SyncDappDataRequest = request('SYNC_DAPP_DATA', SyncDappDataPayload)
export const SetPreferredAccountRequest = request('SET_PREFERRED_ACCOUNT', PreferredAccountPayload)
export const GetSmartAccountNetworksRequest = request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', Empty)
export const ExportKeyStartRequest = request('EXPORT_KEY_START', Empty)
export const ExportKeyOtpRequest = request('EXPORT_KEY_OTP', OtpPayload)

/** Every request the frame accepts; anything else posted to it is ignored. */
export const FrameRequest = Type.Union([
  ConnectEmailRequest,
  ConnectDeviceRequest,
  ConnectOtpRequest,
  ConnectSocialRequest,
  ConnectFarcasterRequest,
  GetUserRequest,
  IsConnectedRequest,
  SwitchNetworkRequest,
  SignOutRequest,
  RpcRequestRequest,
  UpdateEmailRequest,
  UpdateEmailPrimaryOtpRequest,
  UpdateEmailSecondaryOtpRequest,
  SyncThemeRequest,
  SyncDappDataRequest,
  SetPreferredAccountRequest,
  GetSmartAccountNetworksRequest,
  ExportKeyStartRequest,
  ExportKeyOtpRequest,
])
export type FrameRequest = Static<typeof FrameRequest>

// ---- answers (frame -> modal) -----------------------------------------------------------------

export const FrameSuccess = Type.Union([
  success('CONNECT_EMAIL', ConnectEmailAnswer),
  success('CONNECT_DEVICE', Empty),
  success('CONNECT_OTP', Empty),
  success('CONNECT_SOCIAL', ConnectSocialAnswer),
  success('CONNECT_FARCASTER', ConnectFarcasterAnswer),
  success('GET_USER', GetUserAnswer),
  success('IS_CONNECTED', IsConnectedAnswer),
  success('SWITCH_NETWORK', SwitchNetworkPayload),
  success('SIGN_OUT', Empty),
  success('RPC_REQUEST', RpcRequestAnswer),
  success('UPDATE_EMAIL', UpdateEmailAnswer),
  success('UPDATE_EMAIL_PRIMARY_OTP', Empty),
  success('UPDATE_EMAIL_SECONDARY_OTP', UpdateEmailSecondaryAnswer),
  success('SYNC_THEME', Empty),
  success('SYNC_DAPP_DATA', Empty),
  success('SET_PREFERRED_ACCOUNT', PreferredAccountPayload),
  success('GET_SMART_ACCOUNT_ENABLED_NETWORKS', SmartAccountNetworksAnswer),
  success('EXPORT_KEY_START', ExportKeyStartAnswer),
  // The key itself is shown inside the frame only; the answer says it is on screen.
  success('EXPORT_KEY_OTP', Empty),
])
export type FrameSuccess = Static<typeof FrameSuccess>

/**
 * Any request's failure. `message` is what the modal shows ('An error occurred' when empty);
 * `code` is the EIP-1193 code where one fits (4001 rejected, 4100 unauthorized, 4200
 * unsupported), which the connector passes on to wagmi.
 */
export const FrameErrorPayload = Type.Object(
  {
    message: Type.String({ maxLength: 1024 }),
    code: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
)
export type FrameErrorPayload = Static<typeof FrameErrorPayload>
export const FrameError = Type.Object(
  {
    type: Type.String({ pattern: '^[A-Z_]+_ERROR$' }),
    id: FrameMessageId,
    payload: FrameErrorPayload,
  },
  { additionalProperties: false },
)
export type FrameError = {
  type: `${FrameRequestType}_ERROR`
  id: string
  payload: FrameErrorPayload
}

// ---- events (frame -> modal, no id) -----------------------------------------------------------

/** Posted once the frame has loaded and listens; the modal then waits 500 ms (spec 9). */
export const FrameReadyEvent = Type.Object(
  { type: Type.Literal('FRAME_READY'), payload: Empty },
  { additionalProperties: false },
)
/**
 * The frame needs to be seen: a not-safe RPC_REQUEST waits for Approve / Reject (`method` is
 * the RPC method), or the exported key is on screen (`method` is 'EXPORT_KEY'). `id` is the
 * request's id.
 */
export const FrameApprovalRequestedEvent = Type.Object(
  {
    type: Type.Literal('FRAME_APPROVAL_REQUESTED'),
    payload: Type.Object({ id: FrameMessageId, method: Type.String() }),
  },
  { additionalProperties: false },
)
/** The confirm (or the key view) is done; the modal hides the frame again. */
export const FrameApprovalSettledEvent = Type.Object(
  {
    type: Type.Literal('FRAME_APPROVAL_SETTLED'),
    payload: Type.Object({ id: FrameMessageId, approved: Type.Boolean() }),
  },
  { additionalProperties: false },
)
export const FrameEvent = Type.Union([
  FrameReadyEvent,
  FrameApprovalRequestedEvent,
  FrameApprovalSettledEvent,
])
export type FrameEvent = Static<typeof FrameEvent>

/** Everything the frame posts to the host. */
export type FrameOutgoing = FrameSuccess | FrameError | FrameEvent

// ---- per-request lookups, for a typed client: request(type, payload): Promise<answer> ----------

export type FrameRequestPayload<T extends FrameRequestType> = Extract<
  FrameRequest,
  { type: T }
>['payload']
export type FrameSuccessPayload<T extends FrameRequestType> = Extract<
  FrameSuccess,
  { type: `${T}_SUCCESS` }
>['payload']
export type GetUserAnswer = Static<typeof GetUserAnswer>
export type RpcRequestPayload = Static<typeof RpcRequestPayload>
export type SyncThemePayload = Static<typeof SyncThemePayload>
export type SyncDappDataPayload = Static<typeof SyncDappDataPayload>
export type FrameApprovalRequestedEvent = Static<typeof FrameApprovalRequestedEvent>
export type FrameApprovalSettledEvent = Static<typeof FrameApprovalSettledEvent>
