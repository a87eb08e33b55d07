// What the account page's forms need only once the user acts on them: the domain's zod schemas and libphonenumber-js
// rules (validation), and the mapping of a save's or a password change's answer. A chunk of its own, loaded by
// load-account-rules.ts on the first interaction, so the page's first view on a phone carries none of it (issue 9).
export { mapPasswordChangeAnswer, mapProfileSaveError, PASSWORD_STATUS_MESSAGE_MS } from '@portal/domain/errors';
export { passwordChangeErrors, validateProfile } from '@portal/domain/profile';
