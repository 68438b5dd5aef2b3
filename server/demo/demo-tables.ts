import type { Sql } from '../db/database.ts';

/**
 * The rows of one batch, column by column, for `INSERT … SELECT * FROM unnest($1::type[], …)`: one statement a table
 * and batch, whatever its number of rows, on PGlite as on PostgreSQL (a multi-row VALUES would need a parameter a
 * cell, and both limit those to 65 535).
 */
export class DemoTable {
  readonly name: string;
  readonly #columns: readonly (readonly [name: string, type: string])[];
  /** what follows the statement: ON CONFLICT DO NOTHING for rows a batch may repeat */
  readonly #suffix: string;
  #values: unknown[][];

  constructor(name: string, columns: readonly (readonly [name: string, type: string])[], suffix = '') {
    this.name = name;
    this.#suffix = suffix;
    this.#columns = columns;
    this.#values = columns.map(() => []);
  }

  get size(): number {
    return this.#values[0]?.length ?? 0;
  }

  /** One row, its values in the order of the columns. */
  add(...row: readonly unknown[]): void {
    if (row.length !== this.#columns.length)
      throw new Error(`${this.name}: ${row.length} values for ${this.#columns.length} columns`);
    row.forEach((value, index) => this.#values[index]?.push(value));
  }

  /** Writes the rows gathered and starts over. */
  async flush(sql: Sql): Promise<number> {
    const count = this.size;
    if (count === 0) return 0;
    const names = this.#columns.map(([name]) => name).join(', ');
    // jsonb travels as text, unnested, then cast: the driver sends a JS array of objects as no jsonb[]
    const arrays = this.#columns
      .map(([, type], index) => `$${index + 1}::${type === 'jsonb' ? 'text' : type}[]`)
      .join(', ');
    const select = this.#columns.map(([name, type]) => (type === 'jsonb' ? `${name}::jsonb` : name)).join(', ');
    const text = `INSERT INTO ${this.name} (${names}) SELECT ${select} FROM unnest(${arrays}) AS r(${names}) ${this.#suffix}`;
    await sql.query(text, this.#values);
    this.#values = this.#columns.map(() => []);
    return count;
  }
}
