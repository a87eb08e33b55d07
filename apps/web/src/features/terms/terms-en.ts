// spec 001 §9 "Terms of use": English text (the governing version, see section 18).
import type { TermsDocument } from './terms-content';

export const termsEn: TermsDocument = {
  title: 'RentLedger Terms of Use',
  effectiveDate: 'November 28, 2022',
  intro:
    'These Terms of Use (the “Terms”) are a binding agreement between you and RentLedger Payments Inc. for your use of the RentLedger tenant portal. They are effective as of November 28, 2022 and supersede the version dated January 19, 2022. Please read them carefully: among other things, they limit our liability and waive jury trials and class actions.',
  sections: [
    {
      number: 1,
      heading: 'Acceptance and eligibility',
      paragraphs: [
        'By creating an account, selecting “I accept” or otherwise using the Service, you agree to these Terms and to our Privacy Policy. If you do not agree, do not use the Service.',
        'To use the Service, you must be at least 18 years of age and have a mailing address in the United States or Canada. By accepting these Terms, you confirm that you meet these requirements, that you can enter into a binding contract, and that the information you give us is true and complete.',
        'We may update these Terms from time to time. We will notify you of material changes before they take effect; if you keep using the Service after that, you accept the updated Terms.',
      ],
    },
    {
      number: 2,
      heading: 'Definitions',
      paragraphs: [
        'Unless stated otherwise, amounts in these Terms and in the Service are in Canadian dollars if your mailing address is in Canada, and in US dollars if it is in the United States.',
        'In these Terms:',
      ],
      bullets: [
        '“RentLedger”, “we” and “us” mean RentLedger Payments Inc.',
        '“Landlord” means the landlord, property owner or property manager to whom you owe rent or other charges under your lease.',
        '“Service” means the RentLedger portal and its features, including the add-on services described in section 11.',
        '“Payment” means any transfer of funds you make through the Service, whether one-time or recurring.',
        '“Payment Method” means a bank account, debit card, credit card or other method of payment that we accept.',
        '“Business day” means any day other than a Saturday, a Sunday or a bank or statutory holiday where your mailing address is located.',
      ],
    },
    {
      number: 3,
      heading: 'The Service',
      paragraphs: [
        'The Service lets you pay rent and other charges to your Landlord, schedule automatic monthly payments, view your payment history and use optional add-on services. RentLedger is a payment service provider only: we are not a bank, we are not your Landlord and we are not a party to your lease.',
        'Your Landlord controls some of the settings that apply to you, for example requiring automatic payments or blocking certain Payment Methods, partial payments or overpayments. Any dispute about your lease, rent, late fees or deposits is between you and your Landlord.',
        'We may change, suspend or discontinue any part of the Service, with reasonable notice where possible.',
      ],
    },
    {
      number: 4,
      heading: 'Your account and security',
      paragraphs: [
        'Keep your account information accurate and up to date, and keep your password confidential. You are responsible for all activity under your account. Tell us immediately through the Support link if you suspect that someone has used your account without permission.',
        'Our authorized support staff may access your account to help you or your Landlord, to investigate a problem or to comply with the law.',
        'You agree not to:',
      ],
      bullets: [
        'use the Service for any unlawful or fraudulent purpose;',
        'use a Payment Method that you are not authorized to use;',
        'interfere with the Service or try to gain unauthorized access to it; or',
        'upload false or misleading documents.',
      ],
    },
    {
      number: 5,
      heading: 'Payments and processing times',
      paragraphs: [
        'When you submit a Payment, you authorize us to charge the Payment Method you selected for the Payment plus any applicable Service Fee, and to remit the Payment to your Landlord. Check the amount and details before you confirm: a submitted Payment generally cannot be cancelled.',
        'Payments may take up to 5 business days to be processed and credited to your Landlord. Pay early enough to meet your due date; we are not responsible for late fees caused by a late Payment.',
        'We may set minimum and maximum amounts, and we may delay, hold, refuse or reverse a Payment if we suspect fraud or error, if your Landlord has blocked the Payment Method, or if the law or payment network rules require it.',
      ],
    },
    {
      number: 6,
      heading: 'Fees',
      paragraphs: [
        'The Service Fee for a Payment is shown before you confirm it. If your Landlord pays the fee for you, the Payment is shown as “Free”. Your bank or card issuer may charge its own fees. We will give you reasonable notice before we change our fees.',
        'RentLedger charges the following Service Fees per Payment:',
      ],
      bullets: [
        'Pre-authorized debit (PAD) autopay on the 1st of the month: free',
        'Other payments from a bank account: $0.50',
        'Debit card: 0.99% of the payment amount',
        'Credit card: 2.90% of the payment amount',
        'Other cards and international cards: 3.99% of the payment amount',
      ],
    },
    {
      number: 7,
      heading: 'Recurring payments and pre-authorized debits',
      paragraphs: [
        'If you set up a recurring payment (autopay), you authorize RentLedger to debit your chosen Payment Method each month, on the date you select, for your balance or the fixed amount you set, plus any applicable Service Fee. For a bank account, this is a pre-authorized debit (PAD) agreement for personal purposes, governed in Canada by the rules of Payments Canada.',
        'We will send you a reminder 7 days before each recurring payment. To change or disable a recurring payment, you must do so in your account at least 2 full business days before its scheduled date; otherwise it may still be processed.',
        'You may revoke your pre-authorization by giving us 30 days’ written notice. You have recourse rights if a debit does not comply with this agreement, such as the right to be reimbursed for an unauthorized debit. For more information, or for a sample cancellation form, contact your financial institution or visit www.payments.ca.',
        'A change of bank account can take up to 10 business days to take effect. Keep enough funds in your previous account until then.',
      ],
    },
    {
      number: 8,
      heading: 'Refunds',
      paragraphs: [
        'Refunds are at your Landlord’s discretion. To request one, send a written request to your Landlord or property manager, who may then instruct us to process it. We cannot issue a refund without your Landlord’s approval, unless the law requires it or to correct our own error.',
        'No refunds will be issued for Payments made more than 12 months before the refund request. Approved refunds go back to the original Payment Method. Service Fees are non-refundable unless the refund results from our error.',
      ],
    },
    {
      number: 9,
      heading: 'Chargebacks and NSF returns',
      paragraphs: [
        'Please contact us or your Landlord before disputing a card Payment with your card issuer. Such a dispute (a “chargeback”) reverses the Payment and may leave you owing the amount to your Landlord.',
        'If a chargeback is filed, you agree to provide the information we request within 2 business days, and at the latest within 5 business days. A chargeback support fee of $25.00 per chargeback is charged to the Landlord, not to you.',
        'If a bank Payment is returned for insufficient funds, a closed account, a stop payment or wrong account details (an “NSF” return), we will reverse it and may charge you an NSF fee of up to $35.00. Your Landlord may also charge its own fees, and repeated returns may lead to bank Payments being blocked.',
      ],
    },
    {
      number: 10,
      heading: 'Marketplace funds',
      paragraphs: [
        'Some Payments are sent to a Landlord who must accept them before the funds are released (“marketplace funds”), for example when the Landlord has not finished setting up its account. Until then, the funds are held on your behalf.',
        'If your Landlord does not accept the funds within 24 hours, the Payment is cancelled and the funds are returned to your original Payment Method. Marketplace funds earn no interest and are not deposits.',
      ],
    },
    {
      number: 11,
      heading: 'Credit reporting and add-on services',
      paragraphs: [
        'Credit reporting. Where it is offered, you may subscribe to have your rent payments reported to credit bureaus. The subscription is yearly and renews automatically until you cancel it. It requires a lease with a start date and at least 1 year remaining, your date of birth, and payment of the fee by card. Late or missed payments may also be reported and can lower your credit score.',
        'Insurance, loans and card offers. Rental insurance, microloans and card offers come from partners under their own terms; RentLedger is not an insurer, broker or lender. Insurance documents you upload are shared with your Landlord for approval.',
        'Rental applications. When you apply for a rental, you authorize RentLedger and its screening partners to obtain the credit, background, identity and income reports enabled by the Landlord, and to share them with the Landlord. Any application fee is shown before you pay.',
      ],
    },
    {
      number: 12,
      heading: 'Privacy',
      paragraphs: [
        'We collect, use and disclose your personal information as described in our Privacy Policy, which forms part of these Terms. This includes your contact details, date of birth, lease information and payment details.',
        'We share it only as needed to provide the Service: with your Landlord, payment processors and card networks, credit bureaus if you subscribe to credit reporting, screening partners if you apply for a rental, and authorities where the law requires it. We do not sell personal information. It may be stored and processed in Canada and the United States, and we use cookies to keep you signed in and to secure the Service.',
        'You may ask to access or correct your information through the Support link. You agree to receive notices from us electronically.',
      ],
    },
    {
      number: 13,
      heading: 'Disclaimer of warranties',
      paragraphs: [
        'The Service is provided “as is” and “as available”. To the fullest extent permitted by law, RentLedger disclaims all warranties and conditions, express or implied, including those of merchantability, fitness for a particular purpose and non-infringement.',
        'We do not guarantee that the Service will be uninterrupted or error-free, that a Payment will arrive by a particular date, or that an add-on service will improve your credit score. Nothing in these Terms limits rights that cannot be waived under consumer protection law.',
      ],
    },
    {
      number: 14,
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, RentLedger and its affiliates, directors, officers, employees and agents are not liable for any indirect, incidental, special, consequential or punitive damages, for lost profits or data, or for late fees charged by your Landlord.',
        'Our total liability for all claims related to the Service or these Terms is limited to the lesser of (a) the Service Fees you paid to RentLedger in the 6 months before the claim arose, and (b) $50. This limit applies whatever the legal basis of the claim, including negligence.',
      ],
    },
    {
      number: 15,
      heading: 'Indemnification',
      paragraphs: [
        'You agree to indemnify, defend and hold harmless RentLedger and its affiliates, directors, officers, employees and agents from all claims, losses and costs (including reasonable legal fees) arising from your use of the Service, your breach of these Terms, your violation of any law or of the rights of a third party, or any dispute between you and your Landlord.',
      ],
    },
    {
      number: 16,
      heading: 'Term and termination',
      paragraphs: [
        'These Terms start when you accept them, for an initial term of 12 months, and then renew automatically for successive terms of 12 months unless terminated.',
        'You may terminate them by closing your account or by written notice; disable your recurring payments and cancel your subscriptions first. Payments already submitted will still be processed.',
        'We may suspend or terminate your access if you breach these Terms, if we suspect fraud, if your Landlord stops using the Service or if the law requires it. The provisions on refunds, chargebacks, privacy, warranties, liability, indemnification, notices and governing law survive termination.',
      ],
    },
    {
      number: 17,
      heading: 'Notices',
      paragraphs: [
        'We may send you notices by email, by text message, in the Service or by post to your mailing address. Electronic notices are effective when sent. Notices sent by post are effective on the 4th business day after mailing.',
        'You must send us notices in writing, for example to revoke a pre-authorization or to terminate these Terms, through the Support link or by post to RentLedger Payments Inc. at the address shown in the Service. Keep your email and mailing addresses up to date.',
      ],
    },
    {
      number: 18,
      heading: 'Governing law, disputes and language',
      paragraphs: [
        'If your mailing address is in the United States, these Terms are governed by the laws of the State of Nevada, and the courts of Nevada have exclusive jurisdiction. If your mailing address is in Canada, they are governed by the laws of British Columbia and the federal laws of Canada that apply there, and the courts of British Columbia have exclusive jurisdiction.',
        'Please contact us first so that we can try to resolve any dispute informally. To the fullest extent permitted by law, you and RentLedger each waive any right to a trial by jury, and you agree to bring claims only individually and not in any class action or other representative proceeding.',
        'These Terms are written in English, and the English version is the binding contract between you and RentLedger. Any translation, including the French version, is provided for convenience only; if there is any conflict, the English version prevails. The parties have expressly required that these Terms be drawn up in English. Les parties ont expressément exigé que les présentes conditions soient rédigées en anglais.',
        'These Terms and the Privacy Policy are the entire agreement between you and RentLedger about the Service. If a provision is unenforceable, the rest remains in effect. We may assign these Terms to an affiliate or a successor.',
      ],
    },
  ],
};
