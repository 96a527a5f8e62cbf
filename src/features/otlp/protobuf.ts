// A minimal protobuf wire-format reader: what decoding an OTLP trace export needs (varints,
// fixed64/fixed32, length-delimited fields), no schema compiler. Pure, no dependencies; a
// malformed buffer throws ProtobufError rather than reading past its end.

export class ProtobufError extends Error {}

export type Field = { number: number; wire: 0 | 1 | 2 | 5; value: bigint | Uint8Array };

export class Reader {
  private pos = 0;
  constructor(private readonly buf: Uint8Array) {}

  get done() {
    return this.pos >= this.buf.length;
  }

  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.buf.length) throw new ProtobufError("truncated varint");
      const byte = this.buf[this.pos++];
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
    throw new ProtobufError("varint longer than 10 bytes");
  }

  private take(n: number): Uint8Array {
    if (n < 0 || this.pos + n > this.buf.length) throw new ProtobufError("field runs past the end of the message");
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  fixed(bytes: 4 | 8): bigint {
    const b = this.take(bytes);
    let v = 0n;
    for (let i = bytes - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]);
    return v;
  }

  field(): Field {
    const key = this.varint();
    const number = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (number === 0) throw new ProtobufError("field number 0");
    switch (wire) {
      case 0:
        return { number, wire, value: this.varint() };
      case 1:
        return { number, wire, value: this.fixed(8) };
      case 2:
        return { number, wire, value: this.take(Number(this.varint())) };
      case 5:
        return { number, wire, value: this.fixed(4) };
      default:
        throw new ProtobufError(`unsupported wire type ${wire}`);
    }
  }
}

/** Every field of a message, in order. */
export function fieldsOf(buf: Uint8Array): Field[] {
  const reader = new Reader(buf);
  const out: Field[] = [];
  while (!reader.done) out.push(reader.field());
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

export function asString(f: Field): string {
  if (f.wire !== 2) throw new ProtobufError(`field ${f.number}: expected a string`);
  try {
    return utf8.decode(f.value as Uint8Array);
  } catch {
    throw new ProtobufError(`field ${f.number}: not UTF-8`);
  }
}

export function asBytes(f: Field): Uint8Array {
  if (f.wire !== 2) throw new ProtobufError(`field ${f.number}: expected bytes`);
  return f.value as Uint8Array;
}

export function asBigInt(f: Field): bigint {
  if (f.wire === 2) throw new ProtobufError(`field ${f.number}: expected a number`);
  return f.value as bigint;
}

/** An int64 varint as a signed number (two's complement). */
export function asInt64(f: Field): bigint {
  return BigInt.asIntN(64, asBigInt(f));
}

export function asDouble(f: Field): number {
  if (f.wire !== 1) throw new ProtobufError(`field ${f.number}: expected a double`);
  const b = new ArrayBuffer(8);
  new DataView(b).setBigUint64(0, f.value as bigint, true);
  return new DataView(b).getFloat64(0, true);
}
