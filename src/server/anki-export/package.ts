import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import type { AnkiPackageFormat } from '../../core/anki-export/export-schemas';
import { ankiMediaName } from '../../core/anki-export/media-names';
import type { AnkiCollection } from './collection';
import {
  currentCollectionBytes,
  dummyCollectionBytes,
  legacyCollectionBytes,
} from './collection-files';
import { proto } from './protobuf-writer';

/**
 * The collection as an .apkg, in one of Anki's two package generations
 * (rslib/src/import_export/package: meta.rs, media.rs, colpkg/export.rs):
 *
 * - `current` (Anki 2.1.50 and later, what Anki writes by default): `meta` = PackageMetadata
 *   {version: 3 (LATEST)}, `collection.anki21b` = the schema-18 collection, zstd-compressed, the
 *   dummy `collection.anki2` asking older Ankis' users to update, each media file
 *   zstd-compressed under its index (`0`, `1`…) and `media` = MediaEntries (name, size, SHA-1),
 *   zstd-compressed protobuf. Entries are stored, as Anki stores them (already compressed).
 * - `legacy` (for Anki 2.1.49 and older, Anki's 'Support older Anki versions'):
 *   `collection.anki21` = the schema-11 collection, deflated, media files as they are under
 *   their index, and `media` = a JSON map of index to name.
 */
export type ApkgFormat = AnkiPackageFormat;

export interface ApkgMedia {
  name: string;
  data: Uint8Array;
}

/** PackageMetadata.Version: LEGACY_1 = 1, LEGACY_2 = 2, LATEST = 3. */
const VERSION_LATEST = 3;

const stored = { compression: 'STORE' } as const;

export { ankiMediaName };

/** Media files with usable, distinct names (a later file of the same name is left out). */
function usableMedia(media: readonly ApkgMedia[]): ApkgMedia[] {
  const seen = new Set<string>();
  const out: ApkgMedia[] = [];
  for (const file of media) {
    const name = ankiMediaName(file.name);
    if (name === null || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, data: file.data });
  }
  return out;
}

function writeCurrent(zip: JSZip, collection: AnkiCollection, media: ApkgMedia[]): void {
  zip.file('meta', proto().varint(1, VERSION_LATEST).finish(), stored);
  zip.file('collection.anki21b', zlib.zstdCompressSync(currentCollectionBytes(collection)), stored);
  zip.file('collection.anki2', dummyCollectionBytes(collection.col.mod), stored);
  const entries = proto();
  media.forEach((file, index) => {
    zip.file(String(index), zlib.zstdCompressSync(file.data), stored);
    const sha1 = createHash('sha1').update(file.data).digest();
    entries.message(
      1,
      proto().string(1, file.name).varint(2, file.data.length).bytesField(3, sha1),
    );
  });
  zip.file('media', zlib.zstdCompressSync(entries.finish()), stored);
}

function writeLegacy(zip: JSZip, collection: AnkiCollection, media: ApkgMedia[]): void {
  zip.file('collection.anki21', legacyCollectionBytes(collection));
  const map: Record<string, string> = {};
  media.forEach((file, index) => {
    zip.file(String(index), file.data);
    map[String(index)] = file.name;
  });
  zip.file('media', JSON.stringify(map));
}

export async function writeApkg(
  collection: AnkiCollection,
  media: readonly ApkgMedia[] = [],
  format: ApkgFormat = 'current',
): Promise<Uint8Array> {
  const zip = new JSZip();
  const files = usableMedia(media);
  if (format === 'current') writeCurrent(zip, collection, files);
  else writeLegacy(zip, collection, files);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
