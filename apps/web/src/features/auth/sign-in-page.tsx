// Placeholder: replaced by the feature's real screen.
export function SignInPage() {
  return <main>SignInPage</main>;
}
