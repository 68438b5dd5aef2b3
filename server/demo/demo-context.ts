import type { BrokerConfig } from '../config/config.ts';
import type { FieldCipher } from '../security/field-cipher.ts';
import type { DemoContext } from './demo-journey.ts';

/** Publishers a demo names besides the configured ones (PUBLISHER_KEYS): invented sites of the market's kinds. */
export const DEMO_PUBLISHERS = [
  'autoportals.lv',
  'finansu-gids.lv',
  'naudas-padomi.lv',
  'majas-remonts.lv',
  'kreditu-salidzinajums.lv',
];

/**
 * What the seed takes from the server's configuration: its lenders, publishers, keys and times. `answerSeconds`
 * knows a lender's usual answer time where the caller does (the sandbox's lenders state theirs).
 */
export function demoContextOf(
  config: BrokerConfig,
  cipher: FieldCipher,
  seed: string,
  now: Date,
  answerSeconds: (lenderId: string) => number | undefined = () => undefined,
): DemoContext {
  return {
    seed,
    now,
    lenders: config.lenders.map((lender) => ({ ...lender, medianAnswerSeconds: answerSeconds(lender.id) })),
    publishers: [...new Set([...config.publisherKeys.map((key) => key.publisherId), ...DEMO_PUBLISHERS])],
    cipher,
    lookupKey: config.lookupKey,
    tokenTtlDays: config.tokenTtlDays,
    lenderTimeoutSeconds: config.lenderAnswerTimeoutSeconds,
  };
}
