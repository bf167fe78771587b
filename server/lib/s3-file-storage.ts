import type { S3Client } from '@aws-sdk/client-s3';
import { checkedKey, type FileStorage } from './file-store';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), named by FILES_URL:
 *
 *   s3://bucket/optional/prefix?endpoint=http://host:9000&region=us-east-1
 *
 * `endpoint` (optional: AWS itself without it) is where the store answers; with one, requests use path-style
 * addresses (host/bucket/key), which every S3-compatible server accepts (`path_style=false` for virtual hosts).
 * `region` defaults to AWS_REGION, else us-east-1. Credentials come from the usual AWS_* variables
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_PROFILE, or an instance role), never the URL.
 * The SDK loads only when the store is first used.
 */
export interface FilesUrl {
  bucket: string;
  /** Prepended to every key: '' or ending with '/'. */
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KNOWN = new Set(['endpoint', 'region', 'path_style']);

/** FILES_URL read, or an Error saying what is wrong with it (the server refuses to start). */
export function parseFilesUrl(raw: string, env: Record<string, string | undefined> = process.env): FilesUrl {
  const problem = (why: string) =>
    new Error(`FILES_URL ${why}: expected s3://bucket/prefix?endpoint=http://host:9000&region=us-east-1`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw problem('is not a URL');
  }
  if (url.protocol !== 's3:') throw problem(`must start with s3:// (got ${url.protocol}//)`);
  if (url.username || url.password)
    throw problem('must not hold credentials (use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw problem(`names no valid bucket ("${bucket}")`);
  for (const name of url.searchParams.keys()) if (!KNOWN.has(name)) throw problem(`has an unknown parameter "${name}"`);
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (path.split('/').some((part) => part === '..' || part === '.')) throw problem('has a prefix with . or ..');
  const endpointText = url.searchParams.get('endpoint');
  let endpoint: string | null = null;
  if (endpointText) {
    let parsed: URL;
    try {
      parsed = new URL(endpointText);
    } catch {
      throw problem(`has an endpoint that is not a URL ("${endpointText}")`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw problem('has an endpoint that is not http:// or https://');
    endpoint = parsed.origin;
  }
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle))
    throw problem('has path_style other than true or false');
  return {
    bucket,
    prefix: path ? `${path}/` : '',
    endpoint,
    region: url.searchParams.get('region') || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true',
  };
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function createS3FileStorage(filesUrl: string): FileStorage {
  const location = parseFilesUrl(filesUrl);
  const objectKey = (key: string) => location.prefix + checkedKey(key);
  let sdk: Promise<{ client: S3Client; module: typeof import('@aws-sdk/client-s3') }> | null = null;
  const load = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((module) => ({
      module,
      client: new module.S3Client({
        region: location.region,
        endpoint: location.endpoint ?? undefined,
        forcePathStyle: location.forcePathStyle,
        // the SDK's default CRC checksums (2025) are refused by several S3-compatible servers: only where required
        ...(location.endpoint
          ? {
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
      }),
    })));
  return {
    async put(key, data) {
      const { client, module } = await load();
      await client.send(
        new module.PutObjectCommand({
          Bucket: location.bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.length,
        }),
      );
    },
    async get(key) {
      const { client, module } = await load();
      try {
        const answer = await client.send(new module.GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const { client, module } = await load();
      await client.send(new module.DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
    },
    async stat(key) {
      const { client, module } = await load();
      try {
        const answer = await client.send(
          new module.HeadObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }),
        );
        return { size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
