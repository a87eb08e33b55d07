// Placeholder: replaced by the feature's real screen.
export function AdminTenantPage() {
  return <main>AdminTenantPage</main>;
}
