import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  type Part,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { OffsetMismatchError, type VideoStorage } from './index'

export interface S3Settings {
  endpoint: string | undefined
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

/** How long ffprobe's presigned read URL lives. */
const PROBE_URL_SECONDS = 3600

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey')

const isNoSuchUpload = (err: unknown) =>
  err instanceof S3ServiceException && err.name === 'NoSuchUpload'

/**
 * An S3-compatible bucket. A resumable upload is a multipart upload: each chunk the client
 * sends becomes one part, streamed straight through (S3 needs its length up front, which the
 * chunk's Content-Range gives). A chunk cut off mid-way leaves no part, so the offset to resume
 * from is the sum of the stored parts. Parts other than the last must be ≥ 5 MiB (S3's rule):
 * clients send 8 MiB chunks.
 */
export function createS3Storage(settings: S3Settings): VideoStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
  })
  const Bucket = settings.bucket

  const listParts = async (Key: string, UploadId: string): Promise<Part[]> => {
    const parts: Part[] = []
    let marker: string | undefined
    for (;;) {
      const page = await client.send(
        new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: marker }),
      )
      parts.push(...(page.Parts ?? []))
      if (!page.IsTruncated) return parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0))
      marker = page.NextPartNumberMarker
    }
  }
  const sum = (parts: Part[]) => parts.reduce((n, p) => n + (p.Size ?? 0), 0)

  const objectSize = async (Key: string): Promise<number | null> => {
    try {
      return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
  }

  return {
    kind: 's3',
    async begin(Key) {
      const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }))
      if (!created.UploadId) throw new Error('S3 did not return an UploadId')
      return created.UploadId
    },
    async received(Key, UploadId) {
      try {
        return sum(await listParts(Key, UploadId))
      } catch (err) {
        // Completed already (the process died before the database heard of it).
        const done = isNoSuchUpload(err) ? await objectSize(Key) : null
        if (done === null) throw err
        return done
      }
    },
    async append(Key, UploadId, offset, body, length) {
      if (length === undefined) throw new Error('S3 parts need a known length')
      const parts = await listParts(Key, UploadId)
      const stored = sum(parts)
      if (stored !== offset) throw new OffsetMismatchError(stored)
      await client.send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId,
          PartNumber: parts.length + 1,
          Body: body,
          ContentLength: length,
        }),
      )
      return stored + length
    },
    async finish(Key, UploadId) {
      let parts: Awaited<ReturnType<typeof listParts>>
      try {
        parts = await listParts(Key, UploadId)
      } catch (err) {
        // A crash between completing the upload and recording it: finishing again is a no-op.
        if (isNoSuchUpload(err) && (await objectSize(Key)) !== null) return
        throw err
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: {
            Parts: parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })),
          },
        }),
      )
    },
    size: objectSize,
    async open(Key, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket,
          Key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      if (!(res.Body instanceof Readable)) throw new Error('S3 body is not a Node stream')
      return res.Body
    },
    probeTarget: (Key) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key }), {
        expiresIn: PROBE_URL_SECONDS,
      }),
    async delete(Key, UploadId) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }))
      if (UploadId) {
        try {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
        } catch (err) {
          if (
            !isMissing(err) &&
            !(err instanceof S3ServiceException && err.name === 'NoSuchUpload')
          )
            throw err
        }
      }
    },
    async deletePrefix(Prefix) {
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token }),
        )
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
        if (keys.length > 0) {
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }))
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix }))
      for (const u of uploads.Uploads ?? []) {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }),
        )
      }
    },
  }
}
