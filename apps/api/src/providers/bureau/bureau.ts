// The credit bureau that receives the monthly Metro 2® furnisher file (issue 22 "Reporting, as the industry does it")
// and answers per record, accepted or rejected with a code and a message. Sandbox by default (sandbox-bureau.ts).

export type BureauRecordStatus = 'ACCEPTED' | 'REJECTED';

export interface BureauRecordResult {
  /** 1-based position of the Base Segment in the file (the header not counted). */
  sequence: number;
  /** Consumer Account Number of the record (positions 43–72, blanks trimmed). */
  accountNumber: string;
  status: BureauRecordStatus;
  code: string | null;
  message: string | null;
}

export interface BureauAnswer {
  /** The bureau's id of the submission: one file always gets the same id (a resubmission is recognised). */
  submissionId: string;
  /** ACCEPTED (every record), PARTIAL (some rejected), REJECTED (the file itself, or every record). */
  fileStatus: 'ACCEPTED' | 'PARTIAL' | 'REJECTED';
  /** What is wrong with the file as a whole (header, trailer, counts); every record is then rejected. */
  fileErrors: { code: string; message: string }[];
  acceptedCount: number;
  rejectedCount: number;
  records: BureauRecordResult[];
}

export interface CreditBureau {
  /** Delivers one file and returns the bureau's answer; throws BureauUnavailableError when it cannot be reached. */
  submitFile(input: { fileName: string; content: string }): Promise<BureauAnswer>;
}

/** The bureau could not be reached or did not answer: the file stays built and the next run delivers it again. */
export class BureauUnavailableError extends Error {
  constructor(message = 'Credit bureau unavailable') {
    super(message);
    this.name = 'BureauUnavailableError';
  }
}
