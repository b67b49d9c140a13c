import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const s3 = (env: Record<string, string>) => loadConfig(env).storage;

describe('where files are kept (RAAHI_S3_*)', () => {
  it('is the local disk when no RAAHI_S3_ setting is given', () => {
    expect(s3({})).toEqual({ kind: 'disk' });
    expect(s3({ RAAHI_S3_BUCKET: '  ', AWS_REGION: 'ap-south-1' })).toEqual({ kind: 'disk' });
  });

  it('is Amazon S3 with a bucket and a region, credentials from the usual AWS chain', () => {
    expect(s3({ RAAHI_S3_BUCKET: 'raahi-files', RAAHI_S3_REGION: 'ap-south-1' })).toEqual({
      kind: 's3',
      bucket: 'raahi-files',
      endpoint: undefined,
      region: 'ap-south-1',
      credentials: undefined,
    });
    expect(s3({ RAAHI_S3_BUCKET: 'raahi-files', AWS_REGION: 'ap-south-1' })).toMatchObject({ region: 'ap-south-1' });
  });

  it('is an S3-compatible store with an endpoint and its own keys', () => {
    expect(
      s3({
        RAAHI_S3_BUCKET: 'raahi',
        RAAHI_S3_ENDPOINT: 'http://minio.internal:9000/',
        RAAHI_S3_ACCESS_KEY_ID: 'raahi-app',
        RAAHI_S3_SECRET_ACCESS_KEY: 'secret-value',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'raahi',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'raahi-app', secretAccessKey: 'secret-value' },
    });
  });

  it.each([
    [
      { RAAHI_S3_ENDPOINT: 'http://minio:9000' },
      'RAAHI_S3_BUCKET is not set, but RAAHI_S3_ENDPOINT is: set the bucket to keep files in an object store, or remove the RAAHI_S3_ settings to keep them on the local disk.',
    ],
    [
      { RAAHI_S3_ACCESS_KEY_ID: 'a', RAAHI_S3_SECRET_ACCESS_KEY: 'b' },
      'RAAHI_S3_BUCKET is not set, but RAAHI_S3_ACCESS_KEY_ID and RAAHI_S3_SECRET_ACCESS_KEY are',
    ],
    [{ RAAHI_S3_BUCKET: 'raahi-files' }, 'RAAHI_S3_REGION (or AWS_REGION) must name the bucket’s region, such as ap-south-1'],
    [
      { RAAHI_S3_BUCKET: 'raahi', RAAHI_S3_ENDPOINT: 'http://minio:9000', RAAHI_S3_ACCESS_KEY_ID: 'raahi-app' },
      'RAAHI_S3_SECRET_ACCESS_KEY is not set: RAAHI_S3_ACCESS_KEY_ID and RAAHI_S3_SECRET_ACCESS_KEY go together',
    ],
    [{ RAAHI_S3_BUCKET: 'raahi', RAAHI_S3_ENDPOINT: 'http://minio:9000', RAAHI_S3_SECRET_ACCESS_KEY: 's' }, 'RAAHI_S3_ACCESS_KEY_ID is not set'],
    [{ RAAHI_S3_BUCKET: 'Raahi_Files', RAAHI_S3_REGION: 'ap-south-1' }, 'RAAHI_S3_BUCKET must be a bucket name'],
    [{ RAAHI_S3_BUCKET: 'x'.repeat(100_000), RAAHI_S3_REGION: 'ap-south-1' }, 'RAAHI_S3_BUCKET must be a bucket name'],
    [{ RAAHI_S3_BUCKET: 'raahi', RAAHI_S3_ENDPOINT: 'minio:9000' }, 'RAAHI_S3_ENDPOINT must be the address of an S3-compatible store'],
    [{ RAAHI_S3_BUCKET: 'raahi', RAAHI_S3_ENDPOINT: 'ftp://minio' }, 'RAAHI_S3_ENDPOINT must be the address'],
    [{ RAAHI_S3_BUCKET: 'raahi', RAAHI_S3_ENDPOINT: 'http://key:secret@minio:9000' }, 'RAAHI_S3_ENDPOINT must not carry credentials'],
    [{ RAAHI_S3_BUCKET: 'raahi', RAAHI_S3_REGION: 'Mumbai India' }, 'RAAHI_S3_REGION must be a region name'],
  ])('stops the server at start with a clear message for a half or wrong configuration: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
