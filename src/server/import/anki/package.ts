/**
 * An Anki package (.apkg / .colpkg) as a zip (issue 12), read the way Anki's
 * `rslib/src/import_export/package/meta.rs` does: the `meta` entry (protobuf PackageMetadata,
 * version 1 legacy `collection.anki2`, 2 legacy `collection.anki21`, 3 current zstd-compressed
 * `collection.anki21b`); without `meta`, `collection.anki21` when present, else
 * `collection.anki2`. The zip is checked for bombs before anything is inflated (entries,
 * declared sizes, ratio), and inflated bytes are counted as they come, zstd output bounded too.
 */
import { open } from 'node:fs/promises';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { badRequest, HttpError } from '../../http/errors';
import { readMessage } from './protobuf';

export interface PackageLimits {
  maxEntries: number;
  /** Total unpacked size, declared and inflated (the collection after zstd too). */
  maxUnpackedBytes: number;
  /** Unpacked / packed size of one entry larger than 1 MB. */
  maxRatio: number;
}

export const PACKAGE_LIMITS: PackageLimits = {
  maxEntries: 50_000,
  maxUnpackedBytes: 256 * 1024 * 1024,
  maxRatio: 200,
};

export const PACKAGE_MESSAGES = {
  notPackage: 'The file is not an Anki package (.apkg or .colpkg)',
  noCollection: 'The Anki package has no collection in it',
  damaged: 'The Anki package is damaged and cannot be read',
  tooNew: 'The Anki package was made by a newer Anki than Mnemo can read',
  tooLarge: (limit: number) =>
    `The Anki package unpacks to more than ${Math.round(limit / 1024 / 1024)} MB`,
  suspicious: 'The Anki package is compressed suspiciously well (a zip bomb?)',
  tooManyEntries: (limit: number) => `The Anki package has more than ${limit} files`,
} as const;

export interface AnkiPackage {
  /** 1 (collection.anki2), 2 (collection.anki21) or 3 (collection.anki21b, schema 18). */
  version: 1 | 2 | 3;
  /** The SQLite collection, decompressed. */
  collection: Buffer;
  /** Media files in the package (zip entries named 0, 1, 2…); read by `package-media.ts`. */
  mediaFiles: number;
}

const COLLECTIONS = { 1: 'collection.anki2', 2: 'collection.anki21', 3: 'collection.anki21b' };

export const bomb = (message: string) => new HttpError(400, 'ZIP_BOMB', message);

export async function openZip(source: Buffer | string): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, validateEntrySizes: true };
  try {
    return await new Promise<yauzl.ZipFile>((resolve, reject) => {
      const done = (error: Error | null, file: yauzl.ZipFile) =>
        error ? reject(error) : resolve(file);
      if (typeof source === 'string') yauzl.open(source, { ...options, autoClose: false }, done);
      else yauzl.fromBuffer(source, options, done);
    });
  } catch {
    throw badRequest(PACKAGE_MESSAGES.notPackage, 'NOT_ANKI_PACKAGE');
  }
}

export async function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  }).catch(() => {
    throw badRequest(PACKAGE_MESSAGES.damaged, 'DAMAGED_PACKAGE');
  });
  return entries;
}

export async function inflate(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: { left: number },
  limit: number,
): Promise<Buffer> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, readStream) =>
      error ? reject(badRequest(PACKAGE_MESSAGES.damaged, 'DAMAGED_PACKAGE')) : resolve(readStream),
    ),
  );
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) {
        (stream as unknown as { destroy(): void }).destroy();
        throw bomb(PACKAGE_MESSAGES.tooLarge(limit));
      }
      chunks.push(chunk);
    }
  } catch (error) {
    // An entry that inflates to more than it declared, or corrupt deflate data.
    if (error instanceof HttpError) throw error;
    throw badRequest(PACKAGE_MESSAGES.damaged, 'DAMAGED_PACKAGE');
  }
  return Buffer.concat(chunks);
}

