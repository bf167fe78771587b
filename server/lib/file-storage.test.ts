import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../config';
import { openDatabase, type Database } from '../db/connection';
import {
  createDatabaseFileStorage,
  createDiskFileStorage,
  createFileStorage,
  moveDiskFiles,
  MOVED_FILES_DIR,
  newStorageKey,
  storeKindOf,
  type FileStorage,
} from './file-storage';
import { createS3FileStorage, parseFilesUrl } from './s3-file-storage';

const BYTES = Buffer.from('%PDF-1.7 a stored file \u00e9\u0000\u00ff', 'latin1');

describe('FILES_URL', () => {
  it('reads the bucket, the prefix, the endpoint and the region', () => {
    expect(
      parseFilesUrl('s3://care-files/portal/uploads?endpoint=http://minio.local:9000&region=eu-west-1', {}),
    ).toEqual({
      bucket: 'care-files',
      prefix: 'portal/uploads/',
      endpoint: 'http://minio.local:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    // AWS itself: no endpoint, virtual-host addresses, the region from AWS_REGION, no prefix
    expect(parseFilesUrl('s3://care-files', { AWS_REGION: 'us-west-2' })).toEqual({
      bucket: 'care-files',
      prefix: '',
      endpoint: null,
      region: 'us-west-2',
      forcePathStyle: false,
    });
    expect(parseFilesUrl('s3://care-files/', {}).region).toBe('us-east-1');
    expect(parseFilesUrl('s3://care-files/a/?endpoint=https://s3.example&path_style=false', {})).toMatchObject({
      prefix: 'a/',
      endpoint: 'https://s3.example',
      forcePathStyle: false,
    });
  });

  it('refuses, saying why, what it cannot use', () => {
    const problems: [string, RegExp][] = [
      ['care-files', /is not a URL/],
      ['https://care-files/x', /must start with s3:\/\//],
      ['s3://key:secret@care-files', /must not hold credentials.*AWS_ACCESS_KEY_ID/],
      ['s3://Care_Files', /names no valid bucket/],
      ['s3://care-files?endpiont=http://x', /unknown parameter "endpiont"/],
      ['s3://care-files?endpoint=minio:9000x', /endpoint that is not (a URL|http)/],
      ['s3://care-files?endpoint=ftp://minio', /not http:\/\/ or https:\/\//],
      ['s3://care-files/a%2F..%2Fb', /prefix with \. or \.\./],
      ['s3://care-files?path_style=maybe', /path_style/],
    ];
    for (const [raw, message] of problems) expect(() => parseFilesUrl(raw, {}), raw).toThrow(message);
  });

  it('is checked when the settings are read, so a wrong one stops the start, not the first upload', () => {
    expect(() => configFromEnv({ FILES_URL: 'https://bucket.example/x' })).toThrow(/FILES_URL must start with s3:\/\//);
    expect(configFromEnv({ FILES_URL: 's3://care-files/p?endpoint=http://minio:9000', WORKERS: '3' })).toMatchObject({
      filesUrl: 's3://care-files/p?endpoint=http://minio:9000',
      workers: 3,
    });
    expect(configFromEnv({})).toMatchObject({ filesUrl: null, workers: 0 });
    expect(() => configFromEnv({ WORKERS: 'two' })).toThrow(/WORKERS must be a non-negative integer/);
  });

  it('picks the store: FILES_URL, else PostgreSQL with DATABASE_URL, else the disk', () => {
    expect(storeKindOf({ databaseUrl: null, filesUrl: null })).toBe('disk');
    expect(storeKindOf({ databaseUrl: 'postgres://db/portal', filesUrl: null })).toBe('database');
    expect(storeKindOf({ databaseUrl: 'postgres://db/portal', filesUrl: 's3://care-files' })).toBe('s3');
  });
});

/** What every store must do, the same way. */
async function behavesAsAStore(storage: FileStorage) {
  const key = newStorageKey(7);
  expect(await storage.get(key)).toBeNull();
  expect(await storage.stat(key)).toBeNull();
  await storage.put(key, BYTES);
  expect((await storage.get(key))?.equals(BYTES)).toBe(true);
  expect(await storage.stat(key)).toEqual({ size: BYTES.length });
  const other = newStorageKey(null);
  await storage.put(other, Buffer.from('second'));
  expect((await storage.get(other))?.toString()).toBe('second');
  await storage.remove(key);
  expect(await storage.get(key)).toBeNull();
  await storage.remove(key); // a missing key is no error
  expect((await storage.get(other))?.toString()).toBe('second');
  await expect(storage.put('../escape', BYTES)).rejects.toThrow(/invalid storage key/);
  await expect(storage.get('/etc/passwd')).rejects.toThrow(/invalid storage key/);
}

describe('file stores', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'care-files-'));
    database = await openDatabase({});
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the disk store (the embedded default)', async () => {
    await behavesAsAStore(createDiskFileStorage(path.join(dir, 'disk')));
  });

  it('the database store (file_blobs), what every process on one PostgreSQL reads', async () => {
    const storage = createDatabaseFileStorage(database.db);
    await behavesAsAStore(storage);
    // one database, two stores (two processes): one writes, the other reads
    const key = newStorageKey(3);
    await storage.put(key, BYTES);
    expect(
      (
        await createFileStorage({ dataDir: dir, databaseUrl: 'postgres://elsewhere', filesUrl: null }, database.db).get(
          key,
        )
      )?.equals(BYTES),
    ).toBe(true);
  });

  it('moves the files an installation kept on disk into the shared store once, keeping the folder aside', async () => {
    const dataDir = path.join(dir, 'switching');
    const keys = [newStorageKey(1), newStorageKey(1), newStorageKey(null)];
    keys.forEach((key, i) => {
      mkdirSync(path.dirname(path.join(dataDir, 'files', key)), { recursive: true });
      writeFileSync(path.join(dataDir, 'files', key), Buffer.from(`file ${i}`));
    });
    writeFileSync(path.join(dataDir, 'files', `${keys[0]}.123.abcd.partial`), 'half written');
    const storage = createDatabaseFileStorage(database.db);
    await storage.put(keys[1], Buffer.from('already there'));

    expect(await moveDiskFiles(dataDir, storage)).toBe(2);
    expect((await storage.get(keys[0]))?.toString()).toBe('file 0');
    expect((await storage.get(keys[1]))?.toString()).toBe('already there');
    expect((await storage.get(keys[2]))?.toString()).toBe('file 2');
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
    expect(readFileSync(path.join(dataDir, MOVED_FILES_DIR, keys[0])).toString()).toBe('file 0');
    // the next start finds nothing to move
    expect(await moveDiskFiles(dataDir, storage)).toBe(0);
  });
});

