import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/*
 * Bank account numbers at rest: AES-256-GCM with a key derived from BANK_ENCRYPTION_KEY.
 * The advisor's id is the associated data, so a ciphertext copied onto another advisor's row
 * does not decrypt. Stored as "v1.<iv>.<tag>.<ciphertext>" (base64url). The key is never logged.
 */
const VERSION = "v1";

export type BankCipher = {
  encrypt(plain: string, advisorId: string): string;
  decrypt(stored: string, advisorId: string): string;
};

export function createBankCipher(secret: string): BankCipher {
  // The configured secret is text of 32+ characters; SHA-256 turns it into a 32-byte key.
  const key = createHash("sha256").update(`bank-account:${secret}`).digest();
  return {
    encrypt(plain, advisorId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(advisorId));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return [VERSION, ...parts].join(".");
    },
    decrypt(stored, advisorId) {
      const [version, iv, tag, body] = stored.split(".");
      if (version !== VERSION || !iv || !tag || !body) throw new Error("Unreadable bank account");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(advisorId));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}
