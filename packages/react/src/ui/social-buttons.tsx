// The social logins on Connect: one button per provider, in the order given, each a real
// <button> (keyboard and screen reader as any other) named "Continue with <provider>". Its mark
// is decoration (aria-hidden, not focusable in old Edge/IE's SVG): the name already says the
// provider, and the name must stay exactly that (e2e specs select the buttons by it).
import { Button } from './button'

export interface SocialButtonItem {
  id: string
  title: string
  /** The provider's mark: SVG path data in a 0 0 24 24 view box. */
  logo: string
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
            {/* currentColor: the button's text colour, so the mark follows the theme. */}
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="currentColor"
              aria-hidden="true"
              focusable="false"
            >
              <path d={item.logo} />
            </svg>
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
.portico-socials svg { flex: none; }
`
