/**
 * A valid Latvian personal code born on `birth` (DDMMYY, 1900s), the first from serial `seed` on: a spec gives each
 * test a seed and a birth date of its own, so the tests' accounts and consents never meet.
 */
export function personalCode(seed: number, birth: string): string {
  const weights = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  for (let serial = seed; ; serial += 1) {
    const digits = `${birth}${String(serial).padStart(4, '0')}`.split('').map(Number);
    const sum = digits.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
    const check = (1101 - sum) % 11;
    if (check < 10) return `${birth}-${String(serial).padStart(4, '0')}${check}`;
  }
}