describe('the S3-compatible store (s3rver)', () => {
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let endpoint: string;
  let dir: string;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'care-s3-'));
    const name = 's3rver'; // a dev dependency without types
    const { default: S3rver } = (await import(name)) as { default: new (options: object) => typeof server };
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'care-files' }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    // s3rver's well-known test credentials, read by the SDK from the usual variables
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  });
  afterAll(async () => {
    await server?.close();
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    else process.env.AWS_ACCESS_KEY_ID = saved.id;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    else process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads, sizes and removes under the prefix of FILES_URL', async () => {
    const storage = createS3FileStorage(`s3://care-files/portal?endpoint=${endpoint}&region=us-east-1`);
    await behavesAsAStore(storage);
    const key = newStorageKey(5);
    await storage.put(key, BYTES);
    // where it went: the object under the prefix, as another client of the bucket sees it
    const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
    const object = await client.send(new GetObjectCommand({ Bucket: 'care-files', Key: `portal/${key}` }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(BYTES)).toBe(true);
    // FILES_URL wins over DATABASE_URL
    const chosen = createFileStorage(
      { dataDir: dir, databaseUrl: 'postgres://db/portal', filesUrl: `s3://care-files/portal?endpoint=${endpoint}` },
      null as never,
    );
    expect((await chosen.get(key))?.equals(BYTES)).toBe(true);
  });

  it('refuses with the store answer when the bucket does not exist', async () => {
    const storage = createS3FileStorage(`s3://no-such-bucket?endpoint=${endpoint}`);
    await expect(storage.put(newStorageKey(1), BYTES)).rejects.toThrow(/bucket/i);
  });
});
