import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3'
import type { S3Settings } from '../../src/adapters/storage/s3'

const script = path.resolve(import.meta.dirname, '../../../../scripts/s3-server.sh')

export interface S3Server {
  /** The server's endpoint and credentials, with a bucket of the caller's own. */
  settings: S3Settings
  /** `S3_*` for the app's configuration. */
  env: Record<string, string>
  client: S3Client
  /** Every key under a prefix, walked page by page through the S3 API. */
  keys(prefix: string): Promise<string[]>
  /** Unfinished multipart uploads under a prefix, through the S3 API. */
  uploads(prefix: string): Promise<Array<{ key: string; uploadId: string }>>
  /** Empties and removes the bucket (the server keeps objects in memory). */
  drop(): Promise<void>
}

let started: { vars: Record<string, string> } | { reason: string } | undefined

/**
 * Ceph's object gateway from `scripts/s3-server.sh` (a running one is reused; the script installs
 * and starts it where it can). Null, with the reason, where it cannot start: the S3 suites skip.
 */
function serverVars(): { vars: Record<string, string> } | { reason: string } {
  if (started) return started
  const run = spawnSync('bash', [script, 'start'], { encoding: 'utf8', timeout: 300_000 })
  if (run.status !== 0) {
    const why = (run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n')
    started = { reason: why.slice(-3).join(' / ') }
  } else {
    const vars = Object.fromEntries(
      run.stdout
        .split('\n')
        .map((line) => /^(S3_[A-Z_]+)=(.*)$/.exec(line))
        .flatMap((m) => (m ? [[m[1]!, m[2]!]] : [])),
    )
    started = { vars }
  }
  return started
}

/** Why the S3 suites skip here, or null when the server is up. */
export function s3Unavailable(): string | null {
  const s = serverVars()
  if ('reason' in s) {
    console.warn(
      `S3 suites skipped: the S3 server (scripts/s3-server.sh) did not start: ${s.reason}`,
    )
    return s.reason
  }
  return null
}

/** A fresh bucket on the running server; `pageSize` shrinks the adapter's listing pages. */
export async function s3Bucket(opts: { pageSize?: number } = {}): Promise<S3Server> {
  const s = serverVars()
  if ('reason' in s) throw new Error(`no S3 server: ${s.reason}`)
  const bucket = `areia-${randomBytes(6).toString('hex')}`
  const settings: S3Settings = {
    endpoint: s.vars.S3_ENDPOINT,
    bucket,
    region: s.vars.S3_REGION ?? 'us-east-1',
    accessKeyId: s.vars.S3_ACCESS_KEY_ID!,
    secretAccessKey: s.vars.S3_SECRET_ACCESS_KEY!,
    ...(opts.pageSize ? { pageSize: opts.pageSize } : {}),
  }
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))

  const keys = async (prefix: string) => {
    const found: string[] = []
    let token: string | undefined
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      )
      for (const o of page.Contents ?? []) if (o.Key) found.push(o.Key)
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return found.sort()
  }
  const uploads = async (prefix: string) => {
    const found: Array<{ key: string; uploadId: string }> = []
    let keyMarker: string | undefined
    let uploadIdMarker: string | undefined
    for (;;) {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          Prefix: prefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      )
      for (const u of page.Uploads ?? []) {
        if (u.Key && u.UploadId) found.push({ key: u.Key, uploadId: u.UploadId })
      }
      if (!page.IsTruncated) return found
      keyMarker = page.NextKeyMarker
      uploadIdMarker = page.NextUploadIdMarker
    }
  }
  const drop = async () => {
    for (const u of await uploads('')) {
      await client.send(
        new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.key, UploadId: u.uploadId }),
      )
    }
    const all = await keys('')
    for (let i = 0; i < all.length; i += 1000) {
      const Objects = all.slice(i, i + 1000).map((Key) => ({ Key }))
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects } }))
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }))
    client.destroy()
  }
  const env = {
    S3_ENDPOINT: settings.endpoint!,
    S3_BUCKET: bucket,
    S3_REGION: settings.region,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
  }
  return { settings, env, client, keys, uploads, drop }
}
