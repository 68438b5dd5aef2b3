/**
 * The demo data's dice: a small seeded generator (sfc32, 128 bits of state), one stream an application, so an
 * application's rows depend on the seed and its number only, never on the batch it was made in or on the order of
 * the others. 32 bits of state would not do: a UUID made from them is one of 2^32, and two million of those collide.
 */
export interface Dice {
  /** uniform in [0, 1) */
  next(): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** by weight: `[item, weight]` pairs, weights of any positive scale */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** log-normal around `median` with the spread `sigma` of its logarithm */
  logNormal(median: number, sigma: number): number;
  /** a version 4 UUID, from the stream */
  uuid(): string;
  hex(length: number): string;
}

/** FNV-1a of a text: a seed string becomes the generator's 32-bit state. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The stream named by `name`: its four words of state are four hashes of the name. */
export function createDice(name: string): Dice {
  let [a, b, c, d] = [1, 2, 3, 4].map((salt) => hash32(`${salt}|${name}`)) as [number, number, number, number];
  const next = (): number => {
    // sfc32 (Chris Doty-Humphrey's small fast counting generator)
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // the first outputs still show the seeding: let them go
  for (let warm = 0; warm < 12; warm++) next();
  const hex = (length: number): string => {
    let out = '';
    while (out.length < length)
      out += Math.floor(next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  };
  const dice: Dice = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return (items[items.length - 1] as (typeof items)[number])[0];
    },
    logNormal: (median, sigma) => {
      // Box–Muller: a standard normal from two uniforms (1 - u keeps the logarithm finite)
      const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      return median * Math.exp(sigma * normal);
    },
    uuid: () => {
      const digits = hex(32);
      const variant = ((parseInt(digits[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${digits.slice(0, 8)}-${digits.slice(8, 12)}-4${digits.slice(13, 16)}-${variant}${digits.slice(17, 20)}-${digits.slice(20, 32)}`;
    },
    hex,
  };
  return dice;
}

/** The stream of one application of a seed. */
export const diceFor = (seed: string, index: number): Dice => createDice(`${seed}:${index}`);
