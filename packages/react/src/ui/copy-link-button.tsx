import { Button } from './button'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

export interface CopyButtonProps {
  value: string
  /** The button's words: "Copy link", "Copy hash". */
  label: string
  /** Only once the clipboard took the value: a refused clipboard reports nothing. */
  onCopied: () => void
}

/** Puts `value` on the clipboard. */
export function CopyButton({ value, label, onCopied }: CopyButtonProps) {
  return (
    <Button variant="secondary" onClick={() => void copyText(value).then((ok) => ok && onCopied())}>
      {label}
    </Button>
  )
}

export type CopyLinkButtonProps = Omit<CopyButtonProps, 'label'>

/** "Copy link" under a QR code: puts the link the code holds on the clipboard. */
export function CopyLinkButton(props: CopyLinkButtonProps) {
  return <CopyButton label="Copy link" {...props} />
}
