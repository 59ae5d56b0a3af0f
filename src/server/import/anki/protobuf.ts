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
  /** The last 32-bit float (fixed32) with this field number. */
  float(field: number): number | undefined;
}

/**
 * Walks the fields of a message in order: `visit` gets each varint as a number and each
 * length-delimited field as bytes; fixed 32/64-bit fields are skipped. False when the bytes are
 * not a well-formed message.
 */
function scanFields(
  bytes: Uint8Array,
  visit: (field: number, value: number | Uint8Array) => void,
  visitFloat: (field: number, value: number) => void = () => {},
): boolean {
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
    if (key === null) return false;
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) {
      const value = readVarint();
      if (value === null) return false;
      visit(field, value);
    } else if (wire === 2) {
      const length = readVarint();
      if (length === null || pos + length > bytes.length) return false;
      visit(field, bytes.subarray(pos, pos + length));
      pos += length;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) {
      if (pos + 4 > bytes.length) return false;
      visitFloat(field, new DataView(bytes.buffer, bytes.byteOffset + pos, 4).getFloat32(0, true));
      pos += 4;
    } else return false;
  }
  return pos <= bytes.length;
}

export function readMessage(bytes: Uint8Array): Message | null {
  const varints = new Map<number, number>();
  const strings = new Map<number, Uint8Array>();
  const floats = new Map<number, number>();
  const ok = scanFields(
    bytes,
    (field, value) => {
      if (typeof value === 'number') varints.set(field, value);
      else strings.set(field, value);
    },
    (field, value) => floats.set(field, value),
  );
  if (!ok) return null;
  const decoder = new TextDecoder();
  return {
    varint: (field) => varints.get(field),
    string: (field) => {
      const value = strings.get(field);
      return value === undefined ? undefined : decoder.decode(value);
    },
    bytes: (field) => strings.get(field),
    float: (field) => floats.get(field),
  };
}

/**
 * Every length-delimited field with this number, in order (a `repeated` message field such as
 * MediaEntries.entries), or null when the bytes are not a well-formed message.
 */
export function readRepeated(bytes: Uint8Array, field: number): Uint8Array[] | null {
  const found: Uint8Array[] = [];
  const ok = scanFields(bytes, (number, value) => {
    if (number === field && typeof value !== 'number') found.push(value);
  });
  return ok ? found : null;
}
