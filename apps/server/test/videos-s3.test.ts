import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, describe, expect, it } from 'vitest'
import { OffsetMismatchError } from '../src/adapters/storage'
import { createS3Storage } from '../src/adapters/storage/s3'

// The adapter's own logic against a mocked client: the calls it makes and how it reads the
// answers. storage-contract.test.ts runs the same adapter against a real S3 server.
const s3 = mockClient(S3Client)
afterEach(() => s3.reset())

const storage = () =>
  createS3Storage({
    endpoint: 'http://s3.local:9000',
    bucket: 'videos',
    region: 'us-east-1',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
  })

const MiB = 1024 * 1024

describe('S3 storage (multipart upload as a resumable session)', () => {
  it('starts a multipart upload and resumes from the sum of the stored parts', async () => {
    s3.on(CreateMultipartUploadCommand).resolves({ UploadId: 'up-1' })
    s3.on(ListPartsCommand).resolves({
      Parts: [
        { PartNumber: 2, Size: 8 * MiB, ETag: '"b"' },
        { PartNumber: 1, Size: 8 * MiB, ETag: '"a"' },
      ],
    })
    s3.on(UploadPartCommand).resolves({ ETag: '"c"' })
    const store = storage()
    expect(await store.begin('users/u/v')).toBe('up-1')
    expect(await store.received('users/u/v', 'up-1')).toBe(16 * MiB)
    await expect(
      store.append('users/u/v', 'up-1', 8 * MiB, Readable.from([Buffer.alloc(10)]), 10),
    ).rejects.toBeInstanceOf(OffsetMismatchError)
    const after = await store.append(
      'users/u/v',
      'up-1',
      16 * MiB,
      Readable.from([Buffer.alloc(10)]),
      10,
    )
    expect(after).toBe(16 * MiB + 10)
    const part = s3.commandCalls(UploadPartCommand)[0]?.args[0].input
    expect(part).toMatchObject({
      Bucket: 'videos',
      Key: 'users/u/v',
      UploadId: 'up-1',
      PartNumber: 3,
      ContentLength: 10,
    })
  })

  it('completes with every part in order', async () => {
    s3.on(ListPartsCommand)
      .resolvesOnce({
        Parts: [{ PartNumber: 1, Size: 5, ETag: '"a"' }],
        IsTruncated: true,
        NextPartNumberMarker: '1',
      })
      .resolvesOnce({ Parts: [{ PartNumber: 2, Size: 5, ETag: '"b"' }] })
    s3.on(CompleteMultipartUploadCommand).resolves({})
    await storage().finish('users/u/v', 'up-1')
    expect(
      s3.commandCalls(CompleteMultipartUploadCommand)[0]?.args[0].input.MultipartUpload,
    ).toEqual({
      Parts: [
        { PartNumber: 1, ETag: '"a"' },
        { PartNumber: 2, ETag: '"b"' },
      ],
    })
  })

  it('reports a missing object as null and deletes a prefix with its unfinished uploads', async () => {
    s3.on(HeadObjectCommand).rejects(
      new S3ServiceException({
        name: 'NotFound',
        $fault: 'client',
        $metadata: { httpStatusCode: 404 },
      }),
    )
    expect(await storage().size('users/u/none')).toBeNull()
    s3.on(ListObjectsV2Command).resolves({ Contents: [{ Key: 'users/u/a' }, { Key: 'users/u/b' }] })
    s3.on(DeleteObjectsCommand).resolves({})
    s3.on(ListMultipartUploadsCommand).resolves({
      Uploads: [{ Key: 'users/u/c', UploadId: 'up-9' }],
    })
    s3.on(AbortMultipartUploadCommand).resolves({})
    await storage().deletePrefix('users/u/')
    expect(s3.commandCalls(DeleteObjectsCommand)[0]?.args[0].input.Delete?.Objects).toEqual([
      { Key: 'users/u/a' },
      { Key: 'users/u/b' },
    ])
    expect(s3.commandCalls(AbortMultipartUploadCommand)[0]?.args[0].input).toMatchObject({
      Key: 'users/u/c',
      UploadId: 'up-9',
    })
  })

  it('gives ffprobe a presigned GET URL', async () => {
    const url = new URL(await storage().probeTarget('users/u/v'))
    expect(url.origin).toBe('http://s3.local:9000')
    expect(url.pathname).toBe('/videos/users/u/v')
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
  })
})
