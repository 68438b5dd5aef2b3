import * as z from 'zod/mini';

const REACT_ARIA_PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/**
 * The pages' Content Security Policy allows no inline <style> and no eval. react-aria writes its
 * pressable rule into an inline <style> unless an element with its id is there: the rule comes from
 * src/ui/pressable.css, and this marks it present. zod compiles object parsers with `new Function`
 * unless told not to.
 */
export function keepWithinContentSecurityPolicy(): void {
  if (!document.getElementById(REACT_ARIA_PRESSABLE_STYLE_ID)) {
    const marker = document.createElement('meta');
    marker.id = REACT_ARIA_PRESSABLE_STYLE_ID;
    document.head.append(marker);
  }
  z.config({ jitless: true });
}
