import { chooseBanding, type Banding } from './banding.ts';
import { fmix32 } from './hash32.ts';

/** In-memory LSH index of MinHash signatures: one hash table per band. */
export class LshIndex {
  readonly numHashes: number;
  readonly threshold: number;
  readonly bands: number;
  readonly rows: number;
  /** Band key → one id, or several ids in insertion order (a plain number saves memory for the usual single occupant). */
  private readonly tables: Array<Map<number, number | number[]>>;
  private count = 0;

  constructor(options: { numHashes: number; threshold: number }) {
    this.numHashes = options.numHashes;
    this.threshold = options.threshold;
    const banding: Banding = chooseBanding(options.numHashes, options.threshold);
    this.bands = banding.bands;
    this.rows = banding.rows;
    this.tables = Array.from({ length: this.bands }, () => new Map());
  }

  get size(): number {
    return this.count;
  }

  add(id: number, sig: Uint32Array): void {
    this.checkLength(sig);
    for (let band = 0; band < this.bands; band++) {
      const key = this.bandKey(sig, band);
      const table = this.tables[band];
      const existing = table.get(key);
      if (existing === undefined) table.set(key, id);
      else if (typeof existing === 'number') table.set(key, [existing, id]);
      else existing.push(id);
    }
    this.count++;
  }

  /** Ids sharing at least one band with `sig`, ascending. */
  candidates(sig: Uint32Array): number[] {
    this.checkLength(sig);
    const found = new Set<number>();
    for (let band = 0; band < this.bands; band++) {
      const hit = this.tables[band].get(this.bandKey(sig, band));
      if (hit === undefined) continue;
      if (typeof hit === 'number') found.add(hit);
      else for (const id of hit) found.add(id);
    }
    return [...found].sort((x, y) => x - y);
  }

  private bandKey(sig: Uint32Array, band: number): number {
    return bandKey(sig, band, this.rows);
  }

  private checkLength(sig: Uint32Array): void {
    if (sig.length !== this.numHashes) throw new RangeError(`signature has ${sig.length} slots, the index expects ${this.numHashes}`);
  }
}

/** The 32-bit key of one band (`rows` slots starting at band × rows) of a signature. */
export function bandKey(sig: Uint32Array, band: number, rows: number): number {
  let h = Math.imul(band + 1, 0x9e3779b1);
  const start = band * rows;
  for (let i = start; i < start + rows; i++) h = Math.imul(h ^ sig[i], 0x01000193) + 0x7f4a7c15;
  return fmix32(h);
}

/** Every band's key, made unique across bands (band × 2³² + key), for an index kept in a database table. */
export function bandKeys(sig: Uint32Array, banding: Banding): number[] {
  return Array.from({ length: banding.bands }, (_, band) => band * 0x1_0000_0000 + bandKey(sig, band, banding.rows));
}