/** What the zip's central directory and `meta` tell, before the collection is inflated. */
interface Inspected {
  version: 1 | 2 | 3;
  collectionEntry: yauzl.Entry;
  budget: { left: number };
  mediaFiles: number;
}

async function inspect(zip: yauzl.ZipFile, limits: PackageLimits): Promise<Inspected> {
  if (zip.entryCount > limits.maxEntries) {
    throw bomb(PACKAGE_MESSAGES.tooManyEntries(limits.maxEntries));
  }
  const entries = await listEntries(zip);
  let declared = 0;
  const byName = new Map<string, yauzl.Entry>();
  for (const entry of entries) {
    declared += entry.uncompressedSize;
    if (declared > limits.maxUnpackedBytes)
      throw bomb(PACKAGE_MESSAGES.tooLarge(limits.maxUnpackedBytes));
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > 1024 * 1024 && ratio > limits.maxRatio) {
      throw bomb(PACKAGE_MESSAGES.suspicious);
    }
    if (!byName.has(entry.fileName)) byName.set(entry.fileName, entry);
  }
  const budget = { left: limits.maxUnpackedBytes };
  let version: 1 | 2 | 3;
  const metaEntry = byName.get('meta');
  if (metaEntry) {
    const meta = readMessage(await inflate(zip, metaEntry, budget, limits.maxUnpackedBytes));
    const value = meta === null ? undefined : meta.varint(1);
    if (value !== 1 && value !== 2 && value !== 3) {
      throw badRequest(PACKAGE_MESSAGES.tooNew, 'UNKNOWN_PACKAGE_VERSION');
    }
    version = value;
  } else {
    version = byName.has(COLLECTIONS[2]) ? 2 : 1;
  }
  const collectionEntry = byName.get(COLLECTIONS[version]);
  if (!collectionEntry) throw badRequest(PACKAGE_MESSAGES.noCollection, 'NO_COLLECTION');
  const mediaFiles = [...byName.keys()].filter((name) => /^\d+$/.test(name)).length;
  return { version, collectionEntry, budget, mediaFiles };
}

const notPackage = () => badRequest(PACKAGE_MESSAGES.notPackage, 'NOT_ANKI_PACKAGE');

/**
 * The checks that need no inflating of the collection (issue 12's background import: they
 * answer at once): a zip, not a bomb by its declared sizes, a known `meta`, a collection in it.
 * Reads the file on disk through its central directory, never all of it into memory.
 */
export async function checkAnkiPackage(
  file: string,
  limits: PackageLimits = PACKAGE_LIMITS,
): Promise<{ version: 1 | 2 | 3; mediaFiles: number }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 4 || head.readUInt32BE(0) !== 0x504b0304) throw notPackage();
  } finally {
    await handle.close();
  }
  const zip = await openZip(file);
  try {
    const { version, mediaFiles } = await inspect(zip, limits);
    return { version, mediaFiles };
  } finally {
    zip.close();
  }
}

/** The package's version and collection; any problem is a 400 with a readable message. */
export async function readAnkiPackage(
  bytes: Uint8Array,
  limits: PackageLimits = PACKAGE_LIMITS,
): Promise<AnkiPackage> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buffer.length < 4 || buffer.readUInt32BE(0) !== 0x504b0304) throw notPackage();
  const zip = await openZip(buffer);
  try {
    const { version, collectionEntry, budget, mediaFiles } = await inspect(zip, limits);
    let collection = await inflate(zip, collectionEntry, budget, limits.maxUnpackedBytes);
    if (version === 3) {
      try {
        collection = zlib.zstdDecompressSync(collection, {
          maxOutputLength: Math.max(budget.left, 1),
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw bomb(PACKAGE_MESSAGES.tooLarge(limits.maxUnpackedBytes));
        }
        throw badRequest(PACKAGE_MESSAGES.damaged, 'DAMAGED_PACKAGE');
      }
    }
    return { version, collection, mediaFiles };
  } finally {
    zip.close();
  }
}
