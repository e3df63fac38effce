import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The outbound guard (docs/design.md#outbound-http): URLs a user configures may not point into
 * private, loopback, link-local or otherwise internal address ranges, unless the server allows it
 * (`SERVICE_ALLOW_PRIVATE_NETWORK`). Checked twice: on the URL when it is saved (names such as
 * `localhost` and literal addresses), and on every address a name resolves to when a call connects
 * (`guardedLookup`), so a name that later resolves inward is still refused.
 */
const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(net, prefix, 'ipv6');
}

/** An IPv6 address carrying an IPv4 one (`::ffff:10.0.0.1`, NAT64 `64:ff9b::a00:1`), as IPv4. */
function embeddedIpv4(address: string): string | null {
  const [, dotted] = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address) ?? [];
  if (dotted) return dotted;
  const [, hiHex, loHex] = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address) ?? [];
  if (!hiHex || !loHex) return null;
  const [hi, lo] = [parseInt(hiHex, 16), parseInt(loHex, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether a literal IP address lies in an internal range. */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(bare);
  if (kind === 4) return internal.check(bare, 'ipv4');
  if (kind !== 6) return false;
  const v4 = embeddedIpv4(bare);
  return v4 ? internal.check(v4, 'ipv4') : internal.check(bare, 'ipv6');
}

const INTERNAL_NAMES = /(^|\.)(localhost|localdomain|internal|local)\.?$/i;

/** Why `url` may not be called (a sentence), or null. Names are checked again when they resolve. */
export function outboundUrlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an http(s) URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must be an http(s) URL';
  if (parsed.username || parsed.password) return 'must not carry credentials';
  if (allowPrivate) return null;
  const host = parsed.hostname;
  if (isInternalAddress(host) || INTERNAL_NAMES.test(host)) {
    return 'must not point to a private, loopback or internal address';
  }
  return null;
}

export class InternalAddressError extends Error {
  readonly code = 'EINTERNALADDRESS';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node:http(s) that refuses names resolving to an internal address (every address
 * of the answer is checked, since the socket may use any of them).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = !allowPrivate && addresses.some((a) => isInternalAddress(a.address));
      if (refused) {
        return callback(new InternalAddressError(`${hostname} resolves to an internal address`), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
