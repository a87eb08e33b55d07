// features/console's public entry (issue 21 §3 web layers): what the console's lease pages under features/admin use.

export { PostChargeModal } from './charges/post-charge-modal';
export { type ConsoleLease, useConsoleLease, useLeaseProperties, useUpdateLease } from './leases/api/leases';
export { DocumentsPanel } from './leases/documents-panel';
export { EndLeaseDialog } from './leases/end-lease-dialog';
export { InvitationPanel } from './leases/invitation-panel';
export { LeaseForm } from './leases/lease-form';
export { NotesPanel } from './leases/notes-panel';
