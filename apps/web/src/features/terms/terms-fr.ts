// spec 001 §9 "Terms of use": French (Canadian) text, provided for convenience; the English version governs (section 18).
import type { TermsDocument } from './terms-content';

export const termsFr: TermsDocument = {
  title: 'Conditions d’utilisation de RentLedger',
  effectiveDate: '28 novembre 2022',
  intro:
    'Les présentes conditions d’utilisation (les « Conditions ») constituent une entente exécutoire entre vous et RentLedger Payments Inc. pour l’utilisation du portail locataire RentLedger. Elles entrent en vigueur le 28 novembre 2022 et remplacent la version du 19 janvier 2022. Cette version française est fournie pour votre commodité ; seule la version anglaise fait foi (voir l’article 18). Veuillez les lire attentivement : elles limitent notamment notre responsabilité et excluent les procès devant jury et les actions collectives.',
  sections: [
    {
      number: 1,
      heading: 'Acceptation et admissibilité',
      paragraphs: [
        'En créant un compte, en sélectionnant « J’accepte » ou en utilisant autrement le Service, vous acceptez les présentes Conditions et notre Politique de confidentialité. Si vous ne les acceptez pas, n’utilisez pas le Service.',
        'Pour utiliser le Service, vous devez être âgé d’au moins 18 ans et avoir une adresse postale aux États-Unis ou au Canada. En acceptant les présentes Conditions, vous confirmez remplir ces exigences, avoir la capacité de conclure un contrat exécutoire et nous avoir fourni des renseignements véridiques et complets.',
        'Nous pouvons modifier les présentes Conditions à l’occasion. Nous vous aviserons de toute modification importante avant son entrée en vigueur ; si vous continuez ensuite d’utiliser le Service, vous acceptez les Conditions modifiées.',
      ],
    },
    {
      number: 2,
      heading: 'Définitions',
      paragraphs: [
        'Sauf indication contraire, les montants figurant dans les présentes Conditions et dans le Service sont exprimés en dollars canadiens si votre adresse postale est au Canada, et en dollars américains si elle est aux États-Unis.',
        'Dans les présentes Conditions :',
      ],
      bullets: [
        '« RentLedger » et « nous » désignent RentLedger Payments Inc.',
        '« Propriétaire » désigne le locateur, le propriétaire ou le gestionnaire immobilier à qui vous devez un loyer ou d’autres frais aux termes de votre bail.',
        '« Service » désigne le portail RentLedger et ses fonctionnalités, y compris les services complémentaires décrits à l’article 11.',
        '« Paiement » désigne tout transfert de fonds, ponctuel ou récurrent, effectué au moyen du Service.',
        '« Mode de paiement » désigne un compte bancaire, une carte de débit, une carte de crédit ou tout autre moyen de paiement que nous acceptons.',
        '« Jour ouvrable » désigne tout jour autre qu’un samedi, un dimanche ou un jour férié bancaire ou légal à l’endroit où se trouve votre adresse postale.',
      ],
    },
    {
      number: 3,
      heading: 'Le Service',
      paragraphs: [
        'Le Service vous permet de payer votre loyer et d’autres frais à votre Propriétaire, de programmer des paiements mensuels automatiques, de consulter votre historique de paiements et d’utiliser des services complémentaires facultatifs. RentLedger est uniquement un fournisseur de services de paiement : nous ne sommes ni une banque, ni votre Propriétaire, ni partie à votre bail.',
        'Votre Propriétaire contrôle certains paramètres qui s’appliquent à vous ; il peut par exemple exiger des paiements automatiques ou bloquer certains Modes de paiement, les paiements partiels ou les paiements excédentaires. Tout différend concernant votre bail, votre loyer, les frais de retard ou les dépôts relève de vous et de votre Propriétaire.',
        'Nous pouvons modifier, suspendre ou abandonner toute partie du Service, avec un préavis raisonnable lorsque c’est possible.',
      ],
    },
    {
      number: 4,
      heading: 'Votre compte et sa sécurité',
      paragraphs: [
        'Tenez à jour les renseignements de votre compte et gardez votre mot de passe confidentiel. Vous êtes responsable de toute activité dans votre compte. Avisez-nous immédiatement au moyen du lien Soutien si vous soupçonnez que quelqu’un a utilisé votre compte sans autorisation.',
        'Notre personnel de soutien autorisé peut accéder à votre compte pour vous aider ou aider votre Propriétaire, pour examiner un problème ou pour se conformer à la loi.',
        'Vous vous engagez à ne pas :',
      ],
      bullets: [
        'utiliser le Service à des fins illégales ou frauduleuses ;',
        'utiliser un Mode de paiement que vous n’êtes pas autorisé à utiliser ;',
        'perturber le Service ou tenter d’y accéder sans autorisation ;',
        'téléverser des documents faux ou trompeurs.',
      ],
    },
    {
      number: 5,
      heading: 'Paiements et délais de traitement',
      paragraphs: [
        'En soumettant un Paiement, vous nous autorisez à débiter le Mode de paiement choisi du montant du Paiement et des Frais de service applicables, et à remettre le Paiement à votre Propriétaire. Vérifiez le montant et les détails avant de confirmer : un Paiement soumis ne peut généralement pas être annulé.',
        'Le traitement d’un Paiement et son versement à votre Propriétaire peuvent prendre jusqu’à 5 jours ouvrables. Payez suffisamment tôt pour respecter votre date d’échéance ; nous ne sommes pas responsables des frais de retard causés par un Paiement tardif.',
        'Nous pouvons fixer des montants minimaux et maximaux, et nous pouvons retarder, retenir, refuser ou annuler un Paiement en cas de soupçon de fraude ou d’erreur, si votre Propriétaire a bloqué le Mode de paiement, ou si la loi ou les règles des réseaux de paiement l’exigent.',
      ],
    },
    {
      number: 6,
      heading: 'Frais',
      paragraphs: [
        'Les Frais de service d’un Paiement sont affichés avant que vous le confirmiez. Si votre Propriétaire les paie pour vous, le Paiement est indiqué comme « Gratuit ». Votre banque ou l’émetteur de votre carte peut facturer ses propres frais. Nous vous donnerons un préavis raisonnable avant de modifier nos frais.',
        'RentLedger facture les Frais de service suivants par Paiement :',
      ],
      bullets: [
        'Paiement automatique par débit préautorisé (DPA) le 1er du mois : gratuit',
        'Autres paiements à partir d’un compte bancaire : 0,50 $',
        'Carte de débit : 0,99 % du montant du paiement',
        'Carte de crédit : 2,90 % du montant du paiement',
        'Autres cartes et cartes internationales : 3,99 % du montant du paiement',
      ],
    },
    {
      number: 7,
      heading: 'Paiements récurrents et débits préautorisés',
      paragraphs: [
        'Si vous programmez un paiement récurrent (paiement automatique), vous autorisez RentLedger à débiter chaque mois le Mode de paiement choisi, à la date que vous sélectionnez, de votre solde ou du montant fixe que vous avez établi, plus les Frais de service applicables. Pour un compte bancaire, il s’agit d’un accord de débit préautorisé (DPA) à des fins personnelles, régi au Canada par les règles de Paiements Canada.',
        'Nous vous enverrons un rappel 7 jours avant chaque paiement récurrent. Pour modifier ou désactiver un paiement récurrent, vous devez le faire dans votre compte au moins 2 jours ouvrables complets avant la date prévue ; sinon, il pourrait tout de même être traité.',
        'Vous pouvez révoquer votre autorisation moyennant un préavis écrit d’au moins 30 jours. Vous disposez de droits de recours si un débit n’est pas conforme au présent accord, par exemple le droit d’être remboursé pour un débit non autorisé. Pour en savoir plus ou pour obtenir un modèle de formulaire d’annulation, communiquez avec votre institution financière ou visitez www.paiements.ca.',
        'Un changement de compte bancaire peut prendre jusqu’à 10 jours ouvrables. Conservez des fonds suffisants dans votre ancien compte d’ici là.',
      ],
    },
    {
      number: 8,
      heading: 'Remboursements',
      paragraphs: [
        'Les remboursements sont laissés à la discrétion de votre Propriétaire. Pour en demander un, envoyez une demande écrite à votre Propriétaire ou à votre gestionnaire immobilier, qui pourra ensuite nous demander de le traiter. Nous ne pouvons effectuer aucun remboursement sans l’approbation de votre Propriétaire, sauf si la loi l’exige ou pour corriger notre propre erreur.',
        'Aucun remboursement ne sera accordé pour un Paiement effectué plus de 12 mois avant la demande de remboursement. Les remboursements approuvés sont versés au Mode de paiement d’origine. Les Frais de service ne sont pas remboursables, sauf si le remboursement découle d’une erreur de notre part.',
      ],
    },
    {
      number: 9,
      heading: 'Rétrofacturations et retours NSF',
      paragraphs: [
        'Veuillez communiquer avec nous ou avec votre Propriétaire avant de contester un Paiement par carte auprès de l’émetteur de votre carte. Une telle contestation (une « rétrofacturation ») annule le Paiement et peut vous laisser redevable du montant envers votre Propriétaire.',
        'En cas de rétrofacturation, vous acceptez de fournir les renseignements que nous demandons dans un délai de 2 jours ouvrables, et au plus tard dans un délai de 5 jours ouvrables. Des frais de soutien de 25,00 $ par rétrofacturation sont facturés au Propriétaire, et non à vous.',
        'Si un Paiement bancaire est retourné pour provision insuffisante, compte fermé, arrêt de paiement ou coordonnées bancaires erronées (un retour « NSF »), nous l’annulerons et pourrons vous facturer des frais NSF d’au plus 35,00 $. Votre Propriétaire peut aussi facturer ses propres frais, et des retours répétés peuvent entraîner le blocage des Paiements bancaires.',
      ],
    },
    {
      number: 10,
      heading: 'Fonds de la place de marché',
      paragraphs: [
        'Certains Paiements sont envoyés à un Propriétaire qui doit les accepter avant que les fonds lui soient versés (« fonds de la place de marché »), par exemple s’il n’a pas terminé la configuration de son compte. D’ici là, les fonds sont détenus pour votre compte.',
        'Si votre Propriétaire n’accepte pas les fonds dans les 24 heures, le Paiement est annulé et les fonds sont retournés à votre Mode de paiement d’origine. Les fonds de la place de marché ne portent pas intérêt et ne constituent pas des dépôts.',
      ],
    },
    {
      number: 11,
      heading: 'Déclaration de crédit et services complémentaires',
      paragraphs: [
        'Déclaration de crédit. Lorsque ce service est offert, vous pouvez vous abonner afin que vos paiements de loyer soient déclarés aux agences d’évaluation du crédit. L’abonnement est annuel et se renouvelle automatiquement jusqu’à ce que vous l’annuliez. Il exige un bail ayant une date de début et une durée restante d’au moins 1 an, votre date de naissance et le paiement des frais par carte. Les paiements en retard ou manqués peuvent aussi être déclarés et faire baisser votre pointage de crédit.',
        'Assurance, prêts et offres de cartes. L’assurance locataire, les microprêts et les offres de cartes sont fournis par des partenaires selon leurs propres conditions ; RentLedger n’est ni assureur, ni courtier, ni prêteur. Les documents d’assurance que vous téléversez sont transmis à votre Propriétaire pour approbation.',
        'Demandes de location. En présentant une demande de location, vous autorisez RentLedger et ses partenaires de vérification à obtenir les rapports de crédit, d’antécédents, d’identité et de revenu activés par le Propriétaire, et à les lui transmettre. Les frais de demande, le cas échéant, sont affichés avant le paiement.',
      ],
    },
    {
      number: 12,
      heading: 'Protection des renseignements personnels',
      paragraphs: [
        'Nous recueillons, utilisons et communiquons vos renseignements personnels conformément à notre Politique de confidentialité, qui fait partie des présentes Conditions. Il s’agit notamment de vos coordonnées, de votre date de naissance, des renseignements sur votre bail et de vos données de paiement.',
        'Nous ne les communiquons que dans la mesure nécessaire pour fournir le Service : à votre Propriétaire, aux processeurs de paiement et aux réseaux de cartes, aux agences d’évaluation du crédit si vous êtes abonné à la déclaration de crédit, aux partenaires de vérification si vous présentez une demande de location, et aux autorités lorsque la loi l’exige. Nous ne vendons pas vos renseignements personnels. Ils peuvent être conservés et traités au Canada et aux États-Unis, et nous utilisons des témoins pour maintenir votre session et sécuriser le Service.',
        'Vous pouvez demander à consulter ou à corriger vos renseignements au moyen du lien Soutien. Vous acceptez de recevoir nos avis par voie électronique.',
      ],
    },
    {
      number: 13,
      heading: 'Exclusion de garanties',
      paragraphs: [
        'Le Service est fourni « tel quel » et « selon sa disponibilité ». Dans toute la mesure permise par la loi, RentLedger exclut toute garantie et condition, expresse ou implicite, notamment de qualité marchande, d’adaptation à un usage particulier et d’absence de contrefaçon.',
        'Nous ne garantissons pas que le Service sera ininterrompu ou exempt d’erreurs, qu’un Paiement arrivera à une date précise ni qu’un service complémentaire améliorera votre pointage de crédit. Rien dans les présentes Conditions ne limite les droits auxquels les lois sur la protection du consommateur ne permettent pas de renoncer.',
      ],
    },
    {
      number: 14,
      heading: 'Limitation de responsabilité',
      paragraphs: [
        'Dans toute la mesure permise par la loi, RentLedger et ses sociétés affiliées, administrateurs, dirigeants, employés et mandataires ne sont pas responsables des dommages indirects, accessoires, spéciaux, consécutifs ou punitifs, des pertes de profits ou de données, ni des frais de retard facturés par votre Propriétaire.',
        'Notre responsabilité totale pour l’ensemble des réclamations liées au Service ou aux présentes Conditions est limitée au moindre des montants suivants : a) les Frais de service que vous avez payés à RentLedger au cours des 6 mois précédant la réclamation ; b) 50 $. Cette limite s’applique quel que soit le fondement de la réclamation, y compris la négligence.',
      ],
    },
    {
      number: 15,
      heading: 'Indemnisation',
      paragraphs: [
        'Vous acceptez d’indemniser, de défendre et de tenir à couvert RentLedger et ses sociétés affiliées, administrateurs, dirigeants, employés et mandataires à l’égard de toute réclamation, perte ou dépense (y compris des honoraires juridiques raisonnables) découlant de votre utilisation du Service, de votre manquement aux présentes Conditions, de votre violation d’une loi ou des droits d’un tiers, ou d’un différend entre vous et votre Propriétaire.',
      ],
    },
    {
      number: 16,
      heading: 'Durée et résiliation',
      paragraphs: [
        'Les présentes Conditions entrent en vigueur dès votre acceptation, pour une durée initiale de 12 mois. Elles se renouvellent ensuite automatiquement pour des périodes successives de 12 mois, sauf résiliation.',
        'Vous pouvez les résilier en fermant votre compte ou par avis écrit ; désactivez d’abord vos paiements récurrents et annulez vos abonnements. Les Paiements déjà soumis seront tout de même traités.',
        'Nous pouvons suspendre ou résilier votre accès si vous manquez aux présentes Conditions, si nous soupçonnons une fraude, si votre Propriétaire cesse d’utiliser le Service ou si la loi l’exige. Les dispositions sur les remboursements, les rétrofacturations, la confidentialité, les garanties, la responsabilité, l’indemnisation, les avis et le droit applicable survivent à la résiliation.',
      ],
    },
    {
      number: 17,
      heading: 'Avis',
      paragraphs: [
        'Nous pouvons vous transmettre des avis par courriel, par message texte, dans le Service ou par la poste à votre adresse postale. Les avis électroniques prennent effet dès leur envoi. Les avis envoyés par la poste prennent effet le 4e jour ouvrable suivant leur mise à la poste.',
        'Vous devez nous envoyer vos avis par écrit, par exemple pour révoquer une autorisation de débit préautorisé ou pour résilier les présentes Conditions, au moyen du lien Soutien ou par la poste à RentLedger Payments Inc., à l’adresse indiquée dans le Service. Tenez à jour votre adresse courriel et votre adresse postale.',
      ],
    },
    {
      number: 18,
      heading: 'Droit applicable, différends et langue',
      paragraphs: [
        'Si votre adresse postale est aux États-Unis, les présentes Conditions sont régies par les lois de l’État du Nevada, et les tribunaux du Nevada ont compétence exclusive. Si votre adresse postale est au Canada, elles sont régies par les lois de la Colombie-Britannique et les lois fédérales du Canada qui s’y appliquent, et les tribunaux de la Colombie-Britannique ont compétence exclusive.',
        'Veuillez d’abord communiquer avec nous afin que nous puissions tenter de régler tout différend à l’amiable. Dans toute la mesure permise par la loi, vous et RentLedger renoncez chacun au droit à un procès devant jury, et vous acceptez de ne présenter vos réclamations qu’à titre individuel, et non dans le cadre d’une action collective ou d’une autre procédure représentative.',
        'Les présentes Conditions sont rédigées en anglais, et la version anglaise constitue le contrat qui vous lie à RentLedger. La présente version française est fournie uniquement pour votre commodité ; en cas de divergence, la version anglaise prévaut. Les parties ont expressément exigé que les présentes Conditions soient rédigées en anglais. The parties have expressly required that these Terms be drawn up in English.',
        'Les présentes Conditions et la Politique de confidentialité constituent l’entente intégrale entre vous et RentLedger concernant le Service. Si une disposition est jugée inapplicable, les autres demeurent en vigueur. Nous pouvons céder les présentes Conditions à une société affiliée ou à un successeur.',
      ],
    },
  ],
};
