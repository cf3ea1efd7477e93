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

describe('METRICS, the pool and the replica', () => {
  it('keeps /metrics off unless on or an address list, and refuses anything else', () => {
    expect(readConfig({}).METRICS).toBe('off');
    expect(readConfig({ METRICS: 'off' }).METRICS).toBe('off');
    expect(readConfig({ METRICS: 'on' }).METRICS).toBe('on');
    expect(readConfig({ METRICS: '10.0.0.0/8, loopback' }).METRICS).toEqual(['10.0.0.0/8', 'loopback']);
    for (const value of ['yes', 'true', 'prometheus.local', '10.0.0.0/40']) {
      expect(() => readConfig({ METRICS: value })).toThrow(/METRICS cannot read/);
    }
  });

  it('sizes the pool, and takes a replica only beside a DATABASE_URL', () => {
    expect(readConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(readConfig({ DATABASE_POOL_SIZE: '40' }).DATABASE_POOL_SIZE).toBe(40);
    expect(() => readConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    const both = { DATABASE_URL: 'postgres://a@db/portal', DATABASE_READ_URL: 'postgres://a@replica/portal' };
    expect(readConfig(both).DATABASE_READ_URL).toBe(both.DATABASE_READ_URL);
    expect(() => readConfig({ DATABASE_READ_URL: both.DATABASE_READ_URL })).toThrow(/DATABASE_READ_URL/);
  });
});
