/**
 * Just enough protobuf (proto3) to write Anki's blobs and package files by hand: the package's
 * PackageMetadata and MediaEntries, and schema 18's note type, field, template, deck and deck
 * option configs. The counterpart of `../import/anki/protobuf.ts`, which reads.
 *
 * Scalars equal to their default (0, false, '') are left out, as proto3 encoders do; a
 * submessage is always written (its presence can matter: a oneof, `Deck.KindContainer.normal`).
 */
export class ProtoWriter {
  private readonly bytes: number[] = [];

  private key(field: number, wire: 0 | 2 | 5): void {
    this.raw(field * 8 + wire);
  }

  /** A non-negative integer as a varint (up to 2^53, enough for Anki's millisecond ids). */
  private raw(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`protobuf varint out of range: ${value}`);
    }
    let rest = value;
    while (rest >= 0x80) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
  }

  /** uint32, int64 (non-negative), an enum. */
  varint(field: number, value: number): this {
    if (value !== 0) {
      this.key(field, 0);
      this.raw(value);
    }
    return this;
  }

  bool(field: number, value: boolean): this {
    return this.varint(field, value ? 1 : 0);
  }

  string(field: number, value: string): this {
    if (value !== '') this.bytesField(field, new TextEncoder().encode(value));
    return this;
  }

  /** A `bytes` field (written even when empty: callers decide). */
  bytesField(field: number, value: Uint8Array): this {
    this.key(field, 2);
    this.raw(value.length);
    for (const byte of value) this.bytes.push(byte);
    return this;
  }

  /** An embedded message, always present. */
  message(field: number, message: ProtoWriter): this {
    return this.bytesField(field, message.finish());
  }

  /** A `float` (32 bits, little-endian). */
  float(field: number, value: number): this {
    if (value !== 0) {
      this.key(field, 5);
      this.pushFloat(value);
    }
    return this;
  }

  /** A `repeated float`, packed as proto3 does. */
  floats(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    this.key(field, 2);
    this.raw(values.length * 4);
    for (const value of values) this.pushFloat(value);
    return this;
  }

  /** A `repeated uint32`, packed. */
  varints(field: number, values: readonly number[]): this {
    if (values.length === 0) return this;
    const inner = new ProtoWriter();
    for (const value of values) inner.raw(value);
    return this.bytesField(field, inner.finish());
  }

  private pushFloat(value: number): void {
    const buffer = new DataView(new ArrayBuffer(4));
    buffer.setFloat32(0, value, true);
    for (let i = 0; i < 4; i++) this.bytes.push(buffer.getUint8(i));
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export const proto = () => new ProtoWriter();
