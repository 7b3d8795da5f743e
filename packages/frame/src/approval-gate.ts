// Not-safe requests wait here for the visitor: the frame asks the modal to show it
// (FRAME_APPROVAL_REQUESTED), draws its confirm, and runs the work only after Approve; Reject
// answers 4001 'User rejected the request.'. Either way FRAME_APPROVAL_SETTLED follows, so the
// modal hides the frame again. One confirm at a time: a second request waits for the first.
import type { FrameOutgoing } from '@portico/protocol/embedded-wallet-frame'
import { USER_REJECTED_MESSAGE } from '@portico/protocol/embedded-wallet-rpc-methods'
import { showApproval } from './approval-view'
import type { RequestDetails } from './describe-request'
import { FrameRequestError } from './frame-error'

export interface ApprovalGateOptions {
  root: HTMLElement
  post(message: FrameOutgoing): void
  /** The host's name from SYNC_DAPP_DATA, shown as who asks. */
  dappName(): string | undefined
}

export function createApprovalGate(options: ApprovalGateOptions) {
  const { root, post } = options
  let queue: Promise<unknown> = Promise.resolve()

  /** The approval for the request `id`; `work` runs only after a click on Approve. */
  return function withApproval(id: string) {
    return <T>(method: string, details: RequestDetails, work: () => Promise<T>): Promise<T> => {
      const run = async () => {
        post({ type: 'FRAME_APPROVAL_REQUESTED', payload: { id, method } })
        const prompt = showApproval(root, details, options.dappName())
        const approved = await prompt.decision
        if (!approved) {
          prompt.close()
          post({ type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: false } })
          throw new FrameRequestError(USER_REJECTED_MESSAGE, 4001)
        }
        prompt.working()
        try {
          return await work()
        } finally {
          prompt.close()
          post({ type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: true } })
        }
      }
      const result = queue.then(run, run)
      queue = result.catch(() => undefined)
      return result
    }
  }
}
