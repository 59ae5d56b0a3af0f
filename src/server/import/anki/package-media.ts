/**
 * The media files of an Anki package, read the way Anki's `rslib/src/import_export/package/
 * media.rs` does. The `media` entry maps zip entry names to file names: legacy packages (meta
 * version 1 and 2, or no meta) hold JSON `{"0": "cat.jpg", …}`; the current generation (version 3)
 * holds a zstd-compressed protobuf `MediaEntries { repeated MediaEntry entries = 1 }` with
 * `MediaEntry { string name = 1; uint32 size = 2; bytes sha1 = 3; optional uint32
 * legacy_zip_filename = 4 }`, where an entry's zip name is its position in the list, and every
 * numbered file is itself zstd-compressed. Only the files asked for are inflated, each bounded
 * (`MEDIA_FILE_MAX_BYTES`) and all of them within the package's unpacked budget.
 */
import zlib from 'node:zlib';
import type yauzl from 'yauzl';
import { badRequest } from '../../http/errors';
import {
  bomb,
  inflate,
  listEntries,
  openZip,
  PACKAGE_LIMITS,
  PACKAGE_MESSAGES,
  type PackageLimits,
} from './package';
import { readMessage, readRepeated } from './protobuf';

/** The largest media file imported; a larger one is skipped and said so. */
export const MEDIA_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The largest media map (the list of names) read. */
const MEDIA_MAP_MAX_BYTES = 16 * 1024 * 1024;

const damaged = () => badRequest(PACKAGE_MESSAGES.damaged, 'DAMAGED_PACKAGE');

/**
 * The package's media map, file name (NFC) → zip entry name, from the `media` entry's bytes as
 * stored in the zip. A map that cannot be read is a damaged package, as in Anki.
 */
export function parseMediaMap(data: Uint8Array, version: 1 | 2 | 3): Map<string, string> {
  const map = new Map<string, string>();
  if (version < 3) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(data));
    } catch {
      throw damaged();
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw damaged();
    for (const [entry, name] of Object.entries(parsed as Record<string, unknown>)) {
      if (/^\d+$/.test(entry) && typeof name === 'string') map.set(name.normalize('NFC'), entry);
    }
    return map;
  }
  let list: Buffer;
  try {
    list = zlib.zstdDecompressSync(data, { maxOutputLength: MEDIA_MAP_MAX_BYTES });
  } catch {
    throw damaged();
  }
  const entries = readRepeated(list, 1);
  if (entries === null) throw damaged();
  entries.forEach((bytes, index) => {
    const entry = readMessage(bytes);
    if (entry === null) throw damaged();
    const name = entry.string(1);
    const legacy = entry.varint(4);
    if (name) map.set(name.normalize('NFC'), String(legacy ?? index));
  });
  return map;
}

/** The files asked for: their bytes, or why not. */
export interface PackageMedia {
  files: Map<string, Buffer>;
  /** Asked-for names larger than the per-file limit. */
  tooLarge: Set<string>;
}

/**
 * Reads the asked-for media files (names as the map spells them, NFC) of a package already
 * checked by `readAnkiPackage`. A name not in the package is simply absent from `files`.
 *
 * @param budget Bytes the media may unpack to in all (what the collection left of the limit).
 */
export async function readPackageMedia(
  bytes: Uint8Array,
  version: 1 | 2 | 3,
  wanted: ReadonlySet<string>,
  budget: number,
  maxFileBytes = MEDIA_FILE_MAX_BYTES,
  limits: PackageLimits = PACKAGE_LIMITS,
): Promise<PackageMedia> {
  const result: PackageMedia = { files: new Map(), tooLarge: new Set() };
  if (wanted.size === 0) return result;
  const zip = await openZip(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  try {
    const byName = new Map<string, yauzl.Entry>();
    for (const entry of await listEntries(zip)) {
      if (!byName.has(entry.fileName)) byName.set(entry.fileName, entry);
    }
    const mapEntry = byName.get('media');
    if (!mapEntry) return result;
    const left = { left: Math.max(budget, 0) };
    const map = parseMediaMap(await inflate(zip, mapEntry, left, limits.maxUnpackedBytes), version);
    for (const name of wanted) {
      const zipName = map.get(name);
      const entry = zipName === undefined ? undefined : byName.get(zipName);
      if (!entry) continue;
      if (version < 3 && entry.uncompressedSize > maxFileBytes) {
        result.tooLarge.add(name);
        continue;
      }
      let data = await inflate(zip, entry, left, limits.maxUnpackedBytes);
      if (version === 3) {
        try {
          data = zlib.zstdDecompressSync(data, { maxOutputLength: maxFileBytes });
        } catch (error) {
          if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
            result.tooLarge.add(name);
            continue;
          }
          throw damaged();
        }
        left.left -= data.length;
        if (left.left < 0) throw bomb(PACKAGE_MESSAGES.tooLarge(limits.maxUnpackedBytes));
      }
      result.files.set(name, data);
    }
    return result;
  } finally {
    zip.close();
  }
}
