export interface AvatarProps {
  /** A data: or same-origin URL; nothing remote is ever loaded. */
  src?: string | undefined
  /** Used for the fallback initial. The image itself is decorative beside its label. */
  name: string
  size?: number
  round?: boolean
}

export function Avatar({ src, name, size = 36, round = false }: AvatarProps) {
  const style = { width: size, height: size, borderRadius: round ? '50%' : undefined }
  if (src) return <img className="portico-avatar" src={src} alt="" style={style} />
  return (
    <span className="portico-avatar portico-avatar-fallback" aria-hidden="true" style={style}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
