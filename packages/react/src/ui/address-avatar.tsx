/** A gradient derived from the address: recognisable per account, drawn locally. */
export function AddressAvatar({ address, size = 36 }: { address: string; size?: number }) {
  const hue = (offset: number) => Number.parseInt(address.slice(2 + offset, 6 + offset), 16) % 360
  const background = `radial-gradient(circle at 30% 30%, hsl(${hue(0)} 80% 65%), hsl(${hue(8)} 70% 45%) 60%, hsl(${hue(16)} 60% 30%))`
  return (
    <span
      className="portico-avatar"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        borderRadius: '50%',
        background,
        display: 'inline-block',
      }}
    />
  )
}
