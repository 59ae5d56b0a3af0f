import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Users' AI keys at rest (issue 22 §4): AES-256-GCM with a key derived from the server's secret
 * (AUTH_SECRET, or the one kept in the data directory) by HKDF, so the database alone — a
 * backup, a dump — does not hold a usable key. Stored as 'v1.<iv>.<tag>.<ciphertext>' (base64url).
 */
export interface KeyBox {
  seal(plain: string): string;
  /** The key, or null when the sealed value was not made with this server's secret. */
  open(sealed: string): string | null;
}

export function createKeyBox(secret: string): KeyBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'mnemo', 'user-ai-keys v1', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
