// The e-mail shape on its own (no zod, no other module), so the sign-in route can check it without
// loading the form libraries: input-fields.ts builds the full email rule (blocklist, messages) on it.

// spec 2 §9: email at most 255 characters
export const EMAIL_MAX_LENGTH = 255;

// spec 2 §5: "a standard e-mail pattern" (the pattern zod 4 uses for z.email(): no leading, trailing or double dot)
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** spec 2 §5: at most 255 characters and the standard pattern (the sign-in form's whole email check). */
export function hasEmailShape(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
