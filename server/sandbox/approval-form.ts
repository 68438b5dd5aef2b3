import { html, type SafeHtml } from './page.ts';

/**
 * The form with which a tester approves or refuses an identification, as the sandbox banks and eParaksts show it:
 * one markup, so both keep the same labels, hints, error wiring and buttons (and the tests and the broker's
 * flows find the same fields on either).
 */

/** longest first or last name the form takes */
export const MAX_NAME = 100;

export interface ApprovalFormText {
  readonly personalCode: string;
  readonly personalCodeHint: string;
  readonly approve: string;
  readonly refuse: string;
}

export interface NameInput {
  /** the posted field's name, also the input's id */
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly autocomplete: 'given-name' | 'family-name';
}

export interface ApprovalForm {
  readonly action: string;
  /** the request's own fields, posted back unchanged, in this order */
  readonly hidden: readonly (readonly [name: string, value: string])[];
  readonly personalCode: string;
  readonly codeError?: string | undefined;
  /** first name, then last name */
  readonly names: readonly [NameInput, NameInput];
  readonly nameError?: string | undefined;
  readonly text: ApprovalFormText;
}

/** The form; posts `decision` = 'approve' | 'refuse', `personal_code` and the two names. */
export function approvalForm({
  action,
  hidden,
  personalCode,
  codeError,
  names,
  nameError,
  text,
}: ApprovalForm): SafeHtml {
  const nameInvalid = nameError ? html` aria-invalid="true" aria-describedby="name_error"` : '';
  return html`<form method="post" action="${action}" novalidate>
    ${hidden.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
    <label for="personal_code">${text.personalCode}</label>
    <input
      id="personal_code"
      name="personal_code"
      value="${personalCode}"
      inputmode="numeric"
      autocomplete="off"
      required
      maxlength="13"
      aria-describedby="personal_code_hint${codeError ? ' personal_code_error' : ''}"
      ${codeError ? html` aria-invalid="true"` : ''}
    />
    <span class="hint" id="personal_code_hint">${text.personalCodeHint}</span>
    ${codeError ? html`<p class="error" id="personal_code_error">${codeError}</p>` : ''}
    ${names.map(
      (input) =>
        html`<label for="${input.name}">${input.label}</label>
          <input
            id="${input.name}"
            name="${input.name}"
            value="${input.value}"
            autocomplete="${input.autocomplete}"
            required
            maxlength="${MAX_NAME}"
            ${nameInvalid}
          />`,
    )}
    ${nameError ? html`<p class="error" id="name_error">${nameError}</p>` : ''}
    <div class="actions">
      <button type="submit" name="decision" value="approve">${text.approve}</button>
      <button type="submit" name="decision" value="refuse" class="secondary">${text.refuse}</button>
    </div>
  </form>`;
}
