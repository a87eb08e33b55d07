// Placeholder: replaced by the feature's real screen.
export function AccountPage() {
  return <main>AccountPage</main>;
}
