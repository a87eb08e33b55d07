// spec 1 §9: the icon of a method that is not a card (bank account, PayPal, wallet), drawn inline like the card logos.
import { paymentMethodTypeKey } from '@portal/domain/payment-method-label';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

const W = 48;
const H = 32;

const ICONS: Record<string, ReactNode> = {
  TYPE_BANK_ACCOUNT: (
    <>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="4" fill="#e7f0fa" stroke="#a5c3e6" />
      <path d="M24 5 L37 11 H11 Z" fill="#1c5d99" />
      <rect x="13" y="13" width="3" height="10" fill="#1c5d99" />
      <rect x="19.5" y="13" width="3" height="10" fill="#1c5d99" />
      <rect x="25.5" y="13" width="3" height="10" fill="#1c5d99" />
      <rect x="32" y="13" width="3" height="10" fill="#1c5d99" />
      <rect x="10" y="24" width="28" height="3" fill="#1c5d99" />
    </>
  ),
  TYPE_PAY_PAL: (
    <>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="4" fill="#ffffff" stroke="#d0d5dd" />
      <path d="M19 6h8.5a5.5 5.5 0 0 1 0 11H23l-1.4 8H17z" fill="#003087" />
      <path d="M22 9h7.5a5 5 0 0 1 0 10H26l-1.3 7h-4.2z" fill="#009cde" opacity="0.9" />
    </>
  ),
  TYPE_WALLET: (
    <>
      <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="4" fill="#f1f3f5" stroke="#adb5bd" />
      <rect x="10" y="8" width="28" height="17" rx="3" fill="#495057" />
      <rect x="26" y="13" width="12" height="7" rx="2" fill="#868e96" />
      <circle cx="30" cy="16.5" r="1.5" fill="#f1f3f5" />
    </>
  ),
};

const FALLBACK: ReactNode = (
  <>
    <rect x="0.5" y="0.5" width={W - 1} height={H - 1} rx="4" fill="#f1f3f5" stroke="#adb5bd" />
    <circle cx="24" cy="16" r="7" fill="none" stroke="#495057" strokeWidth="2" />
  </>
);

export function MethodTypeIcon({ type, size = 40 }: { type: string; size?: number }) {
  const { t } = useTranslation();
  const key = paymentMethodTypeKey(type);
  return (
    <svg
      width={size}
      height={(size * H) / W}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={key ? t(key) : type}
      focusable="false"
      data-method-type={type}
      style={{ flex: 'none', display: 'block' }}
    >
      {ICONS[type] ?? FALLBACK}
    </svg>
  );
}
