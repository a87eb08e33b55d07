// spec 1 §9: card logos for the nine brands. Small hand-drawn marks in each brand's recognisable colours (no copied
// artwork), drawn inline so no image request is made; each is one role="img" with the brand's name.
import type { CardBrand } from '@portal/domain/entities';
import { cardBrandName } from '@portal/domain/payment-method-label';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

interface BrandLogoProps {
  /** One of the nine brands; anything else draws a plain card. */
  brand: CardBrand | string | null | undefined;
  /** Width in px (the logo is 3:2). */
  size?: number;
  /** The logo sits next to text that already names the brand: hide it from assistive technology. */
  decorative?: boolean;
}

const W = 48;
const H = 32;

function Frame({ fill, stroke, children }: { fill: string; stroke?: string; children: ReactNode }) {
  return (
    <>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="4" fill={fill} stroke={stroke ?? fill} />
      {children}
    </>
  );
}

const wordmark = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700 } as const;

// Drawings per brand; text inside is part of the mark (hidden from assistive technology by role="img").
const MARKS: Record<CardBrand, ReactNode> = {
  VISA: (
    <Frame fill="#ffffff" stroke="#d0d5dd">
      <text x="24" y="21" textAnchor="middle" fontSize="14" fontStyle="italic" fill="#1a1f71" {...wordmark}>
        VISA
      </text>
      <rect x="10" y="24" width="28" height="2" fill="#f7b600" />
    </Frame>
  ),
  VISA_ELECTRON: (
    <Frame fill="#1a1f71">
      <text x="24" y="16" textAnchor="middle" fontSize="12" fontStyle="italic" fill="#ffffff" {...wordmark}>
        VISA
      </text>
      <text x="24" y="26" textAnchor="middle" fontSize="7" fill="#f7b600" {...wordmark}>
        Electron
      </text>
    </Frame>
  ),
  MASTERCARD: (
    <Frame fill="#231f20">
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" />
      <path d="M24 8.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00" />
    </Frame>
  ),
  AMERICAN_EXPRESS: (
    <Frame fill="#2e77bc">
      <rect x="5" y="9" width="38" height="14" rx="1" fill="none" stroke="#ffffff" strokeWidth="1.2" />
      <text x="24" y="20.5" textAnchor="middle" fontSize="10" fill="#ffffff" {...wordmark}>
        AMEX
      </text>
    </Frame>
  ),
  DINERS_CLUB: (
    <Frame fill="#ffffff" stroke="#d0d5dd">
      <circle cx="24" cy="16" r="10" fill="#0079be" />
      <circle cx="24" cy="16" r="7" fill="#ffffff" />
      <path d="M22 10.5v11a5.6 5.6 0 0 1 0-11zM26 10.5a5.6 5.6 0 0 1 0 11z" fill="#0079be" />
    </Frame>
  ),
  UNION_PAY: (
    <Frame fill="#ffffff" stroke="#d0d5dd">
      <path d="M9 5h10l-4 22H5z" fill="#e21836" />
      <path d="M19 5h10l-4 22H15z" fill="#00447c" />
      <path d="M29 5h12l-4 22H25z" fill="#007b84" />
      <text x="25" y="20" textAnchor="middle" fontSize="8" fill="#ffffff" {...wordmark}>
        UP
      </text>
    </Frame>
  ),
  MAESTRO: (
    <Frame fill="#ffffff" stroke="#d0d5dd">
      <circle cx="19" cy="16" r="9" fill="#0099df" />
      <circle cx="29" cy="16" r="9" fill="#ed0006" />
      <path d="M24 8.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#6c6bbd" />
    </Frame>
  ),
  DISCOVER: (
    <Frame fill="#ffffff" stroke="#d0d5dd">
      <text x="5" y="19" fontSize="7.5" fill="#231f20" {...wordmark}>
        DISC
      </text>
      <circle cx="27.5" cy="16.5" r="4" fill="#ff6000" />
      <text x="32" y="19" fontSize="7.5" fill="#231f20" {...wordmark}>
        VER
      </text>
      <path d="M20 32 L47.5 32 L47.5 22 Q36 30 20 32z" fill="#ff6000" />
    </Frame>
  ),
  JCB: (
    <Frame fill="#ffffff" stroke="#d0d5dd">
      <rect x="8" y="5" width="10" height="22" rx="3" fill="#0e4c96" />
      <rect x="19" y="5" width="10" height="22" rx="3" fill="#bc1d23" />
      <rect x="30" y="5" width="10" height="22" rx="3" fill="#009f4d" />
      <text x="13" y="20" textAnchor="middle" fontSize="8" fill="#ffffff" {...wordmark}>
        J
      </text>
      <text x="24" y="20" textAnchor="middle" fontSize="8" fill="#ffffff" {...wordmark}>
        C
      </text>
      <text x="35" y="20" textAnchor="middle" fontSize="8" fill="#ffffff" {...wordmark}>
        B
      </text>
    </Frame>
  ),
};

// A plain card outline for an unknown brand.
const GENERIC_CARD: ReactNode = (
  <Frame fill="#f1f3f5" stroke="#adb5bd">
    <rect x="0.5" y="8" width={W - 1} height="5" fill="#868e96" />
    <rect x="6" y="19" width="14" height="3" rx="1" fill="#adb5bd" />
  </Frame>
);

export function isKnownBrand(brand: string | null | undefined): brand is CardBrand {
  return !!brand && Object.hasOwn(MARKS, brand);
}

export function BrandLogo({ brand, size = 40, decorative = false }: BrandLogoProps) {
  const { t } = useTranslation();
  const known = isKnownBrand(brand);
  // brand names are trademarks: the locale may override them, the domain's names are the fallback
  const name = known
    ? t(`payments.brands.${brand}`, { defaultValue: cardBrandName(brand) })
    : t('payments.brands.unknown', { defaultValue: cardBrandName(brand) });
  return (
    <svg
      width={size}
      height={(size * H) / W}
      viewBox={`0 0 ${W} ${H}`}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
      focusable="false"
      data-brand={known ? brand : 'unknown'}
      style={{ flex: 'none', display: 'block' }}
    >
      {known ? MARKS[brand] : GENERIC_CARD}
    </svg>
  );
}
