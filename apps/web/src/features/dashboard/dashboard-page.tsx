// Placeholder: replaced by the feature's real screen.
export function DashboardPage() {
  return <main>DashboardPage</main>;
}
