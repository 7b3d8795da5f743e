export { ConnectButton, type ConnectButtonProps } from './ConnectButton'
export { createPortico } from './createPortico'
export { usePortico, usePorticoAccount, usePorticoNetwork } from './hooks/usePortico'
export { PorticoProvider, type PorticoProviderProps } from './PorticoProvider'
