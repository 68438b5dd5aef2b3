/**
 * react-aria's VisuallyHidden (the hidden input of a checkbox, a radio, a switch) as React writes
 * it into server-rendered markup. The site's Content Security Policy refuses style attributes in
 * markup, so the browser would leave that input visible until nothing fixes it: hydration keeps the
 * element as the server sent it.
 */
const VISUALLY_HIDDEN_STYLE =
  'border:0;clip:rect(0 0 0 0);clip-path:inset(50%);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;width:1px;white-space:nowrap';

/**
 * A page's markup with react-aria's visually-hidden style attribute written as the site's own
 * `.visually-hidden` class (the same declarations, from the stylesheet). Any other style attribute
 * fails the build: the policy would refuse it on every visit.
 */
export function withoutStyleAttributes(markup: string): string {
  const rewritten = markup.replaceAll(`style="${VISUALLY_HIDDEN_STYLE}"`, 'class="visually-hidden"');
  const left = /<[^>]*\sstyle="[^"]*"/.exec(rewritten);
  if (left) throw new Error(`a page would carry a style attribute, which its policy refuses: ${left[0].slice(0, 200)}`);
  return rewritten;
}
