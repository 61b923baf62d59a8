import { describe, expect, it } from '@jest/globals';
import {
  classifyAddress,
  ipAddressBytes,
  OutboundRefused,
  pinnedLookup,
  strictAddressPolicy,
  vetHost,
} from './outbound-guard.js';

describe('classifyAddress', () => {
  it.each([
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.63.255.255', 'public'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.0', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.15.255.255', 'public'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.0.2.10', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:100.64.0.1', 'cgnat'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'public'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
    // Not addresses
    ['localhost', 'invalid'],
    ['127.1', 'invalid'],
    ['', 'invalid'],
  ])('classifies %s as %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('ipAddressBytes', () => {
  it('expands IPv6 with an embedded IPv4 tail', () => {
    expect(ipAddressBytes('::ffff:1.2.3.4')).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4,
    ]);
    expect(ipAddressBytes('1::2')).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
  });
});

describe('strictAddressPolicy', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['10.0.0.1', false],
    ['169.254.169.254', false],
    ['fd00::1', false],
    ['not-an-ip', false],
  ])('allows %s: %p', (address, expected) => {
    expect(strictAddressPolicy(address)).toBe(expected);
  });
});

describe('vetHost', () => {
  const resolveHost = async (name: string) => {
    const table: Record<string, { address: string; family: 4 | 6 }[]> = {
      'cdn.example': [{ address: '93.184.216.34', family: 4 }],
      'mixed.example': [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
    };
    return table[name] ?? [];
  };
  const deps = { policy: strictAddressPolicy, resolveHost };

  it('returns the vetted address of a public host', async () => {
    await expect(vetHost('cdn.example', deps)).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('vets IP literals without resolving, with or without brackets', async () => {
    await expect(vetHost('[2606:4700:4700::1111]', deps)).resolves.toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
    await expect(vetHost('127.0.0.1', deps)).rejects.toThrow('loopback');
    await expect(vetHost('[::1]', deps)).rejects.toThrow(OutboundRefused);
  });

  it.each([
    ['mixed.example', 'private'],
    ['mapped.example', 'loopback'],
    ['nowhere.example', 'did not resolve'],
  ])('refuses %s (%s)', async (host, reason) => {
    await expect(vetHost(host, deps)).rejects.toThrow(reason);
  });

  it('lets an injected policy allow what the strict one refuses', async () => {
    const allowLoopback = (address: string) => address === '127.0.0.1';
    await expect(vetHost('127.0.0.1', { policy: allowLoopback, resolveHost })).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});

describe('pinnedLookup', () => {
  it('answers every lookup with the vetted address, in both callback forms', () => {
    const lookup = pinnedLookup({ address: '93.184.216.34', family: 4 });
    const single: unknown[] = [];
    lookup('evil.example', {}, (...args: unknown[]) => single.push(...args));
    expect(single).toEqual([null, '93.184.216.34', 4]);
    const all: unknown[] = [];
    lookup('evil.example', { all: true }, (...args: unknown[]) => all.push(...args));
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
  });
});
