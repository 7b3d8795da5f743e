// Our own neutral images: a coloured square (wallets) or disc (networks, currencies, tokens)
// with a short label in white. The colour comes from a seed (a wallet's id, a symbol), so an
// image never changes while its seed does not, and two wallets rarely share one.
import { createHash } from 'node:crypto'

export type BadgeShape = 'square' | 'circle'

export interface Badge {
  /** 1 to 4 characters shown in the middle. */
  label: string
  /** What the image shows, for screen readers. */
  title: string
  seed: string
  shape: BadgeShape
}

const SIZE = 96
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Hue 0-359 and a saturation and lightness white text stays readable on. */
export function colourOf(seed: string): { hue: number; saturation: number; lightness: number } {
  const digest = createHash('sha256').update(seed).digest()
  return {
    hue: digest.readUInt16BE(0) % 360,
    saturation: 55 + ((digest[2] ?? 0) % 20),
    lightness: 36 + ((digest[3] ?? 0) % 10),
  }
}

function fontSizeFor(label: string): number {
  const length = [...label].length
  if (length <= 2) return 38
  if (length === 3) return 30
  return 24
}

export function renderBadgeSvg(badge: Badge): string {
  const { hue, saturation, lightness } = colourOf(badge.seed)
  const from = `hsl(${hue} ${saturation}% ${lightness + 6}%)`
  const to = `hsl(${(hue + 24) % 360} ${saturation}% ${lightness - 4}%)`
  const half = SIZE / 2
  const background =
    badge.shape === 'circle'
      ? `<circle cx="${half}" cy="${half}" r="${half}" fill="url(#g)"/>`
      : `<rect width="${SIZE}" height="${SIZE}" rx="24" fill="url(#g)"/>`
  const title = escapeXml(badge.title)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" ` +
    `viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>` +
    `</linearGradient></defs>${background}` +
    `<text x="${half}" y="${half}" dy=".35em" text-anchor="middle" font-family="${FONT_FAMILY}" ` +
    `font-size="${fontSizeFor(badge.label)}" font-weight="600" fill="#fff">` +
    `${escapeXml(badge.label)}</text></svg>`
  )
}
