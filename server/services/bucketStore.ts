import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  type BucketStore,
  idOfSidecar,
  PRIVATE_FILE,
  privateFolder,
  type S3Settings,
  sidecarName,
  sqlName,
} from './backupStore';

/**
 * Backups in an S3 bucket (or an S3-compatible server), shared by every instance. Loaded only when
 * BACKUP_S3_BUCKET is set, so a server keeping backups in its folder never loads the AWS SDK.
 */

const notFoundCode = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '');

export function bucketStore(settings: S3Settings): BucketStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible servers are addressed by path; AWS by virtual host.
    forcePathStyle: Boolean(settings.endpoint),
    // The SDK's default streams uploads in `aws-chunked` framing with a trailing checksum, which not every
    // S3-compatible server understands (s3rver stores the framing as data): there, checksums only when
    // an operation requires them. The upload carries the backup's own SHA-256 either way.
    ...(settings.endpoint && {
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    }),
    credentials: settings.credentials,
  });
  const { bucket } = settings;
  const key = (name: string) => `${settings.prefix}${name}`;

  async function getText(name: string): Promise<string | undefined> {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(name) }));
      return await object.Body?.transformToString('utf8');
    } catch (error) {
      if (notFoundCode(error)) return undefined;
      throw error;
    }
  }

  return {
    kind: 's3',
    async sidecarIds() {
      const ids: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: settings.prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const id = idOfSidecar((object.Key ?? '').slice(settings.prefix.length));
          if (id) ids.push(id);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return ids;
    },
    readSidecar: (id) => getText(sidecarName(id)),
    async writeSidecar(id, text) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(sidecarName(id)),
          Body: text,
          ContentType: 'application/json',
        }),
      );
    },
    async keepFile(id, file, sha256) {
      try {
        const { size } = await fsp.stat(file);
        const put = await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key(sqlName(id)),
            Body: fs.createReadStream(file),
            ContentLength: size,
            // S3 refuses the upload unless what it received has this SHA-256.
            ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
            ContentType: 'application/sql; charset=utf-8',
          }),
        );
        return put.ETag;
      } finally {
        await fsp.rm(file, { force: true });
      }
    },
    async removeFile(id) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(sqlName(id)) }));
    },
    async unchanged(id, listed) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(sqlName(id)) }));
      return head.ContentLength === listed.size && (listed.etag === undefined || head.ETag === listed.etag);
    },
    presign: (id, seconds) =>
      getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: key(sqlName(id)),
          ResponseContentDisposition: `attachment; filename="${sqlName(id)}"`,
          // A database dump: no browser or proxy keeps a copy.
          ResponseCacheControl: 'no-store',
        }),
        { expiresIn: seconds },
      ),
    async fetch(id, dir) {
      await privateFolder(dir);
      const sidecar = await getText(sidecarName(id));
      if (sidecar === undefined) throw new Error(`No backup ${id} in s3://${bucket}/${settings.prefix}`);
      const file = path.join(dir, sqlName(id));
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(sqlName(id)) }));
      await pipeline(object.Body as Readable, fs.createWriteStream(file, { mode: PRIVATE_FILE }));
      await fsp.writeFile(path.join(dir, sidecarName(id)), sidecar, { mode: PRIVATE_FILE });
      return file;
    },
    destroy: () => client.destroy(),
  };
}
