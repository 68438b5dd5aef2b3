import { describe, expect, it } from 'vitest';
import { publishersFromEnv, publishersOf } from './publisher-config.ts';

describe("the publishers' configuration", () => {
  it('reads each publisher with its share of the commission from PUBLISHERS_CONFIG', () => {
    const config = [{ id: 'acme.lv', name: 'Acme', commissionSharePercent: 40 }];
    expect(publishersFromEnv({ PUBLISHERS_CONFIG: JSON.stringify(config) })).toEqual(config);
    expect(publishersFromEnv({})).toEqual([]);
  });

  it.each([
    ['a share over 100 %', [{ id: 'acme.lv', name: 'Acme', commissionSharePercent: 120 }], 'commissionSharePercent'],
    ['an id a widget could not name', [{ id: 'acme lv', name: 'Acme', commissionSharePercent: 10 }], 'id'],
    [
      'a publisher named twice',
      [
        { id: 'acme.lv', name: 'Acme', commissionSharePercent: 10 },
        { id: 'acme.lv', name: 'Acme 2', commissionSharePercent: 20 },
      ],
      'publisher ids repeat',
    ],
  ])('refuses %s, naming it', (_label, config, message) => {
    expect(() => publishersOf(config)).toThrow(message);
  });

  it('says which setting is not JSON', () => {
    expect(() => publishersFromEnv({ PUBLISHERS_CONFIG: '{' })).toThrow('PUBLISHERS_CONFIG: not JSON');
  });
});
