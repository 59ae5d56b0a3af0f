import { describe, expect, it } from 'vitest';
import { readMessage } from '../import/anki/protobuf';
import { proto } from './protobuf-writer';

/** The writer against the importer's reader (and against protobuf's documented encodings). */
describe('protobuf writer', () => {
  it("encodes protobuf's documented examples", () => {
    // https://protobuf.dev/programming-guides/encoding/: field 1 = 150, field 2 = "testing".
    expect([...proto().varint(1, 150).finish()]).toEqual([0x08, 0x96, 0x01]);
    expect(Buffer.from(proto().string(2, 'testing').finish()).toString('hex')).toBe(
      '120774657374696e67',
    );
    expect([...proto().varint(1, 3).finish()]).toEqual([0x08, 0x03]); // PackageMetadata{3}
  });

  it('round-trips varints (up to millisecond ids), strings and nested messages', () => {
    const id = 1_732_000_000_001;
    const inner = proto().string(1, 'Café ∑').varint(2, 20);
    const bytes = proto()
      .varint(1, id)
      .varint(4, 2 ** 53 - 1)
      .string(2, 'Basic')
      .message(7, inner)
      .finish();
    const message = readMessage(bytes);
    expect(message?.varint(1)).toBe(id);
    expect(message?.varint(4)).toBe(2 ** 53 - 1);
    expect(message?.string(2)).toBe('Basic');
    const nested = readMessage(message?.bytes(7) ?? new Uint8Array());
    expect(nested?.string(1)).toBe('Café ∑');
    expect(nested?.varint(2)).toBe(20);
  });

  it('leaves out default scalars but keeps empty submessages (a oneof present)', () => {
    expect(proto().varint(1, 0).bool(2, false).string(3, '').float(4, 0).finish()).toHaveLength(0);
    expect([...proto().message(1, proto()).finish()]).toEqual([0x0a, 0x00]);
    expect(readMessage(proto().message(1, proto()).finish())?.bytes(1)).toHaveLength(0);
  });

  it('writes floats and packed repeated fields the reader skips or reads as bytes', () => {
    const bytes = proto()
      .float(11, 2.5)
      .floats(1, [1, 10])
      .varints(3, [0, 300])
      .varint(9, 20)
      .finish();
    const message = readMessage(bytes);
    expect(message?.varint(9)).toBe(20); // the fixed32 field was skipped correctly
    const floats = Buffer.from(message?.bytes(1) ?? []);
    expect([floats.readFloatLE(0), floats.readFloatLE(4)]).toEqual([1, 10]);
    expect([...(message?.bytes(3) ?? [])]).toEqual([0x00, 0xac, 0x02]);
    expect(Buffer.from(bytes.subarray(0, 5)).readFloatLE(1)).toBe(2.5);
  });

  it('refuses what it cannot encode', () => {
    expect(() => proto().varint(1, -1)).toThrow(RangeError);
    expect(() => proto().varint(1, 1.5)).toThrow(RangeError);
  });
});
