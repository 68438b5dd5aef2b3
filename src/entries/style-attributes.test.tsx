import { renderToString } from 'react-dom/server';
import { CheckboxButton, CheckboxField } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { withoutStyleAttributes } from './style-attributes.ts';

describe('withoutStyleAttributes', () => {
  it("writes react-aria's hidden input wrapper as the site's visually-hidden class", () => {
    const markup = renderToString(
      <CheckboxField>
        <CheckboxButton>Piekrītu</CheckboxButton>
      </CheckboxField>,
    );
    expect(markup).toContain('style="');
    const page = withoutStyleAttributes(markup);
    expect(page).not.toContain('style=');
    expect(page).toMatch(/<span class="visually-hidden"><input/);
  });

  it('refuses any other style attribute, which the policy would block on every visit', () => {
    expect(() => withoutStyleAttributes('<div style="--fill:30%"></div>')).toThrow(/style attribute/);
  });

  it('leaves the word in text and attribute values alone', () => {
    const markup = '<p title="lifestyle">style="x" is how markup sets it</p>';
    expect(withoutStyleAttributes(markup)).toBe(markup);
  });
});
