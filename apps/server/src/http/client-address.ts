// The key every per-address limit counts under: an IPv4 address whole, an IPv6 address by its
// /64. One IPv6 subscriber is routed a whole /64 (2^64 addresses), so a limit keyed by the full
// address would give it a fresh count for every address it picks; an IPv4 address carried in
// IPv6 (a dual-stack listener's ::ffff:203.0.113.7, NAT64's 64:ff9b::203.0.113.7) is the IPv4
// client it stands for.
import type { FastifyRequest } from 'fastify'

/** The groups of an IPv6 address spelled out to eight (`::` filled with zeros), lower case. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::')
  const groups = head === '' ? [] : head.split(':')
  if (tail !== undefined) {
    const tailGroups = tail === '' ? [] : tail.split(':')
    while (groups.length + tailGroups.length < 8) groups.push('0')
    groups.push(...tailGroups)
  }
  return groups.map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
}

/** ::ffff:0:0/96 (a dual-stack listener's IPv4 clients) and 64:ff9b::/96 (NAT64's prefix). */
const IPV4_IN_IPV6_PREFIXES = ['0:0:0:0:0:ffff', '64:ff9b:0:0:0:0']

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d, or in hex), or
 * translated by NAT64, where every IPv4 client would otherwise share the prefix's one /64.
 */
function mappedIpv4(groups: string[]): string | undefined {
  if (groups.length !== 8 || !IPV4_IN_IPV6_PREFIXES.includes(groups.slice(0, 6).join(':'))) {
    return undefined
  }
  const [high, low] = [Number.parseInt(groups[6] ?? '', 16), Number.parseInt(groups[7] ?? '', 16)]
  if (!(high >= 0 && high <= 0xffff && low >= 0 && low <= 0xffff)) return undefined
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

/** The part of an address that names one subscriber: IPv4 whole, IPv6 its first four groups. */
export function addressKeyOf(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined || remoteAddress === '') return 'unknown'
  // A link-local address's zone (fe80::1%eth0) names our interface, not the client.
  const address = remoteAddress.split('%')[0] ?? remoteAddress
  if (!address.includes(':')) return address
  // The dotted tail of ::ffff:203.0.113.7 is two groups written as IPv4.
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address)
  const spelled = dotted
    ? `${dotted[1]}${((Number(dotted[2]) << 8) | Number(dotted[3])).toString(16)}:${(
        (Number(dotted[4]) << 8) | Number(dotted[5])
      ).toString(16)}`
    : address
  const groups = ipv6Groups(spelled)
  return mappedIpv4(groups) ?? `${groups.slice(0, 4).join(':')}::/64`
}

/** The client a route's per-address rate limits count: its address key (addressKeyOf). */
export function clientKeyOf(request: FastifyRequest): string {
  return addressKeyOf(request.ip)
}
