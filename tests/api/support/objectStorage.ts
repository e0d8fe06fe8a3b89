import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import S3rver from 's3rver';

export type TestBucket = {
  endpoint: string;
  /** The server's settings for this bucket, as environment variables. */
  env: Record<string, string>;
  /** Whether a presigned URL's signature is the one these credentials give its method, path and query. */
  signatureHolds(url: string): Promise<boolean>;
  /** Writes `body` over an object, as someone with access to the bucket could. */
  overwrite(key: string, body: string): Promise<void>;
  close(): Promise<void>;
};

/** `20260101T120000Z` as a date. */
const amzDate = (text: string) =>
  new Date(text.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/**
 * A real S3-compatible server (s3rver) with one empty bucket. s3rver 3.7 does not check SigV4 signatures
 * (it takes any), so a test of a presigned link checks the signature itself (`signatureHolds`), with the
 * AWS SDK's own signer.
 */
export async function startTestBucket(bucket = 'vigil-backups'): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    env: {
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_ENDPOINT: endpoint,
      AWS_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async signatureHolds(text) {
      const url = new URL(text);
      const given = url.searchParams.get('X-Amz-Signature');
      const presigner = new S3RequestPresigner({ ...client.config });
      const signed = await presigner.presign(
        {
          method: 'GET',
          protocol: url.protocol,
          hostname: url.hostname,
          port: Number(url.port),
          path: url.pathname,
          query: Object.fromEntries([...url.searchParams].filter(([name]) => !name.startsWith('X-Amz-'))),
          headers: { host: url.host },
        },
        {
          signingDate: amzDate(url.searchParams.get('X-Amz-Date') ?? ''),
          expiresIn: Number(url.searchParams.get('X-Amz-Expires')),
        },
      );
      return given !== null && signed.query?.['X-Amz-Signature'] === given;
    },
    async overwrite(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
