// spec 001 §2 "Terms of use", §5 "Terms eligibility", §9 "Terms of use": the terms shown in a modal until accepted,
// in English and French, with 18 numbered sections. Types only; the texts live in terms-en.ts and terms-fr.ts.

/** One numbered section of the terms. Bullets, when present, are rendered after the paragraphs. */
export interface TermsSection {
  number: number;
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

/** A complete terms-of-use document in one language. */
export interface TermsDocument {
  title: string;
  effectiveDate: string;
  intro: string;
  sections: TermsSection[];
}
