// Signatures are stored as BLOBs: 4 bytes per slot, little-endian, no header.

export function encodeSignature(sig: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(sig.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < sig.length; i++) view.setUint32(i * 4, sig[i], true);
  return bytes;
}

export function decodeSignature(bytes: Uint8Array): Uint32Array {
  if (bytes.length % 4 !== 0) throw new RangeError(`a signature blob must be a multiple of 4 bytes, got ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sig = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < sig.length; i++) sig[i] = view.getUint32(i * 4, true);
  return sig;
}
