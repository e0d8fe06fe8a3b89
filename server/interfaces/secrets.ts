import crypto from 'node:crypto';

/**
 * The interface secrets (a FHIR bearer token or client secret) at rest: AES-256-GCM under a key from the
 * environment (INTERFACE_SECRET_KEY; locally a key made once in the data folder). A sealed value is
 * `iv.tag.ciphertext` in base64; the GCM tag refuses a value altered or sealed under another key.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(keyText: string): SecretBox {
  // The key text is long and random (≥ 32 characters): hashing it gives the cipher's 32 bytes.
  const key = crypto.createHash('sha256').update(keyText).digest();
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join('.');
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64'));
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
