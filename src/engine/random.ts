/**
 * Seeded random numbers for Monte Carlo (docs/projection-rules.md#monte-carlo: the same inputs and
 * seed give the same result, on the server, in Node and in every browser). Only integer arithmetic
 * on 32-bit words and Math.log / Math.sqrt / Math.cos, so a run reproduces bit for bit wherever the
 * engine runs on the same JavaScript engine family.
 */

/**
 * A 32-bit seed mixer (splitmix32's finaliser): spreads (seed, stream) so neighbouring paths
 * start far apart. Example: mix32(0) → 0, mix32(1) → 1 364 076 727.
 */
export function mix32(value: number): number {
  let z = value >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A uniform generator on [0, 1) for one stream of a seed: sfc32 (Chris Doty-Humphrey's small fast
 * counting generator, as in PractRand), its 128-bit state filled from mix32 of the seed and the
 * stream number and warmed up 12 rounds. Path p of a Monte Carlo run with seed s is stream p, so
 * a path's numbers never depend on how the run was cut into chunks.
 * Example: uniforms(42, 0)() is the same number in every run.
 */
export function uniforms(seed: number, stream: number): () => number {
  let a = mix32(seed ^ 0x9e3779b9);
  let b = mix32((stream + 0x7f4a7c15) >>> 0);
  let c = mix32((seed + Math.imul(stream, 0x632be5ab)) >>> 0);
  let d = 1;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  return next;
}

/**
 * Standard normal draws (mean 0, variance 1) by the Box–Muller transform:
 *   z = √(−2 ln u₁) × cos(2π u₂),  u₁ ∈ (0, 1], u₂ ∈ [0, 1)
 * one draw per pair of uniforms (the sine half is dropped so a draw's position in the stream is
 * fixed: draw k always uses uniforms 2k and 2k + 1).
 */
export function normals(seed: number, stream: number): () => number {
  const uniform = uniforms(seed, stream);
  return () => {
    const u1 = 1 - uniform();
    const u2 = uniform();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  };
}
