import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or false', () => {
    expect(readConfig({}).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('reads a comma-separated list of addresses, CIDR ranges and named ranges', () => {
    expect(readConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,fd00::/8,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
    ]);
    expect(readConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).TRUST_PROXY).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });

  it('refuses true and a hop count, which would believe any client, and anything unreadable', () => {
    for (const value of ['true', '1', '2']) {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/would believe any client/);
    }
    for (const value of ['10.0.0.300', '10.0.0.0/33', 'proxy.local', '10.0.0.1,,10.0.0.2', '::1/129']) {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY cannot read/);
    }
  });
});
