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
  /**
   * Entries asked per listing page (parts, objects, uploads). Unset, the server's default (1000
   * on S3); the tests ask for a few to walk past the first page on a real server.
   */
  pageSize?: number
}

/** How long ffprobe's presigned read URL lives. */
const PROBE_URL_SECONDS = 3600

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey')

// S3 answers NoSuchUpload for an upload completed or aborted already; Ceph's gateway answers
// NoSuchKey (404) for the same: both mean the upload id names nothing any more.
const isNoSuchUpload = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchUpload' || isMissing(err))

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
    // By default the SDK sends a streamed part as aws-chunked with a trailing CRC32, which
    // S3-compatible servers that predate it (Ceph's gateway among them) refuse as
    // MissingContentLength. A part already carries its exact length; checksums go only where the
    // API requires one (multi-delete).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
  })
  const Bucket = settings.bucket
  const page = settings.pageSize

  const listParts = async (Key: string, UploadId: string): Promise<Part[]> => {
    const parts: Part[] = []
    let marker: string | undefined
    for (;;) {
      const res = await client.send(
        new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: marker, MaxParts: page }),
      )
      parts.push(...(res.Parts ?? []))
      if (!res.IsTruncated) return parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0))
      marker = res.NextPartNumberMarker
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
      // The SDK pipes the body without watching it: a player's connection cut mid-chunk would
      // leave the part's request hanging until the server times it out, and the stream's error
      // unhandled. The request is aborted at once instead (S3 keeps no partial part).
      const cut = new AbortController()
      let bodyError: unknown
      const onError = (err: unknown) => {
        bodyError = err
        cut.abort(err)
      }
      body.once('error', onError)
      try {
        await client.send(
          new UploadPartCommand({
            Bucket,
            Key,
            UploadId,
            PartNumber: parts.length + 1,
            Body: body,
            ContentLength: length,
          }),
          { abortSignal: cut.signal },
        )
      } catch (err) {
        throw bodyError ?? err
      } finally {
        body.off('error', onError)
      }
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
          if (!isNoSuchUpload(err)) throw err
        }
      }
    },
    async deletePrefix(Prefix) {
      let token: string | undefined
      do {
        const res = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken: token, MaxKeys: page }),
        )
        const keys = (res.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []))
        if (keys.length > 0) {
          const done = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          )
          // A multi-delete answers 200 even when some keys could not be removed.
          const failed = done.Errors ?? []
          if (failed.length > 0) {
            throw new Error(`S3 kept ${failed.length} object(s): ${failed[0]?.Code ?? 'unknown'}`)
          }
        }
        token = res.IsTruncated ? res.NextContinuationToken : undefined
      } while (token)
      // Unfinished uploads hold parts (the player's bytes) that no object listing shows.
      let keyMarker: string | undefined
      let uploadIdMarker: string | undefined
      for (;;) {
        const res = await client.send(
          new ListMultipartUploadsCommand({
            Bucket,
            Prefix,
            MaxUploads: page,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        )
        for (const u of res.Uploads ?? []) {
          try {
            await client.send(
              new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }),
            )
          } catch (err) {
            if (!isNoSuchUpload(err)) throw err
          }
        }
        if (!res.IsTruncated) return
        keyMarker = res.NextKeyMarker
        uploadIdMarker = res.NextUploadIdMarker
      }
    },
  }
}
