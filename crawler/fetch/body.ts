import { Readable, Transform, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { GleanerError } from '../errors.ts';

// Reads a response body under two caps, stopping the moment either is passed: bytes on the wire
// (maxBytes) and bytes after content decoding (maxDecodedBytes, against compression bombs).
// Nothing is buffered beyond the cap; the source stream is destroyed, which closes the connection.

function tooLarge(limit: number, decoded: boolean): GleanerError<'E_TOO_LARGE'> {
  return new GleanerError('E_TOO_LARGE', decoded ? `body decodes to more than ${limit} bytes` : `body is larger than ${limit} bytes`);
}

/** zlib reports Z_* codes, brotli ERR__ERROR_* codes; both carry a numeric errno. */
function isDecoderError(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown };
  return typeof e?.code === 'string' && typeof e.errno === 'number' && (e.code.startsWith('Z_') || e.code.startsWith('ERR__ERROR') || e.code.startsWith('ERR_BROTLI'));
}

export interface BodyLimits {
  maxBytes: number;
  maxDecodedBytes: number;
  /** Keep the first maxDecodedBytes and stop, instead of failing (robots.txt). */
  truncate?: boolean;
}

/** Encodings we advertise and can undo. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

type Stage = Duplex | ((source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer>);

// Tolerate a truncated compressed stream, as browsers and curl do, instead of failing the page.
const ZLIB_OPTIONS = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const BROTLI_OPTIONS = { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH };

/** Decoders for a Content-Encoding header, innermost last as sent, so applied in reverse. */
function decodingStages(contentEncoding: string | undefined): Stage[] {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  return codings.reverse().map((coding): Stage => {
    switch (coding) {
      case 'gzip':
      case 'x-gzip':
        return zlib.createGunzip(ZLIB_OPTIONS);
      case 'br':
        return zlib.createBrotliDecompress(BROTLI_OPTIONS);
      case 'deflate':
        return inflateEitherForm;
      default:
        throw new GleanerError('E_DECODE', `unsupported content-encoding "${coding}"`);
    }
  });
}

/** "deflate" should be zlib-wrapped, but some servers send raw deflate; the first two bytes tell. */
async function* inflateEitherForm(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  const wrapped = head.length >= 2 && (head[0] & 0x0f) === 8 && ((head[0] << 8) | head[1]) % 31 === 0;
  const inflater = wrapped ? zlib.createInflate(ZLIB_OPTIONS) : zlib.createInflateRaw(ZLIB_OPTIONS);
  const input = Readable.from(
    (async function* () {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  input.on('error', (error) => inflater.destroy(error));
  input.pipe(inflater);
  try {
    for await (const chunk of inflater) yield chunk as Buffer;
  } finally {
    input.destroy();
    inflater.destroy();
  }
}

const STOP = Symbol('stop');

/**
 * Reads `source` to the end (or to the cap, when truncating) through the decoders. Throws
 * a GleanerError (E_TOO_LARGE past a cap, E_DECODE for an encoding it cannot undo), or whatever the source throws
 * (timeouts, resets); the source is destroyed in every case.
 */
export async function readBody(source: Readable, contentEncoding: string | undefined, limits: BodyLimits, onRawBytes: (n: number) => void): Promise<Buffer> {
  let stages: Stage[];
  try {
    stages = decodingStages(contentEncoding);
  } catch (error) {
    source.destroy();
    throw error;
  }
  let raw = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      raw += chunk.length;
      onRawBytes(chunk.length);
      if (raw > limits.maxBytes && !limits.truncate) callback(tooLarge(limits.maxBytes, false));
      else callback(null, chunk);
    },
  });
  const chunks: Buffer[] = [];
  let decoded = 0;
  const sink = async (stream: AsyncIterable<Buffer>) => {
    for await (const chunk of stream) {
      if (decoded + chunk.length > limits.maxDecodedBytes) {
        if (!limits.truncate) throw tooLarge(limits.maxDecodedBytes, stages.length > 0);
        chunks.push(chunk.subarray(0, limits.maxDecodedBytes - decoded));
        throw STOP;
      }
      decoded += chunk.length;
      chunks.push(chunk);
      // Truncating mode still stops reading the wire at maxBytes.
      if (limits.truncate && raw > limits.maxBytes) throw STOP;
    }
  };
  try {
    // The typings cannot express a variable-length list mixing streams and generator stages.
    await (pipeline as unknown as (...stages: unknown[]) => Promise<void>)(source, counter, ...stages, sink);
  } catch (error) {
    if (error !== STOP) throw isDecoderError(error) ? new GleanerError('E_DECODE', `cannot decode the body: ${(error as Error).message}`, { cause: error }) : error;
  }
  return Buffer.concat(chunks);
}
