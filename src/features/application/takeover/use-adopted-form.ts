import { useLayoutEffect, type RefObject } from 'react';
import { replayTypedInput } from './replay-typed-input.ts';
import { useTakeover } from './takeover-context.tsx';

/**
 * On the render that adopts the prerendered form: what the person did in it before the script came becomes the
 * form's state before anything else renders (a render first would put the sent values back in the fields), and a
 * submission the page held back is made, once that state is the form's.
 */
export function useAdoptedForm(formRef: RefObject<HTMLFormElement | null>): void {
  const takeover = useTakeover();
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!takeover || !form) return;
    takeover.release();
    replayTypedInput(form);
    if (takeover.submitAsked()) window.setTimeout(() => formRef.current?.requestSubmit(), 0);
    // on adoption only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
