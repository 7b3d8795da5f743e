// The transaction stack (docs/product.md#views): how the modal navigates when a pending transaction
// ends: go back, replace, or reset to a view on success; go back on cancel. An entry the modal
// dropped meanwhile (it was closed) navigates nothing. Apart from router.ts because only the
// lazily loaded send views use it: the page's first chunk holds the router, and a module there
// is kept whole.
import { PENDING_TRANSACTION_LIMIT } from '../constants'
import { goBack, replaceView, resetView, routerStore, type TransactionAction } from './router'

/**
 * Records how to navigate when the pending transaction ends. It navigates nothing now. At most
 * PENDING_TRANSACTION_LIMIT are kept (docs/product.md#constants): past it the oldest is dropped,
 * and its end then navigates nothing, like an entry the modal dropped.
 */
export function pushTransactionStack(action: TransactionAction): void {
  routerStore.set((state) => ({
    transactionStack: [...state.transactionStack, action].slice(-PENDING_TRANSACTION_LIMIT),
  }))
}

/**
 * Takes the top entry off, if it is `only` (when given): a flow ending its own transaction
 * must not take another's.
 */
function popTransactionStack(only?: TransactionAction): TransactionAction | undefined {
  const { transactionStack } = routerStore.get()
  const action = transactionStack[transactionStack.length - 1]
  if (!action || (only && action !== only)) return undefined
  routerStore.set({ transactionStack: transactionStack.slice(0, -1) })
  return action
}

/**
 * The pending transaction succeeded: go back, replace, or reset to its view, then onSuccess.
 * With `only`, nothing unless that entry is on top.
 */
export function completeTransactionStack(only?: TransactionAction): void {
  const action = popTransactionStack(only)
  if (!action) return
  if (action.goBack) goBack()
  else if (action.view && action.replace) replaceView(action.view)
  else if (action.view) resetView(action.view)
  action.onSuccess?.()
}

/**
 * The pending transaction was cancelled or failed: go back, then onCancel. With `only`,
 * nothing unless that entry is on top.
 */
export function cancelTransactionStack(only?: TransactionAction): void {
  const action = popTransactionStack(only)
  if (!action) return
  goBack()
  action.onCancel?.()
}

/**
 * Drops an entry without navigating or calling it (the modal closed: its next opening starts
 * on a view of its own). Says whether the entry was there.
 */
export function dropTransactionStackEntry(action: TransactionAction): boolean {
  const { transactionStack } = routerStore.get()
  if (!transactionStack.includes(action)) return false
  routerStore.set({ transactionStack: transactionStack.filter((entry) => entry !== action) })
  return true
}
