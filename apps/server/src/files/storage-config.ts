/**
 * Where files are kept, from the environment: the local disk under the data directory (the default), or
 * an S3-compatible bucket when RAAHI_S3_BUCKET is set (decision 0049). A half configuration stops the
 * server at start with a message naming what is missing, rather than keeping files where no other server sees them.
 */
export type StorageConfig = { kind: 'disk' } | S3Config;

export interface S3Config {
  kind: 's3';
  bucket: string;
  /** An S3-compatible store (MinIO, Ceph, Cloudflare R2, s3rver); undefined for Amazon S3 itself. */
  endpoint: string | undefined;
  region: string;
  /** RAAHI_S3_ACCESS_KEY_ID and RAAHI_S3_SECRET_ACCESS_KEY; undefined: the SDK's usual chain (AWS_ACCESS_KEY_ID…, a profile, the instance's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const S3_SETTINGS = ['RAAHI_S3_BUCKET', 'RAAHI_S3_ENDPOINT', 'RAAHI_S3_REGION', 'RAAHI_S3_ACCESS_KEY_ID', 'RAAHI_S3_SECRET_ACCESS_KEY'] as const;
/** S3's bucket naming rule (3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end); the length is checked first. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const MAX_URL = 2048;
const MAX_KEY = 512;

export function storageConfigFrom(env: NodeJS.ProcessEnv): StorageConfig {
  const value = (name: string) => (env[name] ?? '').trim();
  const given = S3_SETTINGS.filter((name) => value(name) !== '');
  if (given.length === 0) return { kind: 'disk' };
  const bucket = value('RAAHI_S3_BUCKET');
  if (!bucket) {
    throw new Error(
      `RAAHI_S3_BUCKET is not set, but ${given.join(' and ')} ${given.length === 1 ? 'is' : 'are'}: set the bucket to keep files in an object store, or remove the RAAHI_S3_ settings to keep them on the local disk.`,
    );
  }
  if (bucket.length > 63 || !BUCKET.test(bucket))
    throw new Error(`RAAHI_S3_BUCKET must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens (got "${bucket.slice(0, 80)}")`);

  const rawEndpoint = value('RAAHI_S3_ENDPOINT');
  let endpoint: string | undefined;
  if (rawEndpoint) {
    let url: URL | undefined;
    try {
      if (rawEndpoint.length <= MAX_URL) url = new URL(rawEndpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      throw new Error('RAAHI_S3_ENDPOINT must be the address of an S3-compatible store, such as https://minio.example.in:9000');
    }
    if (url.username || url.password)
      throw new Error('RAAHI_S3_ENDPOINT must not carry credentials: use RAAHI_S3_ACCESS_KEY_ID and RAAHI_S3_SECRET_ACCESS_KEY');
    endpoint = url.toString().replace(/\/$/, '');
  }

  const region = value('RAAHI_S3_REGION') || value('AWS_REGION') || value('AWS_DEFAULT_REGION') || (endpoint ? 'us-east-1' : '');
  if (!region) throw new Error('RAAHI_S3_REGION (or AWS_REGION) must name the bucket’s region, such as ap-south-1');
  if (region.length > 40 || !REGION.test(region)) throw new Error(`RAAHI_S3_REGION must be a region name such as ap-south-1 (got "${region.slice(0, 80)}")`);

  const accessKeyId = value('RAAHI_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('RAAHI_S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      `${accessKeyId ? 'RAAHI_S3_SECRET_ACCESS_KEY' : 'RAAHI_S3_ACCESS_KEY_ID'} is not set: RAAHI_S3_ACCESS_KEY_ID and RAAHI_S3_SECRET_ACCESS_KEY go together (or set neither to use the usual AWS credentials)`,
    );
  }
  if (accessKeyId.length > MAX_KEY || secretAccessKey.length > MAX_KEY)
    throw new Error('RAAHI_S3_ACCESS_KEY_ID and RAAHI_S3_SECRET_ACCESS_KEY must be at most 512 characters');
  return { kind: 's3', bucket, endpoint, region, credentials: accessKeyId ? { accessKeyId, secretAccessKey } : undefined };
}
