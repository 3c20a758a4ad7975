import { describe, expect, it } from 'vitest';
import { clientAddressKey, emailKey } from './mail-request-limit';

describe('what the mail limits count', () => {
  it('counts an email whatever its case and spaces, and keeps only its hash', () => {
    expect(emailKey(' Kim.Welder@Example.TEST ')).toBe(emailKey('kim.welder@example.test'));
    expect(emailKey('kim.welder@example.test')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts an IPv4 address as it is, an IPv4-mapped one as IPv4, and IPv6 per /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
