import { describe, expect, it } from 'vitest';
import { documentRequestFragment, documentRequestOfFragment } from './wizard-paths.ts';

const ID = '3f2b8c1e-5a4d-4e6f-9b0a-1c2d3e4f5a6b';

describe("the fragment that opens a lender's documents request", () => {
  it('names the request in each language’s word, and reads back the request from either', () => {
    expect(documentRequestFragment('lv', ID)).toBe(`dokumenti-${ID}`);
    expect(documentRequestFragment('ru', ID)).toBe(`dokumenty-${ID}`);
    for (const lang of ['lv', 'ru'] as const) {
      expect(documentRequestOfFragment(`#${documentRequestFragment(lang, ID)}`)).toBe(ID);
      expect(documentRequestOfFragment(documentRequestFragment(lang, ID))).toBe(ID);
    }
  });

  it('reads nothing but a request id from a fragment', () => {
    for (const hash of ['', '#', '#dokumenti', `#dokumenti-${ID}x`, `#other-${ID}`, '#dokumenti-<script>']) {
      expect(documentRequestOfFragment(hash), hash).toBeNull();
    }
  });
});
