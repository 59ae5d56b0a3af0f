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

  it('uses the built-in generator by default and reads an LLM provider', () => {
    expect(loadConfig({}).ai).toEqual({ provider: 'builtin' });
    expect(loadConfig({}).generation).toEqual({
      workers: 1,
      maxJobsPerUser: 2,
      leaseSeconds: 60,
      deadlineSeconds: 600,
      statusRecheckMs: 250,
    });
    expect(
      loadConfig({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
        AI_MODEL: 'llama3.1',
      }).ai,
    ).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      timeoutMs: 120_000,
      concurrency: 2,
      maxRetries: 3,
    });
    expect(loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test' }).ai).toMatchObject({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
    });
  });

  it('names the missing or wrong AI settings', () => {
    expect(problemsOf({ AI_PROVIDER: 'gemini' })[0]).toMatch(/^AI_PROVIDER: must be builtin/);
    expect(problemsOf({ AI_PROVIDER: 'openai' })).toEqual([
      'OPENAI_API_KEY: must be set (or AI_API_KEY) when AI_PROVIDER is openai',
    ]);
    expect(problemsOf({ AI_PROVIDER: 'openai-compatible' })).toEqual([
      'AI_BASE_URL: must be set when AI_PROVIDER is openai-compatible',
      'AI_MODEL: must be set when AI_PROVIDER is openai-compatible',
    ]);
    expect(problemsOf({ GENERATION_WORKERS: '-1' })[0]).toMatch(/^GENERATION_WORKERS/);
  });

  it('rechecks a waiting status poll every 250 ms on SQLite and 5 s on PostgreSQL unless set', () => {
    expect(loadConfig({}).generation.statusRecheckMs).toBe(250);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).generation.statusRecheckMs,
    ).toBe(5000);
    expect(loadConfig({ GENERATION_STATUS_RECHECK_MS: '60000' }).generation.statusRecheckMs).toBe(
      60000,
    );
    expect(problemsOf({ GENERATION_STATUS_RECHECK_MS: '10' })).toEqual([
      'GENERATION_STATUS_RECHECK_MS: must be at least 50',
    ]);
  });

  it('bounds each attempt at a generation job by GENERATION_DEADLINE_SECONDS', () => {
    expect(loadConfig({}).generation.deadlineSeconds).toBe(600);
    expect(loadConfig({ GENERATION_DEADLINE_SECONDS: '30' }).generation.deadlineSeconds).toBe(30);
    expect(problemsOf({ GENERATION_DEADLINE_SECONDS: 'soon' })).toEqual([
      'GENERATION_DEADLINE_SECONDS: must be a whole number',
    ]);
    expect(problemsOf({ GENERATION_DEADLINE_SECONDS: '0' })).toEqual([
      'GENERATION_DEADLINE_SECONDS: must be at least 5',
    ]);
  });

  it('bounds an Anki package upload by ANKI_IMPORT_MAX_MB', () => {
    expect(loadConfig({}).ankiImportMaxBytes).toBe(200 * 1024 * 1024);
    expect(loadConfig({ ANKI_IMPORT_MAX_MB: '1' }).ankiImportMaxBytes).toBe(1024 * 1024);
    expect(problemsOf({ ANKI_IMPORT_MAX_MB: 'big' })).toEqual([
      'ANKI_IMPORT_MAX_MB: must be a whole number',
    ]);
    expect(problemsOf({ ANKI_IMPORT_MAX_MB: '0' })).toEqual([
      'ANKI_IMPORT_MAX_MB: must be at least 1',
    ]);
  });

  it('reads the lifetime of access tokens and the rotation of their keys', () => {
    expect(loadConfig({}).jwt).toEqual({ expiresSeconds: 900, keyRotationDays: 30 });
    expect(loadConfig({ JWT_EXPIRES_SECONDS: '60', JWT_KEY_ROTATION_DAYS: '0' }).jwt).toEqual({
      expiresSeconds: 60,
      keyRotationDays: 0,
    });
    expect(problemsOf({ JWT_EXPIRES_SECONDS: '59', JWT_KEY_ROTATION_DAYS: 'often' })).toEqual([
      'JWT_EXPIRES_SECONDS: must be at least 60',
      'JWT_KEY_ROTATION_DAYS: must be a whole number',
    ]);
  });

  it('sends text messages through Twilio only when it is configured whole', () => {
    expect(loadConfig({}).sms.twilio).toBeUndefined();
    const twilio = {
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15550001111',
    };
    expect(loadConfig(twilio).sms.twilio).toEqual({
      accountSid: 'AC1',
      authToken: 'secret',
      from: '+15550001111',
      apiUrl: 'https://api.twilio.com',
    });
    expect(problemsOf({ TWILIO_ACCOUNT_SID: 'AC1' })).toEqual([
      'TWILIO_ACCOUNT_SID: must be set together with TWILIO_AUTH_TOKEN and TWILIO_FROM',
    ]);
    expect(problemsOf({ ...twilio, TWILIO_FROM: '555-1111' })).toEqual([
      'TWILIO_FROM: must be a phone number in E.164 form, like +15551234567',
    ]);
    expect(problemsOf({ ...twilio, TWILIO_API_URL: 'ftp://x' })).toEqual([
      'TWILIO_API_URL: must be a URL starting with http:// or https://',
    ]);
  });

  it('runs an Anki import worker with the generation workers unless ANKI_IMPORT_WORKERS says', () => {
    expect(loadConfig({}).ankiImportWorkers).toBe(1);
    expect(loadConfig({ GENERATION_WORKERS: '0' }).ankiImportWorkers).toBe(0);
    expect(
      loadConfig({ GENERATION_WORKERS: '0', ANKI_IMPORT_WORKERS: '1' }).ankiImportWorkers,
    ).toBe(1);
    expect(loadConfig({ ANKI_IMPORT_WORKERS: '0' }).ankiImportWorkers).toBe(0);
    expect(problemsOf({ ANKI_IMPORT_WORKERS: '2' })).toEqual([
      'ANKI_IMPORT_WORKERS: must be 0 or 1',
    ]);
  });

  it('allows the test clock only in tests', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(problemsOf({ TEST_CLOCK: 'true' })).toEqual([
      'TEST_CLOCK: only allowed with NODE_ENV=test',
    ]);
  });

  it('lets users connect their own model unless AI_USER_KEYS=false; the fake provider address only in tests', () => {
    expect(loadConfig({}).aiUserKeys).toBe(true);
    expect(loadConfig({ AI_USER_KEYS: 'false' }).aiUserKeys).toBe(false);
    expect(loadConfig({}).testAiProviderUrl).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'test', TEST_AI_PROVIDER_URL: 'http://127.0.0.1:9/v1/' })
        .testAiProviderUrl,
    ).toBe('http://127.0.0.1:9/v1');
    expect(problemsOf({ TEST_AI_PROVIDER_URL: 'http://127.0.0.1:9/v1' })).toEqual([
      'TEST_AI_PROVIDER_URL: only allowed with NODE_ENV=test',
    ]);
  });

  it('keeps files in DATA_DIR/files by default and in an S3 bucket when S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/mnemo' }).storage).toEqual({
      kind: 'local',
      dir: '/srv/mnemo/files',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'user-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'user-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).storage).toMatchObject({
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('names the missing or wrong S3 settings', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_BUCKET: must be set when other S3_* settings are present',
    ]);
    expect(problemsOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID',
    ]);
    expect(problemsOf({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toEqual([
      'S3_ENDPOINT: must be a URL starting with http:// or https://',
    ]);
    expect(problemsOf({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
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
