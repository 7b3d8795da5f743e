import { Button } from './button'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

export interface CopyLinkButtonProps {
  value: string
  /** Only once the clipboard took the link: a refused clipboard reports nothing. */
  onCopied: () => void
}

/** "Copy link" under a QR code: puts the link the code holds on the clipboard. */
export function CopyLinkButton({ value, onCopied }: CopyLinkButtonProps) {
  return (
    <Button variant="secondary" onClick={() => void copyText(value).then((ok) => ok && onCopied())}>
      Copy link
    </Button>
  )
}
