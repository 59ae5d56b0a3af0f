import { describe, expect, it } from 'vitest';
import packageJson from '../package.json';
import { PINNED_NODE, parseVersion, satisfies, unsupportedMessage } from './node-support.mjs';

describe('parseVersion', () => {
  it('reads process.version and plain versions', () => {
    expect(parseVersion('v22.22.1')).toEqual([22, 22, 1]);
    expect(parseVersion('24.0.0')).toEqual([24, 0, 0]);
    expect(parseVersion('v25.0.0-nightly2026')).toEqual([25, 0, 0]);
    expect(parseVersion('22')).toBeNull();
    expect(parseVersion('node')).toBeNull();
  });
});

describe('satisfies', () => {
  const range = '^22.22.0 || ^24.0.0';

  it('admits the supported lines and nothing else', () => {
    for (const version of ['v22.22.0', 'v22.23.3', 'v24.0.0', 'v24.21.0']) {
      expect(satisfies(version, range), version).toBe(true);
    }
    for (const version of ['v18.20.8', 'v20.20.2', 'v22.21.9', 'v23.11.0', 'v25.0.0', 'x']) {
      expect(satisfies(version, range), version).toBe(false);
    }
  });

  it('reads the other comparators npm allows in engines', () => {
    expect(satisfies('v22.1.0', '>=22')).toBe(true);
    expect(satisfies('v21.9.9', '>=22')).toBe(false);
    expect(satisfies('v22.5.0', '>=22.1.0 <23')).toBe(true);
    expect(satisfies('v23.0.0', '>=22.1.0 <23')).toBe(false);
    expect(satisfies('v22.1.7', '~22.1.0')).toBe(true);
    expect(satisfies('v22.2.0', '~22.1.0')).toBe(false);
    expect(satisfies('v22.9.0', '22')).toBe(true);
    expect(satisfies('v22.23.3', '22.23.3')).toBe(true);
    expect(satisfies('v22.23.4', '22.23.3')).toBe(false);
  });

  it("admits the pinned Node.js that npm install fetches, and package.json's range parses", () => {
    expect(satisfies(PINNED_NODE, packageJson.engines.node)).toBe(true);
    expect(satisfies(process.version, packageJson.engines.node)).toBe(true);
  });
});

it('says in one line which version it found and which it needs', () => {
  const message = unsupportedMessage('Mnemo', 'v20.20.2', '^22.22.0 || ^24.0.0');
  expect(message).not.toContain('\n');
  expect(message).toContain('v20.20.2');
  expect(message).toContain('^22.22.0 || ^24.0.0');
});
