import type { TransactionStatusIcon } from '@portal/domain/display';

/** spec 1 §4 / spec 2 §4: check icon (COMPLETE) or clock icon (waiting statuses); decorative, the status text says it. */
export function StatusIcon({ icon }: { icon: TransactionStatusIcon | null }) {
  if (!icon) return null;
  const color = icon === 'check' ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-orange-7)';
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke={color}
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={icon}
      style={{ flexShrink: 0 }}
    >
      {icon === 'check' ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      ) : (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </>
      )}
    </svg>
  );
}
