// The insurance policy form's checks (spec 2 §5 "Insurance" and "Date picker"): the same domain rules the server applies.
import { isValidIsoDate } from '@portal/domain/dates';
import { documentFileProblem } from '@portal/domain/document-upload';
import { validateInsuranceDates } from '@portal/domain/insurance';
import { type MessageKey, MSG } from '@portal/domain/message-keys';

export interface PolicyFormValues {
  leaseId: string;
  carrierName: string;
  policyIdentifier: string;
  firstName: string;
  lastName: string;
  startDate: string;
  endDate: string;
  effectiveDate: string;
  file: File | null;
}

export type PolicyFormErrors = Partial<Record<keyof PolicyFormValues, MessageKey>>;

/** The file's bytes through FileReader (every browser, and the test DOM). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** spec 2 §5 / §9: name under 50 characters, under 10 MB, CSV, PNG or JPEG (judged by content too). */
export async function checkProofFile(file: File): Promise<MessageKey | null> {
  const early = documentFileProblem({ name: file.name, size: file.size });
  if (early) return early;
  try {
    return documentFileProblem({ name: file.name, size: file.size, bytes: await readBytes(file) });
  } catch {
    return MSG.uploadSelectValidFile;
  }
}

/**
 * A new policy needs its lease ("select a lease"), every field but the effective date, dates in order and a proof
 * document (spec 2 §5: "Save needs a valid form and a document"); an edit may keep the document it has.
 */
export async function checkPolicyForm(v: PolicyFormValues, needsDocument: boolean): Promise<PolicyFormErrors> {
  const errors: PolicyFormErrors = {};
  if (!v.leaseId) errors.leaseId = MSG.uploadSelectLease;
  for (const field of ['carrierName', 'policyIdentifier', 'firstName', 'lastName'] as const) {
    if (!v[field].trim()) errors[field] = MSG.requiredField;
  }
  for (const field of ['startDate', 'endDate', 'effectiveDate'] as const) {
    if (!v[field]) {
      if (field !== 'effectiveDate') errors[field] = MSG.requiredField;
    } else if (!isValidIsoDate(v[field])) errors[field] = MSG.dateInvalid;
  }
  if (!errors.startDate) {
    // spec 2 §5 Date picker: the end and effective dates cannot precede the start date
    if (!errors.endDate && !validateInsuranceDates({ startDate: v.startDate, endDate: v.endDate }).ok)
      errors.endDate = MSG.insuranceDateOrder;
    if (
      v.effectiveDate &&
      !errors.effectiveDate &&
      !validateInsuranceDates({ startDate: v.startDate, effectiveDate: v.effectiveDate }).ok
    )
      errors.effectiveDate = MSG.insuranceDateOrder;
  }
  if (v.file) {
    const problem = await checkProofFile(v.file);
    if (problem) errors.file = problem;
  } else if (needsDocument) errors.file = MSG.insuranceDocumentRequired;
  return errors;
}
