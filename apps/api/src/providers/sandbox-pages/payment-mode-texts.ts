// The words of the payment-mode sandbox pages (paysafe cash barcode, geoswift union pay, the split-pay partner's terms),
// English and French: they stand for third parties' pages, which bring their own texts rather than the portal's.
import type { PageLang } from './texts.ts';

const TEXTS = {
  en: {
    sandbox: 'Sandbox',
    status: 'Status',
    statuses: {
      PENDING: 'Waiting for payment',
      COMPLETE: 'Paid',
      FAILED: 'Failed',
      TIMEDOUT: 'Expired',
    } as Record<string, string>,
    // paysafe cash
    cashTitle: 'Pay cash at a store',
    cashIntro:
      'Show this barcode at the checkout of a participating store and pay the amount below in cash. Your payment is confirmed as soon as the store accepts the cash.',
    amountToPay: 'Amount to pay',
    barcodeNumber: 'Barcode number',
    barcodeLabel: 'Barcode {number}',
    payBefore: 'Pay before',
    noteOver500: 'Amounts over $500 can be paid at some stores only.',
    noteOver995: 'Amounts over $995 cannot be paid at every retail chain.',
    payAtStore: 'Pay at store (sandbox)',
    print: 'Print',
    cashPaying: 'Recording the cash payment…',
    cashPaid: 'The store accepted the cash. Your payment is complete; you can close this window.',
    cashFailed: 'The cash payment could not be recorded. Please try again.',
    cashExpired: 'This barcode has expired. Please start a new cash payment on the portal.',
    cashDone: 'This barcode has been paid. You can close this window.',
    cashNotFoundTitle: 'Barcode not found',
    cashNotFound: 'This barcode does not exist. Please start the cash payment again on the portal.',
    // union pay (geoswift)
    unionTitle: 'Pay with UnionPay',
    unionIntro: 'You are paying {merchant} with your UnionPay card. This is a test payment page: no card is charged.',
    merchant: 'Merchant',
    amount: 'Amount',
    orderReference: 'Order reference',
    pay: 'Pay',
    cancel: 'Cancel',
    cancelledStatus: 'Cancelled',
    unionPaying: 'Processing the payment…',
    unionPaid: 'Payment complete. You can close this window.',
    unionCancelled: 'Payment cancelled. You can close this window.',
    unionFailed: 'The payment could not be processed. Please try again.',
    unionExpired: 'This order has expired. Please start again on the portal.',
    unionFailedClosed: 'This payment was cancelled. Please start again on the portal.',
    unionNotFoundTitle: 'Order not found',
    unionNotFound: 'This payment order does not exist. Please start again on the portal.',
    // split pay terms
    termsTitle: 'Split pay: terms and conditions',
    terms: [
      [
        'How it works',
        'The amount you choose (between $80 and $20,000) is paid to your property manager today. You repay it in equal monthly instalments (4 unless your plan says otherwise), charged to the credit card you choose.',
      ],
      [
        'Fee',
        'A fee of 6.99% of the amount is added to your first instalment, which is charged to your card today. The later instalments are charged on the same day of each following month, without a fee.',
      ],
      [
        'Your card',
        'The card must be a valid, non-expired Visa, Mastercard, American Express or Discover credit card (not a debit or prepaid card). Keep it valid until the last instalment is paid.',
      ],
      [
        'Availability',
        'Split pay is offered to tenants with a valid Canadian or US phone number, except for properties in New Brunswick and Nova Scotia.',
      ],
      [
        'Test version',
        "This is a test version of the split pay partner's terms: no credit is granted and no card is charged outside the portal's test processor.",
      ],
    ] as readonly (readonly [string, string])[],
    termsClose: 'You can close this window and accept the terms on the portal.',
  },
  fr: {
    sandbox: 'Environnement de test',
    status: 'Statut',
    statuses: {
      PENDING: 'En attente du paiement',
      COMPLETE: 'Payé',
      FAILED: 'Échoué',
      TIMEDOUT: 'Expiré',
    } as Record<string, string>,
    cashTitle: 'Payer comptant en magasin',
    cashIntro:
      "Présentez ce code-barres à la caisse d'un magasin participant et payez le montant ci-dessous en argent comptant. Votre paiement est confirmé dès que le magasin accepte l'argent.",
    amountToPay: 'Montant à payer',
    barcodeNumber: 'Numéro du code-barres',
    barcodeLabel: 'Code-barres {number}',
    payBefore: 'Payer avant le',
    noteOver500: 'Les montants de plus de 500 $ ne peuvent être payés que dans certains magasins.',
    noteOver995: 'Les montants de plus de 995 $ ne peuvent pas être payés dans toutes les chaînes de magasins.',
    payAtStore: 'Payer en magasin (test)',
    print: 'Imprimer',
    cashPaying: 'Enregistrement du paiement comptant…',
    cashPaid: "Le magasin a accepté l'argent. Votre paiement est terminé; vous pouvez fermer cette fenêtre.",
    cashFailed: "Le paiement comptant n'a pas pu être enregistré. Veuillez réessayer.",
    cashExpired: 'Ce code-barres a expiré. Veuillez commencer un nouveau paiement comptant sur le portail.',
    cashDone: 'Ce code-barres a été payé. Vous pouvez fermer cette fenêtre.',
    cashNotFoundTitle: 'Code-barres introuvable',
    cashNotFound: "Ce code-barres n'existe pas. Veuillez recommencer le paiement comptant sur le portail.",
    unionTitle: 'Payer avec UnionPay',
    unionIntro:
      "Vous payez {merchant} avec votre carte UnionPay. Ceci est une page de paiement de test : aucune carte n'est débitée.",
    merchant: 'Marchand',
    amount: 'Montant',
    orderReference: 'Référence de la commande',
    pay: 'Payer',
    cancel: 'Annuler',
    cancelledStatus: 'Annulé',
    unionPaying: 'Traitement du paiement…',
    unionPaid: 'Paiement terminé. Vous pouvez fermer cette fenêtre.',
    unionCancelled: 'Paiement annulé. Vous pouvez fermer cette fenêtre.',
    unionFailed: "Le paiement n'a pas pu être traité. Veuillez réessayer.",
    unionExpired: 'Cette commande a expiré. Veuillez recommencer sur le portail.',
    unionFailedClosed: 'Ce paiement a été annulé. Veuillez recommencer sur le portail.',
    unionNotFoundTitle: 'Commande introuvable',
    unionNotFound: "Cette commande de paiement n'existe pas. Veuillez recommencer sur le portail.",
    termsTitle: 'Paiement fractionné : conditions générales',
    terms: [
      [
        'Fonctionnement',
        "Le montant que vous choisissez (entre 80 $ et 20 000 $) est versé à votre gestionnaire immobilier aujourd'hui. Vous le remboursez en versements mensuels égaux (4, sauf indication contraire de votre plan), portés à la carte de crédit de votre choix.",
      ],
      [
        'Frais',
        "Des frais de 6,99 % du montant s'ajoutent à votre premier versement, porté à votre carte aujourd'hui. Les versements suivants sont portés à votre carte le même jour de chacun des mois suivants, sans frais.",
      ],
      [
        'Votre carte',
        "La carte doit être une carte de crédit Visa, Mastercard, American Express ou Discover valide et non expirée (pas une carte de débit ni une carte prépayée). Gardez-la valide jusqu'au dernier versement.",
      ],
      [
        'Disponibilité',
        'Le paiement fractionné est offert aux locataires ayant un numéro de téléphone canadien ou américain valide, sauf pour les propriétés situées au Nouveau-Brunswick et en Nouvelle-Écosse.',
      ],
      [
        'Version de test',
        "Ceci est une version de test des conditions du partenaire de paiement fractionné : aucun crédit n'est accordé et aucune carte n'est débitée en dehors du processeur de test du portail.",
      ],
    ] as readonly (readonly [string, string])[],
    termsClose: 'Vous pouvez fermer cette fenêtre et accepter les conditions sur le portail.',
  },
} as const;

export type ModePageTexts = (typeof TEXTS)['en'];

export function modePageTexts(lang: PageLang): ModePageTexts {
  return TEXTS[lang] as ModePageTexts;
}
