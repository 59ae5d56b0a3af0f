/**
 * A zip file written entry by entry to disk, each entry's data streamed (issue 21 item 8): the
 * local header goes first with its checksum and sizes left zero, the data follows as it comes,
 * then the header is completed in place (the file can be written at any offset), so the zip
 * needs no data descriptors. Stored or deflated entries; no zip64 (4 GB per entry and file,
 * 65,535 entries), which the export's deadline keeps it far from.
 */
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

const LIMIT = 0xffff_ffff;
/** 1980-01-01, 00:00: the zip's date of every entry (no clock in the package). */
const DOS_DATE = 0x21;

interface Central {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

export class ZipFile {
  private offset = 0;
  private readonly entries: Central[] = [];

  private constructor(private readonly handle: FileHandle) {}

  static async create(file: string): Promise<ZipFile> {
    return new ZipFile(await fs.open(file, 'w'));
  }

  private async write(bytes: Uint8Array, at = this.offset): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, at + done);
      done += bytesWritten;
    }
    if (at === this.offset) this.offset += bytes.length;
  }

  /** Adds an entry from its data (bytes or chunks), deflated when `deflate`, else stored. */
  async add(name: string, data: Uint8Array | AsyncIterable<Uint8Array>, deflate = false) {
    if (this.entries.length === 0xffff) throw new Error('A zip without zip64 holds 65,535 files');
    const entry: Central = {
      name: Buffer.from(name, 'utf8'),
      method: deflate ? 8 : 0,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    await this.write(localHeader(entry));
    const chunks = data instanceof Uint8Array ? [data] : data;
    async function* counted() {
      for await (const chunk of chunks) {
        entry.crc = zlib.crc32(chunk, entry.crc);
        entry.size += chunk.length;
        yield chunk;
      }
    }
    const out = deflate ? Readable.from(counted()).pipe(zlib.createDeflateRaw()) : counted();
    for await (const chunk of out as AsyncIterable<Uint8Array>) {
      await this.write(chunk);
      entry.compressed += chunk.length;
    }
    if (entry.size > LIMIT || entry.compressed > LIMIT || this.offset > LIMIT) {
      throw new Error('The package is larger than 4 GB, which a zip without zip64 cannot hold');
    }
    await this.write(localHeader(entry).subarray(14, 26), entry.offset + 14);
    this.entries.push(entry);
  }

  /** Writes the central directory and closes the file; its size in bytes. */
  async close(): Promise<number> {
    try {
      const start = this.offset;
      for (const entry of this.entries) await this.write(centralHeader(entry));
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(this.entries.length, 8);
      end.writeUInt16LE(this.entries.length, 10);
      end.writeUInt32LE(this.offset - start, 12);
      end.writeUInt32LE(start, 16);
      await this.write(end);
      return this.offset;
    } finally {
      await this.handle.close();
    }
  }

  /** Closes the file without finishing it (after a failure). */
  async abandon(): Promise<void> {
    await this.handle.close().catch(() => {});
  }
}

function localHeader(entry: Central): Buffer {
  const header = Buffer.alloc(30 + entry.name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6); // names in UTF-8
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(entry.crc >>> 0, 14);
  header.writeUInt32LE(entry.compressed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  entry.name.copy(header, 30);
  return header;
}

function centralHeader(entry: Central): Buffer {
  const header = Buffer.alloc(46 + entry.name.length);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  entry.name.copy(header, 46);
  return header;
}
