import { constants as fsConstants, createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config';

/** What storage knows of one file (SPEC §3 stored file info, less the URL the API adds). */
export interface StoredObject {
  path: string;
  size: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * Where uploaded files live, by path (`{userId}/{timestamp}_{random}.{ext}`, checked by the
 * callers in src/server/files). Two adapters with one contract (storage.test.ts runs it on both):
 * a local folder, the default, and an S3-compatible bucket.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file from disk, streamed (never read into memory whole). */
  putFile(path: string, source: string, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(path: string): Promise<Uint8Array | null>;
  /** Whether the file exists, without reading it (a stat, a HEAD request). */
  exists(path: string): Promise<boolean>;
  /** Every file whose path starts with `prefix`, by path (a local folder: not its subfolders). */
  list(prefix: string): Promise<StoredObject[]>;
  /** Every file below the folder `prefix` (ending in '/'), subfolders included (quotas). */
  listAll(prefix: string): Promise<StoredObject[]>;
  /** True when a file was removed. */
  remove(path: string): Promise<boolean>;
  /** Makes sure the folder or bucket is reachable (at start-up). */
  ready(): Promise<void>;
}

export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === 'local' ? new LocalStorage(config.dir) : new S3Storage(config);
}

/** A folder on disk; each path is a file below it, written atomically (temp file + rename). */
export class LocalStorage implements FileStorage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private resolve(file: string): string {
    const full = path.resolve(this.root, file);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Path outside the storage folder: ${file}`);
    }
    return full;
  }

  async ready() {
    await fs.mkdir(this.root, { recursive: true });
  }

  async put(file: string, bytes: Uint8Array) {
    const full = this.resolve(file);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const temporary = `${full}.${process.pid}.${Date.now()}.part`;
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    await fs.rename(temporary, full);
  }

  async putFile(file: string, source: string) {
    const full = this.resolve(file);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const temporary = `${full}.${process.pid}.${Date.now()}.part`;
    await fs.copyFile(source, temporary, fsConstants.COPYFILE_EXCL);
    await fs.rename(temporary, full);
  }

  async get(file: string) {
    try {
      return new Uint8Array(await fs.readFile(this.resolve(file)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(file: string) {
    try {
      return (await fs.stat(this.resolve(file))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async list(prefix: string) {
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const directory = folder ? this.resolve(folder) : path.resolve(this.root);
    let names: string[];
    try {
      names = await fs.readdir(directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const objects: StoredObject[] = [];
    for (const name of names.sort()) {
      const file = folder ? `${folder}/${name}` : name;
      if (!file.startsWith(prefix) || name.endsWith('.part')) continue;
      const info = await fs.stat(path.join(directory, name)).catch(() => null);
      if (!info?.isFile()) continue;
      objects.push({
        path: file,
        size: info.size,
        createdAt: info.birthtime.toISOString(),
        updatedAt: info.mtime.toISOString(),
      });
    }
    return objects;
  }

  async listAll(prefix: string) {
    const objects: StoredObject[] = [];
    const walk = async (folder: string) => {
      for (const item of await this.list(`${folder}/`)) objects.push(item);
      const entries = await fs
        .readdir(this.resolve(folder), { withFileTypes: true })
        .catch(() => []);
      for (const entry of entries) {
        if (entry.isDirectory()) await walk(`${folder}/${entry.name}`);
      }
    };
    await walk(prefix.replace(/\/+$/, ''));
    return objects.sort((a, b) => a.path.localeCompare(b.path));
  }

  async remove(file: string) {
    try {
      await fs.unlink(this.resolve(file));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), through the AWS SDK v3. */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: Extract<StorageConfig, { kind: 's3' }>) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      maxAttempts: 3,
      // A checksum only where S3 requires one: a streamed body (putFile) is then sent as is,
      // not in aws-chunked encoding with a checksum trailer, which S3-compatible servers may
      // not understand.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  }

  async ready() {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(file: string, bytes: Uint8Array, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: file,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async putFile(file: string, source: string, contentType: string) {
    const { size } = await fs.stat(source);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: file,
        Body: createReadStream(source),
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  async get(file: string) {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: file }),
      );
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async exists(file: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: file }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async list(prefix: string) {
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        const modified = (item.LastModified ?? new Date(0)).toISOString();
        // S3 keeps no creation time apart from the last write; paths are never rewritten.
        objects.push({
          path: item.Key,
          size: item.Size ?? 0,
          createdAt: modified,
          updatedAt: modified,
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects.sort((a, b) => a.path.localeCompare(b.path));
  }

  async listAll(prefix: string) {
    return this.list(prefix);
  }

  async remove(file: string) {
    const exists = (await this.list(file)).some((item) => item.path === file);
    if (!exists) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: file }));
    return true;
  }
}
