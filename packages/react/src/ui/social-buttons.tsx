// The social logins on Connect: one button per provider, in the order given, each a real
// <button> (keyboard and screen reader as any other) named "Continue with <provider>".
import { Button } from './button'

export interface SocialButtonItem {
  id: string
  title: string
}

export interface SocialButtonsProps {
  items: readonly SocialButtonItem[]
  onSelect: (id: string) => void
}

export function SocialButtons({ items, onSelect }: SocialButtonsProps) {
  return (
    <ul className="portico-socials" aria-label="Social logins">
      {items.map((item) => (
        <li key={item.id}>
          <Button
            variant="secondary"
            aria-label={`Continue with ${item.title}`}
            onClick={() => onSelect(item.id)}
          >
            {item.title}
          </Button>
        </li>
      ))}
    </ul>
  )
}

export const socialButtonsStyles = `
.portico-socials {
  display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 8px;
  margin: 0; padding: 0; list-style: none;
}
.portico-socials .portico-button { width: 100%; }
`
