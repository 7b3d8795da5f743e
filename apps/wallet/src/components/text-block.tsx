/** A captioned block of text (a message, typed data): role figure, named by its caption. */
export function TextBlock({ caption, text }: { caption: string; text: string }) {
  return (
    <figure>
      <figcaption>{caption}</figcaption>
      <pre>{text}</pre>
    </figure>
  )
}
