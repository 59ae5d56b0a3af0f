import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('needs no setting at all: embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/mnemo.db') });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.outboxDir).toBe(path.resolve('./data/outbox'));
    expect(config.google).toBeUndefined();
    expect(config.github).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.rateLimit).toEqual({ windowSeconds: 60, max: 100, signInMax: 10 });
  });

  it('treats an empty setting as absent', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });

  it('reads PostgreSQL, SMTP and OAuth settings', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      SMTP_URL: 'smtp://mail.example:587',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      TRUSTED_ORIGINS: 'http://localhost:5173, https://app.example/',
      BASE_URL: 'https://mnemo.example/',
    });
    expect(config.port).toBe(8080);
    expect(config.baseUrl).toBe('https://mnemo.example');
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
      poolSize: 10,
    });
    expect(config.mail.smtpUrl).toBe('smtp://mail.example:587');
    expect(config.github).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      url: 'https://github.com',
      apiUrl: 'https://api.github.com',
    });
    expect(config.trustedOrigins).toEqual(['http://localhost:5173', 'https://app.example']);
  });

  it('names every invalid setting at once', () => {
    expect(
      problemsOf({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        AUTH_SECRET: 'short',
        SMTP_URL: 'not a url',
        TRUST_PROXY: 'maybe',
        RATE_LIMIT_MAX: '0',
      }),
    ).toEqual([
      'PORT: must be at most 65535',
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
      'AUTH_SECRET: must be at least 32 characters long',
      'TRUST_PROXY: must be true or false',
      expect.stringMatching(/^LOG_LEVEL: /),
      'SMTP_URL: must be a URL starting with smtp:// or smtps://',
      'RATE_LIMIT_MAX: must be at least 1',
    ]);
  });

  it('refuses a port that is not a number, and a half-configured OAuth provider', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT: must be a whole number']);
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_SECRET: must be set together with GOOGLE_CLIENT_ID',
    ]);
    expect(problemsOf({ TRUSTED_ORIGINS: 'localhost:5173' })).toEqual([
      'TRUSTED_ORIGINS: "localhost:5173" is not an origin such as http://localhost:5173',
    ]);
  });

  it('puts the message with every setting name in the error text', () => {
    expect(() => loadConfig({ PORT: '-1' })).toThrow(
      /Invalid configuration:\n {2}- PORT: must be at least 0/,
    );
  });
});
