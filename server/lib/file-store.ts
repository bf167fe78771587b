/** The interface of a file store and its keys (file-storage.ts has the stores; s3-file-storage.ts one of them). */

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing key is not an error. */
  remove(key: string): Promise<void>;
  stat(key: string): Promise<{ size: number } | null>;
}

/** A key the server makes: `<organization or master>/<random hex>`, path-like, never `..`. */
export const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/** The key, when it is one the server makes (no `..`, no leading slash); else an error. */
export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
  return key;
}
