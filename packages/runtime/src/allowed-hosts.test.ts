import { describe, expect, it } from '@jest/globals';
import { hostPolicy, isAllowedHost, OutboundAllowedHosts } from './allowed-hosts.js';
import { strictAddressPolicy, vetHost } from './outbound-guard.js';

describe('OutboundAllowedHosts', () => {
  it('is empty by default and normalises each entry', () => {
    expect(OutboundAllowedHosts.parse(undefined)).toEqual([]);
    expect(OutboundAllowedHosts.parse(' NAS.lan. , 192.168.1.5,[::1] ,')).toEqual([
      'nas.lan',
      '192.168.1.5',
      '0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.1',
    ]);
  });

  it.each(['http://nas.lan', 'nas.lan:8080', 'nas.lan/audio', '*.lan', 'a b'])(
    'refuses the entry %p with a message naming it',
    (entry) => {
      const result = OutboundAllowedHosts.safeParse(`ok.lan,${entry}`);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(`"${entry}"`);
    },
  );
});

describe('isAllowedHost', () => {
  const allowed = OutboundAllowedHosts.parse('nas.lan,127.0.0.1,::1');

  it.each([
    ['nas.lan', true],
    ['NAS.LAN.', true],
    ['media.nas.lan', false],
    ['nas.lan.evil.test', false],
    ['127.0.0.1', true],
    ['127.0.0.2', false],
    ['[::1]', true],
    ['[0:0:0:0:0:0:0:1]', true],
    ['localhost', false],
  ])('%p is listed: %p', (host, expected) => {
    expect(isAllowedHost(allowed, host)).toBe(expected);
  });
});

describe('vetHost under hostPolicy', () => {
  const resolveHost = async (name: string) =>
    name === 'nas.lan' || name === 'other.lan'
      ? [{ address: '192.168.1.5', family: 4 as const }]
      : name === 'zero.lan'
        ? [{ address: '0.0.0.0', family: 4 as const }]
        : [];
  const allowed = OutboundAllowedHosts.parse('nas.lan,zero.lan,10.0.0.9');
  const vet = (host: string) =>
    vetHost(host, { policy: hostPolicy(strictAddressPolicy, allowed, host), resolveHost });

  it('lets a listed name or IP reach its private address', async () => {
    await expect(vet('nas.lan')).resolves.toEqual({ address: '192.168.1.5', family: 4 });
    await expect(vet('10.0.0.9')).resolves.toEqual({ address: '10.0.0.9', family: 4 });
  });

  it('keeps refusing an unlisted name that resolves to the same address, and other IPs', async () => {
    await expect(vet('other.lan')).rejects.toThrow('private');
    await expect(vet('10.0.0.10')).rejects.toThrow('private');
    await expect(vet('127.0.0.1')).rejects.toThrow('loopback');
  });

  it('refuses the unspecified address even for a listed name', async () => {
    await expect(vet('zero.lan')).rejects.toThrow('unspecified');
  });
});
