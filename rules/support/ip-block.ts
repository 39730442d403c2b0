import ipaddr from 'ipaddr.js';

/** An allow-list entry read as an address and, for a CIDR block, its prefix length. */
export interface IpBlock {
  address: ipaddr.IPv4 | ipaddr.IPv6;
  prefix?: number;
}

/**
 * A well-formed address or block (`81.2.69.160`, `81.2.69.160/28`, `2001:db8::/32`); undefined for
 * anything else — malformed text is allowlist/ip-cidr-syntax's to report. IPv4 must be four
 * decimal parts (ipaddr.js alone would take `1.2.3` or hex), IPv6 has no zone index.
 */
export function parseBlock(text: string): IpBlock | undefined {
  const [address, prefix, ...extra] = text.split('/');
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (extra.length > 0 || !(v4 || (address.includes(':') && !address.includes('%') && ipaddr.IPv6.isValid(address)))) return undefined;
  if (prefix === undefined) return { address: ipaddr.parse(address) };
  const bits = /^(0|[1-9]\d*)$/.test(prefix) ? Number(prefix) : NaN;
  return bits <= (v4 ? 32 : 128) ? { address: ipaddr.parse(address), prefix: bits } : undefined;
}

/** The block's prefix length, a single address counting as a block of its whole width. */
export function prefixOf(block: IpBlock): number {
  return block.prefix ?? (block.address.kind() === 'ipv4' ? 32 : 128);
}
