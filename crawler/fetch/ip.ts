import { isIPv4, isIPv6 } from 'node:net';

/** Address bytes: 4 for IPv4, 16 for IPv6; null when the text is not an IP address. */
export function parseIp(text: string): Uint8Array | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').split('%')[0];
  if (isIPv4(bare)) return Uint8Array.from(bare.split('.').map(Number));
  if (isIPv6(bare)) return parseIPv6(bare);
  return null;
}

function parseIPv6(text: string): Uint8Array {
  let s = text;
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number);
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = s.split('::');
  const headGroups = head ? head.split(':') : [];
  let groups = headGroups;
  if (rest !== undefined) {
    const restGroups = rest ? rest.split(':') : [];
    groups = [...headGroups, ...Array<string>(8 - headGroups.length - restGroups.length).fill('0'), ...restGroups];
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

export function inSubnet(address: Uint8Array, network: Uint8Array, prefixLength: number): boolean {
  if (address.length !== network.length) return false;
  for (let bit = 0; bit < prefixLength; bit += 8) {
    const take = Math.min(8, prefixLength - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((address[bit / 8] & mask) !== (network[bit / 8] & mask)) return false;
  }
  return true;
}

export function formatIp(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(':');
}
