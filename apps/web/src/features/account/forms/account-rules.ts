// What the account page's forms need only once the user acts on them: the domain's zod schemas and libphonenumber-js
// rules (validation), and the mapping of a save's or a password change's answer. A chunk of its own, loaded by
// load-account-rules.ts on the first interaction, so the page's first view on a phone carries none of it (issue 9).
import { type PasswordChangeInput, passwordChangeSchema } from '@portal/domain/profile';

export { mapPasswordChangeAnswer, mapProfileSaveError, PASSWORD_STATUS_MESSAGE_MS } from '@portal/domain/errors';
export { validateProfile } from '@portal/domain/profile';

/** The first refusal of each field of a password change (the domain's schema), as message keys. */
export function passwordChangeErrors(values: PasswordChangeInput): Partial<Record<keyof PasswordChangeInput, string>> {
  const result = passwordChangeSchema.safeParse(values);
  const errors: Partial<Record<keyof PasswordChangeInput, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof PasswordChangeInput;
      errors[field] ??= issue.message;
    }
  }
  return errors;
}
