import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestBucket = {
  endpoint: string;
  /** The server's settings for this bucket, as environment variables. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/** A real S3-compatible server (s3rver, which checks request signatures) with one empty bucket. */
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
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
