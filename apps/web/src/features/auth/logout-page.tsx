// Placeholder: replaced by the feature's real screen.
export function LogoutPage() {
  return <main>LogoutPage</main>;
}
