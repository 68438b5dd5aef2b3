import { IntermediaryNote } from './IntermediaryNote.tsx';
import { LendersSection } from './LendersSection.tsx';
import type { ApplicationForm } from './use-application-form.ts';

/**
 * Before sending: who we are as an intermediary, and which lenders get the application. Shown from the person's
 * first move; its code and words (the `lenders` namespace) load then, not with the first step.
 */
export default function LenderChoice({ form }: { form: ApplicationForm }) {
  return (
    <>
      <IntermediaryNote form={form} />
      <LendersSection form={form} />
    </>
  );
}
