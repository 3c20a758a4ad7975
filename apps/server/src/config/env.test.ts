import { describe, expect, it } from 'vitest';
import { listenHost, readEnv } from './env';

describe('configuration', () => {
  it('follows the port for the public address when none is given', () => {
    expect(readEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(readEnv({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(readEnv({ PUBLIC_URL: 'https://certs.example.org/' }).PUBLIC_URL).toBe('https://certs.example.org');
  });

  it('lists every bad value in one readable error', () => {
    expect(() => readEnv({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/Invalid configuration:\n {2}PORT: .*\n {2}JWT_SECRET: JWT_SECRET must be at least 32 characters/);
  });

  it('requires a shared signing secret on a PostgreSQL server', () => {
    expect(() => readEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' })).toThrow(/JWT_SECRET: required with DATABASE_URL/);
  });

  it('reads proxy trust as off, a hop count, or a list of addresses', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.1']);
  });

  it('listens on localhost only for the embedded default unless told otherwise', () => {
    expect(listenHost(readEnv({}))).toBe('localhost');
    expect(listenHost(readEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 'a'.repeat(32) }))).toBe('0.0.0.0');
    expect(listenHost(readEnv({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
  });
});
