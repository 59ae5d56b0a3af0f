/**
 * Just enough protobuf to read Anki's small config blobs (PackageMetadata, Notetype.Config,
 * Notetype.Template.Config): varints and length-delimited fields by number; other wire types
 * are skipped. Malformed input gives null, never an exception.
 */
export interface Message {
  /** The last varint with this field number (proto3: the last one wins). */
  varint(field: number): number | undefined;
  /** The last length-delimited field with this number, as UTF-8 text. */
  string(field: number): string | undefined;
  /** The last length-delimited field with this number, as bytes (an embedded message). */
  bytes(field: number): Uint8Array | undefined;
}

export function readMessage(bytes: Uint8Array): Message | null {
  const varints = new Map<number, number>();
  const strings = new Map<number, Uint8Array>();
  let pos = 0;
  const readVarint = (): number | null => {
    let result = 0;
    let factor = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= bytes.length) return null;
      const byte = bytes[pos++]!;
      result += (byte & 0x7f) * factor;
      if ((byte & 0x80) === 0) return result;
      factor *= 128;
    }
    return null;
  };
  while (pos < bytes.length) {
    const key = readVarint();
    if (key === null) return null;
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) {
      const value = readVarint();
      if (value === null) return null;
      varints.set(field, value);
    } else if (wire === 2) {
      const length = readVarint();
      if (length === null || pos + length > bytes.length) return null;
      strings.set(field, bytes.subarray(pos, pos + length));
      pos += length;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else return null;
  }
  if (pos > bytes.length) return null;
  const decoder = new TextDecoder();
  return {
    varint: (field) => varints.get(field),
    string: (field) => {
      const value = strings.get(field);
      return value === undefined ? undefined : decoder.decode(value);
    },
    bytes: (field) => strings.get(field),
  };
}

/**
 * Every length-delimited field with this number, in order (a `repeated` message field such as
 * MediaEntries.entries), or null when the bytes are not a well-formed message.
 */
export function readRepeated(bytes: Uint8Array, field: number): Uint8Array[] | null {
  const found: Uint8Array[] = [];
  let pos = 0;
  const readVarint = (): number | null => {
    let result = 0;
    let factor = 1;
    for (let i = 0; i < 10; i++) {
      if (pos >= bytes.length) return null;
      const byte = bytes[pos++]!;
      result += (byte & 0x7f) * factor;
      if ((byte & 0x80) === 0) return result;
      factor *= 128;
    }
    return null;
  };
  while (pos < bytes.length) {
    const key = readVarint();
    if (key === null) return null;
    const wire = key % 8;
    if (wire === 0) {
      if (readVarint() === null) return null;
    } else if (wire === 2) {
      const length = readVarint();
      if (length === null || pos + length > bytes.length) return null;
      if (Math.floor(key / 8) === field) found.push(bytes.subarray(pos, pos + length));
      pos += length;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else return null;
  }
  return pos > bytes.length ? null : found;
}
