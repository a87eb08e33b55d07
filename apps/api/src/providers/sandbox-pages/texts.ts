// The sandbox pages' own words, English and French: they stand for the third parties' pages (the bank-linking widget,
// the online wallet provider's approval), which bring their own texts rather than the portal's locale files.
export type PageLang = 'en' | 'fr';

export const pageLang = (value: unknown): PageLang => (value === 'fr' ? 'fr' : 'en');

const TEXTS = {
  en: {
    sandbox: 'Sandbox',
    bankLinkTitle: 'Link your bank account',
    bankLinkIntro: 'Choose the account to use for your payments. This is a test bank connection: no real bank is contacted.',
    banksIn: { CA: 'Banks in Canada', US: 'Banks in the United States' },
    checking: { CA: 'Chequing', US: 'Checking' },
    savings: 'Savings',
    endingIn: 'ending in {last4}',
    linkAccount: 'Link account',
    exit: 'Exit',
    chooseAccount: 'Please choose an account.',
    linking: 'Linking your account…',
    linked: 'Your account is linked. You can close this window.',
    linkFailed: 'The account could not be linked. Please try again.',
    linkExpiredTitle: 'This link has expired',
    linkExpired: 'This bank connection has expired or is not valid. Please close this window and try again.',
    payPalTitle: 'Set up PayPal payments',
    payPalIntro:
      'You allow {merchant} to charge your PayPal account for the payments you make on the tenant portal. You can remove PayPal from your payment methods at any time.',
    payPalAccount: 'PayPal account',
    merchant: 'Merchant',
    currency: 'Currency',
    agree: 'Agree and continue',
    cancel: 'Cancel',
    approving: 'Approving…',
    approved: 'PayPal is linked. You can close this window.',
    cancelled: 'You cancelled. You can close this window.',
    approveFailed: 'PayPal could not be linked. Please try again.',
    agreementExpiredTitle: 'This approval has expired',
    agreementExpired: 'This PayPal approval has expired or is not valid. Please close this window and start again.',
    close: 'Close',
  },
  fr: {
    sandbox: 'Environnement de test',
    bankLinkTitle: 'Reliez votre compte bancaire',
    bankLinkIntro:
      "Choisissez le compte à utiliser pour vos paiements. Il s'agit d'une connexion bancaire de test : aucune vraie banque n'est contactée.",
    banksIn: { CA: 'Banques au Canada', US: 'Banques aux États-Unis' },
    checking: { CA: 'Compte chèques', US: 'Compte chèques' },
    savings: 'Compte épargne',
    endingIn: 'se terminant par {last4}',
    linkAccount: 'Relier le compte',
    exit: 'Quitter',
    chooseAccount: 'Veuillez choisir un compte.',
    linking: 'Liaison de votre compte en cours…',
    linked: 'Votre compte est relié. Vous pouvez fermer cette fenêtre.',
    linkFailed: "Le compte n'a pas pu être relié. Veuillez réessayer.",
    linkExpiredTitle: 'Ce lien a expiré',
    linkExpired: "Cette connexion bancaire a expiré ou n'est pas valide. Veuillez fermer cette fenêtre et réessayer.",
    payPalTitle: 'Configurer les paiements PayPal',
    payPalIntro:
      'Vous autorisez {merchant} à débiter votre compte PayPal pour les paiements que vous effectuez sur le portail des locataires. Vous pouvez retirer PayPal de vos modes de paiement en tout temps.',
    payPalAccount: 'Compte PayPal',
    merchant: 'Marchand',
    currency: 'Devise',
    agree: 'Accepter et continuer',
    cancel: 'Annuler',
    approving: 'Approbation en cours…',
    approved: 'PayPal est relié. Vous pouvez fermer cette fenêtre.',
    cancelled: 'Vous avez annulé. Vous pouvez fermer cette fenêtre.',
    approveFailed: "PayPal n'a pas pu être relié. Veuillez réessayer.",
    agreementExpiredTitle: 'Cette autorisation a expiré',
    agreementExpired: "Cette autorisation PayPal a expiré ou n'est pas valide. Veuillez fermer cette fenêtre et recommencer.",
    close: 'Fermer',
  },
} as const;

export type PageTexts = (typeof TEXTS)['en'];

export function pageTexts(lang: PageLang): PageTexts {
  return TEXTS[lang] as PageTexts;
}

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}
