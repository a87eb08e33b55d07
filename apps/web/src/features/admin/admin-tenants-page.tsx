// Placeholder: replaced by the feature's real screen.
export function AdminTenantsPage() {
  return <main>AdminTenantsPage</main>;
}
