import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { assertValidKey, type ByteRange, healthProbeKey, type StorageDriver, type StoredObject } from './driver';

export interface S3Options {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Opening a connection, in ms (ADR 0031). */
  connectTimeoutMs?: number;
  /** Waiting for an answer's head, and any silence on the socket after it, in ms. */
  requestTimeoutMs?: number;
}

/** S3-compatible object storage. Bodies are spooled to a temp file so PutObject knows the length. */
export class S3Storage implements StorageDriver {
  readonly name = 's3' as const;
  private readonly client: S3Client;
  private bucketReady?: Promise<void>;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      endpoint: opts.endpoint,
      region: opts.region,
      forcePathStyle: opts.forcePathStyle,
      // Plain bodies: streamed checksums (aws-chunked) are not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      // Every call is bounded: a store that stops answering fails the request (503), never hangs it.
      // One retry, not the SDK's two: each attempt may wait a whole timeout.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: opts.connectTimeoutMs ?? 5000,
        requestTimeout: opts.requestTimeoutMs ?? 30_000,
        throwOnRequestTimeout: true,
        socketTimeout: opts.requestTimeoutMs ?? 30_000,
      },
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        opts.accessKeyId && opts.secretAccessKey
          ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
          : undefined,
    });
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      try {
        await this.client.send(new HeadBucketCommand({ Bucket: this.opts.bucket }));
      } catch {
        await this.client.send(new CreateBucketCommand({ Bucket: this.opts.bucket }));
      }
    })().catch((e) => {
      this.bucketReady = undefined; // asked again next time, not failed forever
      throw e;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Readable, opts?: { contentType?: string }): Promise<StoredObject> {
    assertValidKey(key);
    await this.ensureBucket();
    const tmp = path.join(os.tmpdir(), `wavecast-s3-${randomUUID()}`);
    try {
      await pipeline(body, fs.createWriteStream(tmp));
      const { size } = await fsp.stat(tmp);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.opts.bucket,
          Key: key,
          Body: fs.createReadStream(tmp),
          ContentLength: size,
          ContentType: opts?.contentType,
        }),
      );
    } finally {
      await fsp.rm(tmp, { force: true });
    }
    return (await this.stat(key)) as StoredObject;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.opts.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return res.Body as Readable;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    await this.ensureBucket();
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return {
        size: Number(h.ContentLength ?? 0),
        mtime: h.LastModified ?? new Date(0),
        etag: h.ETag ?? `"${key}"`,
        contentType: h.ContentType,
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err; // unreachable or failing: not the same as missing (503, not 404)
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    await this.ensureBucket();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = res.NextContinuationToken;
    } while (token);
    return keys;
  }

  /** A real write: a tiny probe object put and deleted (the bucket existing says nothing about writes). */
  async health(): Promise<void> {
    await this.ensureBucket();
    const Key = healthProbeKey();
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key, Body: 'ok', ContentLength: 2 }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key }));
  }
}

const isNotFound = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
  ['NotFound', 'NoSuchKey'].includes((err as { name?: string }).name ?? '');
